import type { TCategory, TRoom } from '@residency/shared';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The guest-facing name, beds and size of a room's category in the reader's language: Bengali
 * from `translations.bn` when there, else the English record (else the room's own texts).
 */
export function categoryTexts(category: TCategory | undefined, lng: string, room?: TRoom) {
  const bn = lng === 'bn' ? category?.translations?.bn : undefined;
  return {
    name: text(bn?.name) || category?.name || room?.category || '',
    beds: text(bn?.beds) || text(category?.beds_and_bedding?.beds) || text(room?.beds_and_bedding.beds),
    size: text(bn?.size) || text(category?.room_overview?.size) || text(room?.room_overview.size),
  };
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** A room number in the reader's digits ('305' reads '৩০৫' in Bengali; letters stay). */
export function roomNumberText(number: string, lng: string): string {
  return lng === 'bn' ? number.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]) : number;
}
