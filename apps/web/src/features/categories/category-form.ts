import type { TCategory, TCategoryUpsertRequest, TRoom } from '@residency/shared';
import { defaultCategory, normalizeRoomNumbers } from '@residency/shared/room-rules';
import { numeric, withNumbers } from '../../components/room-template/template-rules';
import { TEMPLATE_SECTIONS, type TemplateSection } from '../../components/room-template/room-template';

type Template = ReturnType<typeof defaultCategory>;

/** The Bengali texts of a category for guests (all optional). */
export interface BengaliDraft {
  name: string;
  description: string;
  special_benefits: string[];
  size: string;
  beds: string;
}

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
      name: bn?.name ?? '',
      description: bn?.description ?? '',
      special_benefits: [...(bn?.special_benefits ?? [])],
      size: bn?.size ?? '',
      beds: bn?.beds ?? '',
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

/** The numbers of a category's rooms, as the Room Numbers field shows them ('101, 102, 103A'). */
export function roomNumbersText(rooms: readonly Pick<TRoom, 'room_overview'>[]): string {
  return rooms.map((room) => room.room_overview.room_number).join(', ');
}

const trimmed = (text: string) => text.trim() || undefined;

/**
 * The `PUT /api/room-categories` body. Numbers are converted; the description is also the
 * template's, so rooms made from it get it; empty Bengali texts are left out. Room numbers are
 * sent only when at least one is typed: an empty field leaves the rooms alone.
 */
export function upsertRequest(
  draft: CategoryDraft,
  options: { images: string[]; roomNumbers: string; removeMissing: boolean },
): TCategoryUpsertRequest {
  const { bn, ...rest } = draft;
  const sections = Object.fromEntries(
    TEMPLATE_SECTIONS.map((section) => [section, withNumbers(section, draft[section])]),
  ) as Pick<Template, TemplateSection>;
  const bengali = {
    name: trimmed(bn.name),
    description: trimmed(bn.description),
    special_benefits: bn.special_benefits.length > 0 ? bn.special_benefits : undefined,
    size: trimmed(bn.size),
    beds: trimmed(bn.beds),
  };
  const hasBengali = Object.values(bengali).some((v) => v !== undefined);
  const hasNumbers = normalizeRoomNumbers(options.roomNumbers).length > 0;
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
    roomNumbers: hasNumbers ? options.roomNumbers : undefined,
    removeMissing: hasNumbers && options.removeMissing,
  };
}
