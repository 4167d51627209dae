import type { TCategory } from '@residency/shared';

/** The guest-facing texts of a room category in the reader's language. */
export interface RoomTexts {
  name: string;
  description: string;
  size: string;
  beds: string;
  benefits: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * English is the main record; in Bengali each text comes from `translations.bn` when it is
 * there, else the English one (a half-translated category still reads whole).
 */
export function roomTexts(category: TCategory, lng: string): RoomTexts {
  const bn = lng === 'bn' ? category.translations?.bn : undefined;
  const overview = category.room_overview ?? {};
  return {
    name: text(bn?.name) || category.name,
    description: text(bn?.description) || text(category.description) || text(overview.description),
    size: text(bn?.size) || text(overview.size),
    beds: text(bn?.beds) || text(category.beds_and_bedding?.beds),
    benefits: bn?.special_benefits?.length ? bn.special_benefits : (category.special_benefits ?? []),
  };
}
