import type { TCategory, TCategoryUpsertRequest, TRoom } from '@residency/shared';
import { defaultCategory, normalizeRoomNumbers, preSyncCheck } from '@residency/shared/room-rules';
import { ZRoomInput } from '@residency/shared/rooms';
import { numeric, withNumbers } from '../../components/room-template/template-rules';
import { TEMPLATE_SECTIONS, type TemplateSection } from '../../components/room-template/room-template';

type Template = ReturnType<typeof defaultCategory>;

/** The Bengali texts of a category for guests (all optional): every free text guests read. */
export interface BengaliDraft {
  name: string;
  description: string;
  special_benefits: string[];
  size: string;
  beds: string;
  wireless_internet: string;
  windows: string;
  room_service: string;
  bottled_water: string;
  minibar: string;
  phone_features: string[];
  international_channels: string[];
}

/** The Bengali texts that are one line of text each (the form shows an input for each). */
export const BENGALI_TEXTS = ['name', 'size', 'beds', 'wireless_internet', 'windows', 'room_service', 'bottled_water', 'minibar'] as const;
/** The Bengali texts that are lists (benefits as chips; the others typed comma separated). */
const BENGALI_LISTS = ['special_benefits', 'phone_features', 'international_channels'] as const;

/** The category form's state. */
export type CategoryDraft = Omit<Template, 'translations' | 'rackRate' | 'offerPrice'> & {
  rackRate: number | undefined;
  offerPrice: number | undefined;
  bn: BengaliDraft;
};

/** `{ ...defaults, ...given }` where only the given values that are set count. */
function fill<T extends object>(defaults: T, given: unknown): T {
  const out = { ...defaults } as Record<string, unknown>;
  if (given && typeof given === 'object') {
    for (const [key, value] of Object.entries(given)) if (value !== undefined && value !== null) out[key] = value;
  }
  return out as T;
}

/**
 * The form for a new category (the spec's defaults, `defaultCategory()`) or for an existing one
 * (its values, with the defaults for any part it lacks). The one description field shows the
 * category's description, else its template's.
 */
export function categoryDraft(category?: TCategory): CategoryDraft {
  const { translations: _ignored, ...defaults } = defaultCategory();
  const bn = category?.translations?.bn;
  const draft: CategoryDraft = {
    ...defaults,
    bn: {
      ...(Object.fromEntries(BENGALI_TEXTS.map((key) => [key, bn?.[key] ?? ''])) as Record<(typeof BENGALI_TEXTS)[number], string>),
      ...(Object.fromEntries(BENGALI_LISTS.map((key) => [key, [...(bn?.[key] ?? [])]])) as Record<(typeof BENGALI_LISTS)[number], string[]>),
      description: bn?.description ?? '',
    },
  };
  if (!category) return draft;
  const overview = fill(defaults.room_overview, category.room_overview);
  const sections = Object.fromEntries(
    TEMPLATE_SECTIONS.map((section) => [section, fill(defaults[section], category[section])]),
  ) as Pick<Template, TemplateSection>;
  return {
    ...draft,
    ...sections,
    name: category.name,
    rackRate: category.rackRate,
    offerPrice: category.offerPrice,
    description: category.description || overview.description,
    images: [...category.images],
    room_overview: overview,
    special_benefits: [...(category.special_benefits ?? [])],
  };
}

/** Whether the form's offer price is a number other than the one the category was loaded with. */
export function priceChanged(before: CategoryDraft, now: CategoryDraft): boolean {
  const price = numeric(now.offerPrice);
  return typeof price === 'number' && Number.isFinite(price) && price !== numeric(before.offerPrice);
}

/** The numbers of a category's rooms, as the Room Numbers field shows them ('101, 102, 103A'). */
export function roomNumbersText(rooms: readonly Pick<TRoom, 'room_overview'>[]): string {
  return rooms.map((room) => room.room_overview.room_number).join(', ');
}

const trimmed = (text: string) => text.trim() || undefined;

/**
 * The English text a Bengali field translates, as the form has it now (shown as the Bengali
 * field's placeholder, so the admin sees what to translate).
 */
