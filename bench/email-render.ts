/**
 * Booking e-mails from a saved design: a designer-sized template (header, picture, two columns,
 * the bill, a button, 40 CSS rules and 40 paragraphs: about 8 KB once its CSS is inlined) saved
 * through the API's service (cleaned, CSS inlined) and read back from the database, then filled
 * for 1,000 different bookings, half in English and half in Bengali (Bengali digits and month
 * names), each mail with its subject and plain-text part.
 * Usage: node bench/email-render.ts. Target: 1,000 renders < 1,000 ms in total.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, type TLanguage } from '@residency/shared';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { emailTemplates } from '../apps/api/src/db/schema.ts';
import type { Mailer } from '../apps/api/src/plugins/mailer.ts';
import { renderTemplate, type TemplateValues } from '../apps/api/src/modules/email-templates/email-templates.render.ts';
import { saveTemplate } from '../apps/api/src/modules/email-templates/email-templates.service.ts';

const BOOKINGS = 1000;
const TARGET_MS = 1000;
const TYPE = 'BOOKING_CONFIRMATION_USER' as const;

const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-bench-mail-'));
const handle = await openDatabase({ databaseUrl: 'memory://', dataDir });
const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
// Saving sends no mail: the service's mailer is never called here.
const mailer: Mailer = {
  enqueue: async () => {},
  kick() {},
  drain: async () => {},
};
const deps = { db: handle.db, mailer, config };

/** A design as the designer exports it, in `language`: classes and a <style> block, not yet inlined. */
function design(language: TLanguage): string {
  const words =
    language === 'bn'
      ? { hello: 'প্রিয় {{name}},', intro: 'আপনার বুকিং আমরা পেয়েছি।', total: 'সর্বমোট', button: 'আমার বুকিং দেখুন', night: 'রাত' }
      : { hello: 'Dear {{name}},', intro: 'We have received your booking.', total: 'Total', button: 'See my booking', night: 'Nights' };
  const rules = Array.from({ length: 34 }, (_, i) => `.c${i}{color:#1f2933;padding:${i % 8}px;font-family:Arial,sans-serif}`).join('');
  const rows = [
    ['Booking', '{{reservationId}}'],
    ['Room', '{{roomType}} ({{roomNumber}})'],
    ['Check-in', '{{startDate}}'],
    ['Check-out', '{{endDate}}'],
    [words.night, '{{nights}} × {{perNightCost}}'],
    ['Subtotal', '{{subtotal}}'],
    ['Service charge', '{{serviceCharge}}'],
    ['VAT', '{{vat}}'],
    [words.total, '{{amount}}'],
  ]
    .map(([k, v], i) => `<tr><td class="label c${i}">${k}</td><td class="value c${i + 10}">${v}</td></tr>`)
    .join('');
  const filler = Array.from({ length: 40 }, (_, i) => `<p class="text c${20 + (i % 14)}">${words.intro} ${i + 1}.</p>`).join('');
  return `<!doctype html><html lang="${language}"><head><style>body{margin:0;background:#f4f1ea}.wrap{width:600px;margin:0 auto;background:#ffffff}.head{background:#0f3d3e;color:#f5deb3;padding:20px;font-size:22px}.col{width:50%;vertical-align:top;padding:12px}.label{color:#6b7280}.value{font-weight:bold}.btn{background:#b45309;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none}.foot{font-size:12px;color:#6b7280;padding:16px}${rules}@media (max-width:600px){.wrap{width:100%}.col{display:block;width:100%}}</style></head>
<body><table class="wrap" role="presentation"><tr><td class="head">Residency</td></tr><tr><td><img src="/uploads/hero.webp" alt="" width="600"></td></tr>
<tr><td><table role="presentation" width="100%"><tr><td class="col"><p class="text">${words.hello}</p>${filler}</td><td class="col"><table role="presentation">${rows}</table></td></tr></table></td></tr>
<tr><td style="padding:20px"><a class="btn" href="/my-bookings">${words.button}</a></td></tr><tr><td class="foot">{{email}} · {{phone}}</td></tr></table></body></html>`;
}

for (const language of ['en', 'bn'] as const) {
  const html = design(language);
  await saveTemplate(deps, { type: TYPE, language, subject: language === 'bn' ? 'আপনার বুকিং {{reservationId}}' : 'Your booking {{reservationId}}', design: { pages: [{ component: html }] }, html, isActive: true });
}
const saved = await handle.db.select().from(emailTemplates);
const sourceOf = (language: TLanguage) => {
  const row = saved.find((r) => r.language === language);
  if (!row) throw new Error(`no saved ${language} design`);
  return { subject: row.subject, html: row.html };
};
const sources = { en: sourceOf('en'), bn: sourceOf('bn') };

/** The values of booking `i`: each booking different, as the outbox would get them. */
function bookingValues(i: number): TemplateValues {
  const nights = 1 + (i % 6);
  const perNightCost = 5500 + (i % 7) * 500;
  const subtotal = nights * perNightCost;
  const serviceCharge = subtotal * 0.1;
  const vat = (subtotal + serviceCharge) * 0.15;
  return {
    name: i % 97 === 0 ? `<Guest ${i}> & family` : `Guest ${i}`,
    email: `guest${i}@example.com`,
    phone: `+880 17${String(i).padStart(8, '0')}`,
    reservationId: `RSV-${String(i).padStart(8, '0')}`,
    roomType: 'Deluxe King',
    roomNumber: String(100 + (i % 50)),
    startDate: addDays('2026-12-01', i % 300),
    endDate: addDays('2026-12-01', (i % 300) + nights),
    nights,
    perNightCost,
    subtotal,
    serviceCharge,
    vat,
    amount: subtotal + serviceCharge + vat,
  };
}
const languageOf = (i: number): TLanguage => (i % 2 === 0 ? 'en' : 'bn');

// Warm-up (the JIT and the Intl formatters), then the measured run.
for (let i = 0; i < 100; i += 1) renderTemplate(sources[languageOf(i)], TYPE, languageOf(i), bookingValues(i), config);
const values = Array.from({ length: BOOKINGS }, (_, i) => bookingValues(i));
let bytes = 0;
const start = performance.now();
for (let i = 0; i < BOOKINGS; i += 1) {
  const mail = renderTemplate(sources[languageOf(i)], TYPE, languageOf(i), values[i]!, config);
  bytes += mail.html.length + mail.text.length;
}
const renderMs = performance.now() - start;

await handle.close();
rmSync(dataDir, { recursive: true, force: true });

const size = Math.round(sources.en.html.length / 1024);
console.log(`saved design: ${size} KB of HTML (CSS inlined), English and Bengali; ${BOOKINGS.toLocaleString('en-US')} bookings, half in each language`);
console.log(`render (HTML + subject + plain text): ${Math.round(renderMs)} ms in total, ${(renderMs / BOOKINGS).toFixed(3)} ms a mail, ${Math.round(bytes / 1024 / 1024)} MB written (target < ${TARGET_MS} ms)`);
if (renderMs >= TARGET_MS) process.exitCode = 1;
