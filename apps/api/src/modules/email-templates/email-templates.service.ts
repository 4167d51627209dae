import { fillTemplate, type EmailTemplateType } from '@residency/shared';
import type { Config } from '../../config.ts';
import { escapeHtml, mailLayout } from '../../lib/mail-layout.ts';
import { DEFAULT_TEMPLATES } from './email-templates.defaults.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A readable plain-text twin of an HTML mail, for mail programs that show no HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<\/(p|tr|h\d|div|li)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/td>\s*<td[^>]*>/gi, ': ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split('\n')
    .map((line) => line.trim())
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

const CONDITIONAL_ROW = /<tr\b[^>]*\sdata-if="([A-Za-z_]\w*)"[^>]*>[\s\S]*?<\/tr>/g;

/**
 * Leaves out each `<tr data-if="variable">` row whose variable is empty: a line such as the
 * discount exists only for some bookings, and a row that says "Discount: −" would confuse.
 */
export function dropEmptyRows(html: string, variables: Record<string, string>): string {
  return html.replace(CONDITIONAL_ROW, (row, name: string) => (variables[name] ? row : ''));
}

/** Fills a booking e-mail of `type` with the booking's variables, in the hotel's frame. */
export function renderBookingMail(config: Config, type: EmailTemplateType, variables: Record<string, string>): RenderedMail {
  const template = DEFAULT_TEMPLATES[type];
  const html = mailLayout({
    hotelName: config.hotel.name,
    heading: template.heading,
    bodyHtml: fillTemplate(dropEmptyRows(template.body, variables), variables, escapeHtml),
    footer: `${config.hotel.name} · ${config.hotel.address} · ${config.hotel.phone} · ${config.hotel.email}`,
  });
  return { subject: fillTemplate(template.subject, variables), html, text: htmlToText(html) };
}
