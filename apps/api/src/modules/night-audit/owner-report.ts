import { addDays, type TBackup, type TDayFigures, type TLanguage } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { formatAmount, formatLongDate, formatWholeNumber } from '@residency/shared/display';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import { CONTENT, digits, MARGIN, MUTED, RULE, type Style } from '../../lib/pdf-page.ts';
import type { OutgoingMail } from '../../plugins/mailer.ts';
import { drawHotelHeading, hotelMoment, openDocument } from '../../lib/pdf-document.ts';
import { closedDay, closedFigures, figuresOf } from './night-audit.repository.ts';

/*
 * The owner's day report (issue 35): one page in the owner's language, mailed after each close:
 * the day beside the same weekday a week before and the month to date. The mail names the day;
 * its PDF is drawn when the mail is sent, from the closed day's frozen figures.
 */

export const DAY_REPORT_ATTACHMENT = 'day-report';

const WORDS = {
  en: {
    title: 'Day report',
    subject: (hotel: string, day: string) => `${hotel}: day report for ${day}`,
    intro: (day: string) => `The night audit closed ${day}. The report is attached.`,
    day: 'The day',
    lastWeek: 'Same day last week',
    month: 'Month to date',
    closedBy: 'Closed',
    note: 'Note',
    open: (n: string) => `${n} item(s) were open at the close.`,
    audit: 'Audit trail at the close',
    backup: 'Backup',
    noBackup: 'No backup was taken after the close.',
    rows: {
      roomsSold: 'Rooms sold',
      roomsAvailable: 'Rooms available',
      occupancy: 'Occupancy',
      adr: 'Average daily rate',
      revpar: 'RevPAR',
      roomRevenue: 'Room revenue',
      otherRevenue: 'Other revenue',
      serviceCharge: 'Service charge',
      vat: 'VAT',
      received: 'Money received',
      refunded: 'Refunds',
      cash: 'Cash (net)',
      deposits: 'Deposits taken',
      cityLedger: 'To city ledger',
      arrivals: 'Arrivals',
      departures: 'Departures',
      noShows: 'No-shows',
      cancellations: 'Cancellations',
    },
    methods: 'Money by method',
    notClosed: 'not closed',
  },
  bn: {
    title: 'দিনের প্রতিবেদন',
    subject: (hotel: string, day: string) => `${hotel}: ${day}-এর দিনের প্রতিবেদন`,
    intro: (day: string) => `নাইট অডিট ${day} দিনটি বন্ধ করেছে। প্রতিবেদন সংযুক্ত।`,
    day: 'দিনটি',
    lastWeek: 'গত সপ্তাহের একই দিন',
    month: 'মাসের শুরু থেকে',
    closedBy: 'বন্ধ করা হয়েছে',
    note: 'নোট',
    open: (n: string) => `বন্ধের সময় ${n}টি বিষয় খোলা ছিল।`,
    audit: 'বন্ধের সময় অডিট ট্রেইল',
    backup: 'ব্যাকআপ',
    noBackup: 'বন্ধের পরে কোনো ব্যাকআপ নেওয়া হয়নি।',
    rows: {
      roomsSold: 'বিক্রি হওয়া রুম',
      roomsAvailable: 'বিক্রয়যোগ্য রুম',
      occupancy: 'অকুপেন্সি',
      adr: 'গড় দৈনিক ভাড়া',
      revpar: 'প্রতি রুমে আয় (RevPAR)',
      roomRevenue: 'রুমের আয়',
      otherRevenue: 'অন্যান্য আয়',
      serviceCharge: 'সার্ভিস চার্জ',
      vat: 'ভ্যাট',
      received: 'প্রাপ্ত টাকা',
      refunded: 'ফেরত',
      cash: 'নগদ (নিট)',
      deposits: 'অগ্রিম নেওয়া হয়েছে',
      cityLedger: 'সিটি লেজারে',
      arrivals: 'আগমন',
      departures: 'প্রস্থান',
      noShows: 'নো-শো',
      cancellations: 'বাতিল',
    },
    methods: 'পদ্ধতি অনুযায়ী টাকা',
    notClosed: 'বন্ধ হয়নি',
  },
} as const;

/** The mail written with the close: its PDF is drawn at send time (resolveAttachments). */
/** How long the report waits for the night's backup at most: it goes even if the backup never finishes. */
const BACKUP_WAIT_MS = 10 * 60_000;

