import type { TCategory, TRoom } from '@residency/shared';

/** The guest-facing texts of a room category in the reader's language. */
export interface CategoryTexts {
  name: string;
  description: string;
  size: string;
  beds: string;
  benefits: string[];
  /** The overview's wireless internet. */
  wirelessInternet: string;
  /** Internet and phones: its own wireless internet, else the overview's. */
  internetWireless: string;
  windows: string;
  roomService: string;
  bottledWater: string;
  minibar: string;
  phoneFeatures: string[];
  channels: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const texts = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
/** A Bengali list when it has anything in it, else the English one. */
const listOr = (bn: readonly string[] | undefined, english: unknown) => (bn?.length ? [...bn] : texts(english));

/**
 * English is the main record; in Bengali each text comes from `translations.bn` when it is
 * there, else the English one (a half-translated category still reads whole), else the room's
 * own texts when a room is given. One Bengali wireless internet text serves both places.
 */
export function categoryTexts(category: TCategory | undefined, lng: string, room?: TRoom): CategoryTexts {
  const bn = lng === 'bn' ? category?.translations?.bn : undefined;
  const overview = category?.room_overview ?? {};
  const wirelessInternet = text(bn?.wireless_internet) || text(overview.wireless_internet) || text(room?.room_overview.wireless_internet);
  return {
    name: text(bn?.name) || category?.name || room?.category || '',
    description:
      text(bn?.description) || text(category?.description) || text(overview.description) || text(room?.room_overview.description),
    size: text(bn?.size) || text(overview.size) || text(room?.room_overview.size),
    beds: text(bn?.beds) || text(category?.beds_and_bedding?.beds) || text(room?.beds_and_bedding.beds),
    benefits: bn?.special_benefits?.length ? bn.special_benefits : (category?.special_benefits ?? room?.special_benefits ?? []),
    wirelessInternet,
    internetWireless:
      text(bn?.wireless_internet) ||
      text(category?.internet_and_phones?.wireless_internet) ||
      text(room?.internet_and_phones.wireless_internet) ||
      wirelessInternet,
    windows: text(bn?.windows) || text(category?.room_features?.windows) || text(room?.room_features.windows),
    roomService: text(bn?.room_service) || text(category?.food_and_beverages?.room_service) || text(room?.food_and_beverages.room_service),
    bottledWater:
      text(bn?.bottled_water) || text(category?.food_and_beverages?.bottled_water) || text(room?.food_and_beverages.bottled_water),
    minibar: text(bn?.minibar) || text(category?.food_and_beverages?.minibar) || text(room?.food_and_beverages.minibar),
    phoneFeatures: listOr(bn?.phone_features, category?.internet_and_phones?.phone_features ?? room?.internet_and_phones.phone_features),
    channels: listOr(
      bn?.international_channels,
      category?.entertainment?.international_channels ?? room?.entertainment.international_channels,
    ),
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
