import { formatAmount, formatLongDate, formatWholeNumber, readerDigits } from '@residency/shared/display';
import {
  formatLocalTime,
  reservationRoomsText,
  supportedVariables,
  TEMPLATE_LABELS_BN,
  TEMPLATE_SAMPLE_VALUES,
  TEMPLATE_VARIABLE_FORMATS,
  type EmailTemplateType,
} from '@residency/shared/email-templates';
import type { TemplateLanguage } from './template-types';

/**
 * One value written the way a mail of `lng` writes it (the rule of TEMPLATE_VARIABLE_FORMATS):
 * Taka amounts, 'Tue, Dec 1, 2026' days, whole numbers, and the fixed words translated for bn.
 */
function formatVariableValue(name: string, value: string | number, lng: TemplateLanguage): string {
  const format = TEMPLATE_VARIABLE_FORMATS[name];
  if (format === 'money' && typeof value === 'number') return formatAmount(value, lng);
  if (format === 'count' && typeof value === 'number') return formatWholeNumber(value, lng);
  if (format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatLongDate(value, lng);
  if (format === 'time' && typeof value === 'string') return formatLocalTime(value, lng);
  if (format === 'label' && lng === 'bn') return TEMPLATE_LABELS_BN[name]?.[String(value)] ?? String(value);
  // The mail writes the rooms as a table; the preview fills text only, so the same rooms on one line.
  if (format === 'rooms') return reservationRoomsText(String(value), lng);
  // Room numbers in the reader's digits, as the mail writes them (issue 31).
  if (format === 'digits') return readerDigits(String(value), lng);
  return String(value);
}

/**
 * The shared sample booking (the one a test send fills in when the admin gives nothing), for
 * every variable the type supports, written in `lng`: what the preview shows.
 */
export function sampleValues(type: EmailTemplateType, lng: TemplateLanguage): Record<string, string> {
  return Object.fromEntries(
    supportedVariables(type).map((name) => [name, formatVariableValue(name, TEMPLATE_SAMPLE_VALUES[name] ?? name, lng)]),
  );
}

/** The raw sample values of the type, as JSON the Send Test form can start from. */
export function sampleVariablesJson(type: EmailTemplateType): string {
  const values = Object.fromEntries(supportedVariables(type).map((name) => [name, TEMPLATE_SAMPLE_VALUES[name] ?? name]));
  return JSON.stringify(values, null, 2);
}
