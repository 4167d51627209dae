import {
  decodeNightlyLines,
  decodeReservationRooms,
  describeMailRoom,
  fillTemplate,
  formatLocalTime,
  groupNights,
  isIsoDate,
  reservationRoomsText,
  TEMPLATE_LABELS_BN,
  TEMPLATE_VARIABLE_FORMATS,
  TEMPLATE_VARIABLES,
  supportedVariables,
  type EmailTemplateType,
  type MailNight,
  type TLanguage,
} from '@residency/shared';
import { formatAmount, formatLongDate, formatShortDate, formatWholeNumber, readerDigits } from '@residency/shared/display';
import { escapeHtml } from '../../lib/mail-layout.ts';

/*
 * The one place a booking e-mail is filled in: the built-in defaults, saved designs, test sends
 * and the bench all go through `renderTemplate`.
 */

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A subject and an HTML body with `{{variables}}`: a saved design or a built-in default. */
export interface TemplateSource {
  subject: string;
  html: string;
}

/**
 * A variable's value as the booking gives it: amounts and counts as numbers, days as ISO dates
 * (YYYY-MM-DD), words as text. Null, undefined and '' mean "not given".
 */
type TemplateValue = string | number | null | undefined;
export type TemplateValues = Readonly<Record<string, TemplateValue>>;

/** A mail that cannot be written whole: it is never sent, and the outbox keeps this reason. */
export class MissingVariablesError extends Error {
  readonly missing: string[];
  constructor(missing: string[]) {
    super(`Missing required variables: ${missing.join(', ')}`);
    this.name = 'MissingVariablesError';
    this.missing = missing;
  }
}

