/**
 * Room rules without zod, safe to import on the public pages: defaults, limits, room-number
 * normalisation and the price display rule (spec sections 2, 3, 5 and 9).
 */
import { capacityLimits, type BedLimits } from './guests.ts';

export const ROOM_STATUSES = ['available', 'booked', 'maintenance', 'cleaning', 'unavailable'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];
/** The statuses of the list filter and the status menu (unavailable only comes from the add-room form). */
export const ROOM_MENU_STATUSES = ['available', 'booked', 'maintenance', 'cleaning'] as const;

/** Room images: at most 3 when editing a room (the category form has no limit). */
export const MAX_ROOM_IMAGES = 3;
/** The category form asks for the rooms of one category with this limit. */
export const CATEGORY_ROOM_LIST_LIMIT = 1000;
/** Upload limit and the optimiser's settings (spec section 9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Room numbers as typed in the category form: split on commas, trimmed, stripped of
 * non-alphanumerics, uppercased, empty ones dropped, duplicates removed (first one wins).
 * '101a, 101A, 1-02,, 103 ' gives ['101A', '102', '103'].
 */
export function normalizeRoomNumbers(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((p) => p.split(','));
  const seen = new Set<string>();
  for (const part of parts) {
    const number = normalizeRoomNumber(part);
    if (number) seen.add(number);
  }
  return [...seen];
}

/** One room number, normalised the same way ('1-02 ' gives '102'). */
export function normalizeRoomNumber(value: string): string {
  return value.trim().replace(/[^a-z0-9]/gi, '').toUpperCase();
}

/**
 * The price display rule: when the rack rate is higher than the offer price, the rack rate is
 * shown struck through next to the offer price; otherwise the offer price (or the room price).
 */
export function displayPrice(input: { rackRate?: number | null; offerPrice?: number | null; price?: number | null }): {
  price: number;
  struck: number | null;
} {
  const offer = input.offerPrice ?? input.price ?? 0;
  const rack = input.rackRate ?? 0;
  return rack > offer ? { price: offer, struck: rack } : { price: input.offerPrice ?? input.price ?? 0, struck: null };
}

/**
 * The price a room type is let "from": the lowest price among its bookable rooms, as the API
 * answers it (`fromPrice`), so every page shows a price a guest can book; the category's offer
 * price only where the answer has none (no room in service, or an older answer).
 */
export function fromPriceOf(category: { offerPrice: number; fromPrice?: number | null }): number {
  return category.fromPrice ?? category.offerPrice;
}

/** Capacity of a category for the list: maximum_occupancy, else adults + children when both are numbers, else '-'. */
export function capacityOf(beds: {
  maximum_occupancy?: number | null;
  maximum_adults?: number | null;
  maximum_children?: number | null;
}): number | '-' {
  if (typeof beds.maximum_occupancy === 'number' && Number.isFinite(beds.maximum_occupancy)) return beds.maximum_occupancy;
  if (typeof beds.maximum_adults === 'number' && typeof beds.maximum_children === 'number') {
    return beds.maximum_adults + beds.maximum_children;
  }
  return '-';
}

/** The keys `capacityText` asks for, with `count` for plurals and `n` the number in the reader's digits. */
type CapacityKey = 'adults' | 'children' | 'withChildren' | 'upTo' | 'upToChildren';
export type CapacityTranslate = (
  key: CapacityKey,
  values: { count: number; n: string; adults?: string; children?: string },
) => string;

/**
 * A room's capacity as guests read it, from its real limits: "2 adults" when it takes no child,
 * "2 adults + 1 child (3 guests at most)" when both maximums fit in the total together, else the
 * total first, as the places are shared: "Up to 3 guests (at most 2 children)" for a room of 3
 * adults or 2 children in 3 places, naming the adults too when they are fewer than the total
 * (issue 31: "3 adults + 2 children (3 guests at most)" added up to 5). The words come from the caller's translations
 * (`translate`), the digits from `digits` (Bengali digits in Bengali); null when the beds say
 * nothing. Unlike `capacityOf`, never promises more adults than the room takes.
 */
export function capacityText(
  beds: BedLimits,
  translate: CapacityTranslate,
  digits: (value: number) => string = String,
): string | null {
  const limits = capacityLimits(beds);
  if (!limits) return null;
  const adults = translate('adults', { count: limits.adults, n: digits(limits.adults) });
  if (limits.children === 0) return adults;
  const children = translate('children', { count: limits.children, n: digits(limits.children) });
  const total = { count: limits.total, n: digits(limits.total), adults, children };
  if (limits.adults + limits.children <= limits.total) return translate('withChildren', total);
  return translate(limits.adults >= limits.total ? 'upToChildren' : 'upTo', total);
}

