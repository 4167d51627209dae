import { TEMPLATE_FIELDS, type TemplateSection } from './room-template';

/*
 * Rules of the room template forms (add room, update room, category form): numbers typed as
 * text, comma lists, the image limit, special benefits and the spec's validation messages.
 */

/**
 * A numeric input as a number (spec section 5: numeric inputs are converted to numbers). Empty
 * gives undefined and text that is not a number stays as it is, so validation names the field
 * ('Maximum adults must be a number') instead of a silent 0.
 */
export function numeric(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

/** Comma-separated text as a list: trimmed, empty entries dropped ('Voicemail, , Speaker' gives two). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A template section with its number fields converted to numbers. */
export function withNumbers<T extends object>(section: TemplateSection, value: T): T {
  const out = { ...value } as Record<string, unknown>;
  for (const field of TEMPLATE_FIELDS[section]) {
    if (field.kind === 'number' && field.name in out) out[field.name] = numeric(out[field.name]);
  }
  return out as T;
}

/**
 * Files that still fit under an image limit: the rest are cut off (spec section 5: at most 3
 * images in total on edit). `max` undefined means no limit (the category form).
 */
export function takeWithinLimit<T>(current: number, files: readonly T[], max?: number): { accepted: T[]; cut: boolean } {
  if (max === undefined) return { accepted: [...files], cut: false };
  const room = Math.max(0, max - current);
  return { accepted: files.slice(0, room), cut: files.length > room };
}

/**
 * The spec's validation messages (sections 5 and 8) with their keys in `rooms:validation`, so
 * Bengali readers see them translated; a message not listed is shown as the server wrote it.
 */
const VALIDATION_KEYS: Record<string, string> = {
  'Category is required': 'category',
  'Room name is required': 'roomName',
  'Room description is required': 'roomDescription',
  'Room size is required': 'roomSize',
  'Wireless internet is required': 'wirelessInternet',
  'Room number is required': 'roomNumber',
  'Room number is too long': 'roomNumberTooLong',
  'Windows are required': 'windows',
  'Room service is required': 'roomService',
  'Bottled water is required': 'bottledWater',
  'Minibar is required': 'minibar',
  'Beds are required': 'beds',
  'Maximum occupancy must be a number': 'occupancyNumber',
  'Maximum adults must be a number': 'adultsNumber',
  'Maximum children must be a number': 'childrenNumber',
  'Maximum infants must be a number': 'infantsNumber',
  'Maximum adults must be at least 1': 'adultsMin',
  'Maximum occupancy must be at least 1': 'occupancyMin',
  'Maximum adults cannot exceed maximum occupancy': 'adultsOverOccupancy',
  'Extra adult charge must be a number': 'extraAdultNumber',
  'Cribs permitted must be a number': 'cribsNumber',
  'Phones must be a number': 'phonesNumber',
  'Price must be a number': 'priceNumber',
  'Price cannot be negative': 'priceNegative',
  'Special benefits must be an array': 'benefitsArray',
  'Phone features must be an array': 'phoneFeaturesArray',
  'International channels must be an array': 'channelsArray',
  'Maximum 3 images allowed': 'maxImages',
};

/** The `rooms:validation` key of one of the spec's messages, or null. */
export function validationKey(message: string): string | null {
  const key = VALIDATION_KEYS[message];
  return key ? `validation.${key}` : null;
}

/**
 * A special benefit added to the list (spec section 5): only when it is not empty and not
 * already there (ignoring case and spaces around it). Returns the same list otherwise.
 */
export function addBenefit(list: readonly string[], text: string): readonly string[] {
  const benefit = text.trim();
  if (!benefit || list.some((b) => b.trim().toLowerCase() === benefit.toLowerCase())) return list;
  return [...list, benefit];
}