export function ownerReportMail(config: Config, day: string, figures: TDayFigures, openCount: number, note: string | null, now = new Date()): OutgoingMail {
  const lng = config.nightAudit.ownerLanguage;
  const w = WORDS[lng];
  const longDay = formatLongDate(day, lng);
  const lines = [
    w.intro(longDay),
    `${w.rows.roomsSold}: ${formatWholeNumber(figures.roomsSold, lng)} / ${formatWholeNumber(figures.roomsAvailable, lng)}`,
    `${w.rows.roomRevenue}: ${formatAmount(figures.roomRevenue, lng)}`,
    `${w.rows.received}: ${formatAmount(figures.payments.received, lng)}`,
    ...(openCount > 0 ? [w.open(formatWholeNumber(openCount, lng))] : []),
    ...(note ? [`${w.note}: ${note}`] : []),
  ];
  return {
    kind: 'owner-day-report',
    to: config.nightAudit.ownerEmail!,
    subject: w.subject(config.hotel.name, longDay),
    text: lines.join('\n'),
    html: mailLayout({
      hotelName: config.hotel.name,
      heading: `${w.title} · ${escapeHtml(longDay)}`,
      bodyHtml: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
      footer: hotelFooter(config.hotel, lng, { withEmail: false }),
    }),
    attachments: [{ kind: DAY_REPORT_ATTACHMENT, ref: day, filename: `day-report-${day}.pdf` }],
    // With backups on, it waits for the night's backup to say whether it verified (releaseDayReports).
    ...(config.backups.key ? { notBefore: new Date(now.getTime() + BACKUP_WAIT_MS) } : {}),
  };
}

/** The day reports waiting for the night's backup go now (the backup is done, or failed). */
export async function releaseDayReports(db: Executor): Promise<void> {
  await db.execute(sql`update outbox_mails set next_attempt_at = now() where kind = 'owner-day-report' and status = 'pending' and next_attempt_at > now()`);
}

/** The report's line on the latest backup taken after the close, in the owner's words. */
function backupLine(backup: TBackup | null, closedAt: Date, lng: TLanguage): string | null {
  if (!backup || Date.parse(backup.createdAt) < closedAt.getTime()) return null;
  const size = `${digits((backup.bytes / 1_048_576).toFixed(1), lng)} MB`;
  const verdict = backup.verified ? (lng === 'bn' ? 'যাচাই করা হয়েছে: পুনরুদ্ধার মিলেছে' : 'verified: its restore matched') : `${lng === 'bn' ? 'যাচাই ব্যর্থ' : 'NOT verified'}: ${backup.verifyError ?? ''}`;
  // Off-site (S3_BACKUP_BUCKET): the owner learns here that the only copy is on this server's disk.
  const offsite = !backup.offsite
    ? null
    : backup.offsite.key
      ? lng === 'bn' ? 'অফসাইট কপি রাখা হয়েছে' : 'copied off-site'
      : `${lng === 'bn' ? 'অফসাইট কপি হয়নি' : 'NOT copied off-site'}: ${backup.offsite.error ?? ''}`;
  return [backup.file, size, verdict, offsite].filter(Boolean).join(' · ');
}

/** Sums days' figures: counts and money added, the ratios worked out again from the sums. */
function sumFigures(all: TDayFigures[]): TDayFigures | null {
  if (all.length === 0) return null;
  const add = (pick: (f: TDayFigures) => number) => Math.round(all.reduce((s, f) => s + pick(f), 0) * 100) / 100;
  const roomsSold = add((f) => f.roomsSold);
  const channelNights = add((f) => f.channelNights ?? 0);
  const roomsAvailable = add((f) => f.roomsAvailable);
  const roomRevenue = add((f) => f.roomRevenue);
  return {
    ...all.at(-1)!,
    roomsSold,
    channelNights,
    roomsAvailable,
    occupancy: roomsAvailable ? (roomsSold + channelNights) / roomsAvailable : 0,
    adr: roomsSold ? Math.round((roomRevenue / roomsSold) * 100) / 100 : 0,
    revpar: roomsAvailable ? Math.round((roomRevenue / roomsAvailable) * 100) / 100 : 0,
    roomRevenue,
    otherRevenue: add((f) => f.otherRevenue),
    serviceCharge: add((f) => f.serviceCharge),
    vat: add((f) => f.vat),
    arrivals: add((f) => f.arrivals),
    departures: add((f) => f.departures),
    noShows: add((f) => f.noShows),
    cancellations: add((f) => f.cancellations),
    payments: { ...all.at(-1)!.payments, received: add((f) => f.payments.received), refunded: add((f) => f.payments.refunded) },
    cash: add((f) => f.cash),
    deposits: add((f) => f.deposits),
    refunds: { count: add((f) => f.refunds.count), amount: add((f) => f.refunds.amount) },
    cityLedger: { count: add((f) => f.cityLedger.count), amount: add((f) => f.cityLedger.amount) },
  };
}

/** A day's figures: frozen when closed, otherwise as they stand (a day before the night audit began). */
async function figuresFor(db: Executor, config: Config, days: string[]): Promise<TDayFigures[]> {
  if (days.length === 0) return [];
  const frozen = await closedFigures(db, days[0]!, days.at(-1)!);
  const out: TDayFigures[] = [];
  for (const day of days) out.push(frozen.get(day) ?? (await figuresOf(db, day, config.hotel.timeZone)));
  return out;
}

