import type { TCategory, TRoom } from '@residency/shared';

/** The guest-facing texts of a room category in the reader's language. */
export interface CategoryTexts {
  name: string;
  description: string;
  size: string;
  beds: string;
  benefits: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * English is the main record; in Bengali each text comes from `translations.bn` when it is
 * there, else the English one (a half-translated category still reads whole), else the room's
 * own texts when a room is given.
 */
export function categoryTexts(category: TCategory | undefined, lng: string, room?: TRoom): CategoryTexts {
  const bn = lng === 'bn' ? category?.translations?.bn : undefined;
  const overview = category?.room_overview ?? {};
  return {
    name: text(bn?.name) || category?.name || room?.category || '',
    description:
      text(bn?.description) || text(category?.description) || text(overview.description) || text(room?.room_overview.description),
    size: text(bn?.size) || text(overview.size) || text(room?.room_overview.size),
    beds: text(bn?.beds) || text(category?.beds_and_bedding?.beds) || text(room?.beds_and_bedding.beds),
    benefits: bn?.special_benefits?.length ? bn.special_benefits : (category?.special_benefits ?? room?.special_benefits ?? []),
  };
}

/** The category's name in the reader's language. */
export function categoryName(category: TCategory, lng: string): string {
  return categoryTexts(category, lng).name;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** A room number in the reader's digits ('305' reads '৩০৫' in Bengali; letters stay). */
export function roomNumberText(number: string, lng: string): string {
  return lng === 'bn' ? number.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : number;
}