const isBlank = (value: TemplateValue) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The required variables of `type` that `values` lacks (empty text counts as lacking). */
function missingRequired(type: EmailTemplateType, values: TemplateValues): string[] {
  return TEMPLATE_VARIABLES[type].required.filter((name) => isBlank(values[name]));
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** One value written for a reader of `language` (TEMPLATE_VARIABLE_FORMATS says how); SMS write theirs with it too. */
export function formatValue(name: string, value: TemplateValue, language: TLanguage): string {
  if (isBlank(value)) return '';
  const format = TEMPLATE_VARIABLE_FORMATS[name];
  const asNumber = typeof value === 'number' ? value : NUMBER.test(value!.trim()) ? Number(value) : undefined;
  switch (format) {
    case 'money':
      return asNumber !== undefined && Number.isFinite(asNumber) ? formatAmount(asNumber, language) : String(value);
    case 'count':
      return asNumber !== undefined && Number.isFinite(asNumber) ? formatWholeNumber(asNumber, language) : String(value);
    case 'date':
      return typeof value === 'string' && isIsoDate(value.trim()) ? formatLongDate(value.trim(), language) : String(value);
    case 'time':
      return formatLocalTime(String(value), language);
    case 'label':
      return language === 'bn' ? (TEMPLATE_LABELS_BN[name]?.[String(value)] ?? String(value)) : String(value);
    case 'nightly':
      return nightlyText(String(value), language);
    case 'rooms':
      return reservationRoomsText(String(value), language);
    case 'digits':
      return readerDigits(String(value), language);
    default:
      return String(value);
  }
}

const NIGHTLY_WORDS = {
  en: { night: 'night', nights: 'nights', extraGuests: 'Extra guests', meals: 'Meals' },
  bn: { night: 'রাত', nights: 'রাত', extraGuests: 'অতিরিক্ত অতিথি', meals: 'খাবার' },
} as const;

/** One room's nights: identical consecutive nights grouped, then its extra guests and meals. */
function nightsText(nights: readonly MailNight[], language: TLanguage): string[] {
  const w = NIGHTLY_WORDS[language];
  const money = (n: number) => formatAmount(n, language);
  const parts = groupNights(nights).map((g) => {
    const days = g.count === 1 ? formatShortDate(g.from, language) : `${formatShortDate(g.from, language)} – ${formatShortDate(g.to, language)}`;
    return `${days}: ${formatWholeNumber(g.count, language)} ${g.count === 1 ? w.night : w.nights} × ${money(g.price)}`;
  });
  const extra = nights.reduce((sum, n) => sum + n.extraAdults + n.extraChildren, 0);
  const meals = nights.reduce((sum, n) => sum + n.meals, 0);
  if (extra > 0) parts.push(`${w.extraGuests}: ${money(Math.round(extra * 100) / 100)}`);
  if (meals > 0) parts.push(`${w.meals}: ${money(Math.round(meals * 100) / 100)}`);
  return parts;
}

/**
 * "Why this price" on one line: identical consecutive nights grouped ("Tue, Dec 1 – Thu, Dec 3:
 * 3 nights × ৳6,600"), then the extra guests and meals of the stay, parts joined by " · " (a
 * line break would not survive the HTML escaping of values). Nights of several rooms (issue 31)
 * are written room by room, each after the room's name ("Deluxe King 101: Tue, Dec 1 – …"), so
 * that a price a night is always one room's.
 */
function nightlyText(encoded: string, language: TLanguage): string {
  const nights = decodeNightlyLines(encoded);
  if (nights.length === 0) return '';
  const byRoom = new Map<string, MailNight[]>();
  for (const night of nights) byRoom.set(night.room ?? '', [...(byRoom.get(night.room ?? '') ?? []), night]);
  return [...byRoom]
    .map(([room, own]) => {
      const parts = nightsText(own, language);
      return room ? `${readerDigits(room, language)}: ${parts.join(' · ')}` : parts.join(' · ');
    })
    .join(' · ');
}

/**
 * The rooms of a reservation of several (issue 22) as a small table for the body: a row per room,
 * what it is on the left and its amount on the right, so the amounts line up as on a bill. Built
 * from escaped parts: it is the one value that is HTML.
 */
function roomsTable(encoded: string, language: TLanguage): string {
  const rows = decodeReservationRooms(encoded).map((room) => {
    const { room: what, amount } = describeMailRoom(room, language);
    return `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(what)}</td><td style="padding:2px 0;text-align:right;white-space:nowrap">${escapeHtml(amount)}</td></tr>`;
  });
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%">${rows.join('')}</table>`;
}

/** The supported variables of `type`, each written for `language` ('' for those not given). */
function formatValues(type: EmailTemplateType, language: TLanguage, values: TemplateValues): Record<string, string> {
  const written: Record<string, string> = {};
  for (const name of supportedVariables(type)) written[name] = formatValue(name, values[name], language);
  return written;
}

/** A tag, or a `{{variable}}` between tags. */
const TAG_OR_SLOT = /<[^<>]*>|\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;

/**
 * Fills the body: values escaped, except `rooms`, which is a table between tags. Inside a tag
 * (`title="{{rooms}}"`) it is its one-line text, since a table there would break the markup. One
 * pass, so a value that looks like `{{amount}}` stays text.
 */
function fillBody(html: string, written: Record<string, string>, values: TemplateValues, language: TLanguage): string {
  const asHtml = (name: string) =>
    name === 'rooms' && written.rooms ? roomsTable(String(values.rooms), language) : escapeHtml(written[name] ?? '');
  return html.replace(TAG_OR_SLOT, (match, name: string | undefined) =>
    name === undefined ? (match.includes('{{') ? fillTemplate(match, written, escapeHtml) : match) : asHtml(name),
  );
}

const CONDITIONAL_ROW = /<tr\b[^>]*\sdata-if="([A-Za-z_]\w*)"[^>]*>[\s\S]*?<\/tr>/g;

/**
 * Leaves out each `<tr data-if="variable">` row whose variable is empty: a line such as the
 * discount exists only for some bookings, and a row that says "Discount: −" would confuse.
 */
function dropEmptyRows(html: string, variables: Record<string, string>): string {
  if (!html.includes('data-if=')) return html;
  return html.replace(CONDITIONAL_ROW, (row, name: string) => (variables[name] ? row : ''));
}

/**
 * Our own upload paths (`/uploads/…`, as the designer's images are) become addresses that work
 * outside the site: a mail program has no page to resolve them against.
 */
function absoluteLinks(html: string, publicUrl: string): string {
  return html.replace(/(\s(?:src|href|background)=["'])\/(?!\/)/gi, `$1${publicUrl}/`);
}

const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
const ENTITY = /&(?:([a-z]+)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;

/** One entity as its character; one pass, so an escaped entity (&amp;lt;) stays the text it was (&lt;). */
function decodeEntity(entity: string, name?: string, decimal?: string, hex?: string): string {
  if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  const point = decimal ? Number(decimal) : parseInt(hex!, 16);
  return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
}

/**
 * A readable plain-text twin of an HTML mail, for mail programs that show no HTML: a line per
 * paragraph, heading, block and table row, `label: value` for the cells of a row. Few passes over
 * the text, since every booking mail makes one.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|head|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    // A table in a value's cell (the rooms) starts on its own line: a line per room.
    .replace(/<\/td>\s*<td[^>]*>(?=\s*<table\b)/gi, ':\n')
    .replace(/<\/td>\s*<td[^>]*>/gi, ': ')
    .replace(/<(?:\/(?:p|tr|h\d|div|li|table)|br\s*\/?)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(ENTITY, decodeEntity)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

/**
 * Fills `source` for one mail of `type` in `language`. Values are written in the language
 * (Taka, days, counts and fixed words; Bengali digits and month names for bn), escaped for the
 * HTML (a guest named `<script>` stays text; the rooms of a reservation of several become a
 * table built from escaped parts), and filled into the subject too, on one line.
 * Rows marked `data-if` whose value is empty are left out; links to our uploads made absolute.
 * Throws MissingVariablesError when a required variable of the type is not given: a mail with
 * holes is never written.
 */
export function renderTemplate(
  source: TemplateSource,
  type: EmailTemplateType,
  language: TLanguage,
  values: TemplateValues,
  options: { publicUrl: string },
): RenderedMail {
  const missing = missingRequired(type, values);
  if (missing.length > 0) throw new MissingVariablesError(missing);
  const written = formatValues(type, language, values);
  const html = absoluteLinks(fillBody(dropEmptyRows(source.html, written), written, values, language), options.publicUrl);
  // A line break in a header would end it: the subject is one line whatever a value holds.
  const subject = fillTemplate(source.subject, written)
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { subject, html, text: htmlToText(html) };
}