/** The report's PDF for a closed day, in the owner's language. */
export async function renderDayReport(db: Executor, config: Config, day: string, backup: TBackup | null): Promise<Buffer> {
  const lng: TLanguage = config.nightAudit.ownerLanguage;
  const w = WORDS[lng];
  const closed = await closedDay(db, day);
  if (!closed) throw new Error(`day report: ${day} is not closed`);
  const [lastWeek] = await figuresFor(db, config, [addDays(day, -7)]);
  const monthDays: string[] = [];
  for (let d = `${day.slice(0, 8)}01`; d <= day; d = addDays(d, 1)) monthDays.push(d);
  const month = sumFigures(await figuresFor(db, config, monthDays));
  const columns = [closed.figures, lastWeek ?? null, month];

  const { page, done } = openDocument(`${WORDS.en.title} ${day}`, lng);
  const closer = closed.closer_name ?? (closed.closed_by_role === 'system' ? 'system' : closed.closed_by_role);
  drawHotelHeading(page, config, lng, `${w.title} · ${formatLongDate(day, lng)}`, [`${w.closedBy}: ${hotelMoment(closed.closed_at, config, lng)} · ${closer}`]);

  const text: Style = { size: 9.5 };
  const head: Style = { size: 9.5, bold: true };
  const labelWidth = 250;
  const colWidth = (CONTENT - labelWidth) / 3;
  const row = (label: string, cells: string[], style = text) => {
    const baseline = page.y + 11;
    page.line(label, MARGIN, baseline, style);
    cells.forEach((cell, i) => page.line(cell, MARGIN + labelWidth + i * colWidth, baseline, style, 'right', colWidth - 8));
    page.y += 15;
    page.rule(page.y - 2, MARGIN, CONTENT, RULE);
  };
  const taka = (pick: (f: TDayFigures) => number) => columns.map((f) => (f ? formatAmount(pick(f), lng) : '—'));
  const count = (pick: (f: TDayFigures) => number) => columns.map((f) => (f ? formatWholeNumber(pick(f), lng) : '—'));
  const percent = (pick: (f: TDayFigures) => number) => columns.map((f) => (f ? digits(`${(pick(f) * 100).toFixed(1)}%`, lng) : '—'));

  row('', [formatLongDate(day, lng), formatLongDate(addDays(day, -7), lng), w.month], head);
  const r = w.rows;
  row(r.roomsSold, count((f) => f.roomsSold));
  row(r.roomsAvailable, count((f) => f.roomsAvailable));
  row(r.occupancy, percent((f) => f.occupancy));
  row(r.adr, taka((f) => f.adr));
  row(r.revpar, taka((f) => f.revpar));
  row(r.roomRevenue, taka((f) => f.roomRevenue));
  row(r.otherRevenue, taka((f) => f.otherRevenue));
  row(r.serviceCharge, taka((f) => f.serviceCharge));
  row(r.vat, taka((f) => f.vat));
  row(r.received, taka((f) => f.payments.received));
  row(r.refunded, taka((f) => f.payments.refunded));
  row(r.cash, taka((f) => f.cash));
  row(r.deposits, taka((f) => f.deposits));
  row(r.cityLedger, taka((f) => f.cityLedger.amount));
  row(r.arrivals, count((f) => f.arrivals));
  row(r.departures, count((f) => f.departures));
  row(r.noShows, count((f) => f.noShows));
  row(r.cancellations, count((f) => f.cancellations));

  page.y += 6;
  const methods = closed.figures.payments.byMethod.map((m) => `${m.method}: ${formatAmount(m.received - m.refunded, lng)}`).join(' · ');
  if (methods) page.y += page.block(`${w.methods}: ${digits(methods, lng)}`, MARGIN, page.y, CONTENT, { size: 9 });
  if (closed.open_items.length > 0) page.y += page.block(w.open(formatWholeNumber(closed.open_items.length, lng)), MARGIN, page.y, CONTENT, { size: 9 });
  if (closed.note) page.y += page.block(`${w.note}: ${closed.note}`, MARGIN, page.y, CONTENT, { size: 9 });
  page.y += page.block(`${w.audit}: ${formatWholeNumber(Number(closed.audit_seq), lng)} · ${closed.audit_hash.slice(0, 16)}…`, MARGIN, page.y, CONTENT, { size: 8.5, color: MUTED });
  page.block(`${w.backup}: ${backupLine(backup, closed.closed_at, lng) ?? w.noBackup}`, MARGIN, page.y, CONTENT, { size: 8.5, color: MUTED });
  page.doc.end();
  return done;
}