export function englishOf(draft: CategoryDraft, key: keyof BengaliDraft): string {
  const value = {
    name: draft.name,
    description: draft.description,
    special_benefits: draft.special_benefits,
    size: draft.room_overview.size,
    beds: draft.beds_and_bedding.beds,
    wireless_internet: draft.room_overview.wireless_internet,
    windows: draft.room_features.windows,
    room_service: draft.food_and_beverages.room_service,
    bottled_water: draft.food_and_beverages.bottled_water,
    minibar: draft.food_and_beverages.minibar,
    phone_features: draft.internet_and_phones.phone_features,
    international_channels: draft.entertainment.international_channels,
  }[key] as unknown;
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

/**
 * The `PUT /api/room-categories` body. Numbers are converted; the description is also the
 * template's, so rooms made from it get it; empty Bengali texts are left out. Room numbers are
 * sent when at least one is typed, or when the destructive switch is on: then an empty field
 * asks the server to remove every room of the category that may go (booked ones stay). With
 * the switch off an empty field leaves the rooms alone.
 */
export function upsertRequest(
  draft: CategoryDraft,
  options: { images: string[]; roomNumbers: string; removeMissing: boolean; applyPriceToRooms?: boolean },
): TCategoryUpsertRequest {
  const { bn, ...rest } = draft;
  const sections = Object.fromEntries(
    TEMPLATE_SECTIONS.map((section) => [section, withNumbers(section, draft[section])]),
  ) as Pick<Template, TemplateSection>;
  const bengali = Object.fromEntries(
    [
      ...[...BENGALI_TEXTS, 'description' as const].map((key) => [key, trimmed(bn[key])]),
      ...BENGALI_LISTS.map((key) => [key, bn[key].length > 0 ? bn[key] : undefined]),
    ].filter(([, value]) => value !== undefined),
  );
  const hasBengali = Object.keys(bengali).length > 0;
  const sendNumbers = options.removeMissing || normalizeRoomNumbers(options.roomNumbers).length > 0;
  return {
    ...rest,
    ...sections,
    name: draft.name.trim(),
    rackRate: numeric(draft.rackRate) as number | undefined,
    offerPrice: numeric(draft.offerPrice) as number | undefined,
    description: draft.description,
    images: options.images,
    room_overview: { ...draft.room_overview, description: draft.description },
    translations: hasBengali ? { bn: bengali } : {},
    roomNumbers: sendNumbers ? options.roomNumbers : undefined,
    removeMissing: options.removeMissing,
    applyPriceToRooms: options.applyPriceToRooms ?? false,
  };
}

/**
 * The fields the rooms of a category sync need filled (spec section 5: the pre-sync checks and
 * the per-room rules), by section; `description` is the category's own. The form marks them
 * required (the description too). The spec's defaults leave windows empty: the admin types it
 * (none is invented).
 */
export const ROOM_SYNC_REQUIRED: Partial<Record<TemplateSection | 'room_overview', readonly string[]>> = {
  room_overview: ['size', 'wireless_internet'],
  beds_and_bedding: ['beds'],
  room_features: ['windows'],
  food_and_beverages: ['room_service', 'bottled_water', 'minibar'],
};

/**
 * What keeps the form from making rooms, checked before saving: `first` is the spec's message
 * for the first gap (a pre-sync message where one applies, 'Missing required field: windows in
 * room features', else the per-room one), `fields` the per-room message by field path
 * ('room_features.windows': 'Windows are required'; the description is `description`). Every
 * rule a room made from the form must pass counts (ZRoomInput), so a save never says Saved and
 * then makes no room. Null when nothing is missing.
 */
export function roomSyncProblems(draft: CategoryDraft): { first: string; fields: Record<string, string> } | null {
  const body = upsertRequest(draft, { images: [], roomNumbers: '', removeMissing: false });
  const name = body.name || '-';
  const room = {
    ...body,
    category: name,
    status: 'available',
    price: body.offerPrice ?? 0,
    images: [],
    room_overview: { ...draft.room_overview, name: draft.room_overview.name || name, description: draft.description, room_number: '1' },
  };
  const parsed = ZRoomInput.safeParse(room);
  const fields: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const key = path === 'room_overview.description' ? 'description' : path;
    if (!(key in fields)) fields[key] = issue.message;
  }
  const presync = preSyncCheck(body);
  const first = presync ?? Object.values(fields)[0];
  return first ? { first, fields } : null;
}

/** The category's rooms that a save with the destructive switch on would delete: those not in the typed list. */
export function roomsToRemove(rooms: readonly string[], roomNumbers: string): string[] {
  const wanted = new Set(normalizeRoomNumbers(roomNumbers));
  return rooms.filter((number) => !wanted.has(number));
}