export { IMAGE_STORED_WIDTH, IMAGE_WIDTHS, imageSrcSet, imageVariant } from './image-sizes.ts';

/** Defaults of a new category or room, exactly as spec section 3 lists them. */
export const DEFAULT_OFFER_PRICE = 5500;
export const DEFAULT_RACK_RATE = 0;

export function defaultRoomTemplate() {
  return {
    room_overview: {
      name: '',
      description: '',
      size: '40 sq m / 430 sq ft',
      wireless_internet: 'Complimentary high-speed WiFi',
      room_number: '',
    },
    special_benefits: ['Complimentary Breakfast'],
    beds_and_bedding: {
      maximum_occupancy: 2,
      maximum_adults: 2,
      maximum_children: 0,
      maximum_infants: 0,
      extra_adult_charge: 0,
      beds: '1 King bed',
      rollaway_beds_permitted: true,
      cribs_permitted: 1,
      duvet: true,
    },
    room_features: {
      air_conditioned: true,
      non_smoking: true,
      connecting_rooms_available: false,
      windows: '',
      hooks: false,
      usb_outlets: false,
    },
    bath_and_bathroom_features: {
      separate_bathtub_and_shower: false,
      lighted_makeup_mirror: false,
      hair_dryer: false,
      robe: false,
      slippers: false,
    },
    furniture_and_furnishings: {
      alarm_clock: false,
      safe_in_room: false,
      safe_fee: false,
      desk: false,
      electrical_outlet: false,
      iron_and_ironing_board: false,
      trouser_press: false,
    },
    food_and_beverages: {
      room_service: '24-hour',
      bottled_water: 'Complimentary',
      coffee_tea_maker: false,
      instant_hot_water: false,
      minibar: 'Stocked, charges apply',
    },
    internet_and_phones: {
      phones: 2,
      phone_features: ['Voicemail', 'Speaker'],
      wireless_internet: 'Complimentary high-speed WiFi',
    },
    entertainment: {
      plug_in_high_tech_room: false,
      cable_satellite: false,
      international_channels: ['All TV Channels', 'Netflix'],
    },
    accessible_room_features: {
      mobility_accessible_rooms: false,
      roll_in_shower: false,
      hearing_accessible_rooms: false,
    },
  };
}

export function defaultCategory() {
  return {
    name: '',
    rackRate: DEFAULT_RACK_RATE,
    offerPrice: DEFAULT_OFFER_PRICE,
    description: '',
    images: [] as string[],
    ...defaultRoomTemplate(),
    translations: {},
  };
}

/** The default of every part of a new category but its name, as `withCategoryDefaults` fills them. */
type CategoryDefaults = Omit<ReturnType<typeof defaultCategory>, 'name'>;
type CategoryPart = keyof CategoryDefaults;
/** Each part: the type given where the client may give it, else the default's. */
type WithDefaults<T> = {
  [K in CategoryPart]: K extends keyof T ? Exclude<T[K], undefined> | CategoryDefaults[K] : CategoryDefaults[K];
};

/**
 * A NEW category as it will be stored: each part the client gave, as given (even when empty),
 * and the spec's default (`defaultCategory()`, the same the web form starts from) for each part
 * it left out. An existing category never comes here: its parts left out stay as they are.
 */
export function withCategoryDefaults<T extends Partial<Record<CategoryPart, unknown>>>(given: T): WithDefaults<T> {
  const { name: _name, ...defaults } = defaultCategory();
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(given)) if (key in defaults && value !== undefined) out[key] = value;
  return out as WithDefaults<T>;
}

/**
 * The checks before syncing a category's rooms (spec section 5): the template must have
 * wireless internet, windows, room service, bottled water and minibar. Returns the spec's
 * message for the first gap, or null.
 */
export function preSyncCheck(category: {
  room_overview?: { wireless_internet?: unknown } | null;
  room_features?: { windows?: unknown } | null;
  food_and_beverages?: { room_service?: unknown; bottled_water?: unknown; minibar?: unknown } | null;
}): string | null {
  const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (!filled(category.room_overview?.wireless_internet)) {
    return 'Room overview data is incomplete. Please check all fields are filled.';
  }
  if (!filled(category.room_features?.windows)) return 'Missing required field: windows in room features';
  if (!filled(category.food_and_beverages?.room_service)) {
    return 'Missing required field: room service in food and beverages';
  }
  if (!filled(category.food_and_beverages?.bottled_water)) {
    return 'Missing required field: bottled water in food and beverages';
  }
  if (!filled(category.food_and_beverages?.minibar)) return 'Missing required field: minibar in food and beverages';
  return null;
}
