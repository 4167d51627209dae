import { todayAt, wallClockAt, type TLanguage } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { invoiceContent, invoiceView, readContent, type InvoiceContent, type IssuerSettings } from './invoice-content.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import {
  drawNumber,
  findInvoice,
  findInvoiceById,
  insertInvoice,
  invoiceRecipient,
  invoiceSource,
  standingInvoice,
  type InvoiceRow,
} from './invoices.repository.ts';

/*
 * VAT invoices (Mushak-6.3) and credit notes (issue 22, decision 0014). An invoice is issued when
 * the reservation's last room is done (checked out, cancelled with a penalty, or a no-show), in
 * the transaction of that change: its number comes from a gap-free series per fiscal year
 * (July–June) and its content is frozen. A credit note cancels one, with a number of its own.
 */

export interface InvoiceDeps {
  config: Config;
  /** Without one (the demo data), the invoice is issued and not mailed. */
  mailer?: Mailer;
}

/** Bangladesh's fiscal year of a day: July to June, written "2026-27". */
export function fiscalYearOf(isoDay: string): string {
  const year = Number(isoDay.slice(0, 4));
  const month = Number(isoDay.slice(5, 7));
  const start = month >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const PREFIX = { invoice: 'INV', credit_note: 'CN' } as const;
const numberOf = (kind: 'invoice' | 'credit_note', fiscalYear: string, seq: number) => `${PREFIX[kind]}-${fiscalYear}-${String(seq).padStart(6, '0')}`;

/** What the settings put on an invoice issued now: the seller, the signatory and the SD rate. */
function issuerOf(config: Config): IssuerSettings {
  const h = config.hotel;
  return {
    seller: { legalName: h.legalName, bin: h.bin, address: h.address, addressBn: h.addressBn, phone: h.phone, email: h.email },
    signatory: { ...h.signatory },
    sdRate: h.sdRate,
  };
}

async function contentOf(tx: Executor, config: Config, reservationId: string): Promise<InvoiceContent> {
  const source = await invoiceSource(tx, reservationId);
  if (!source) throw AppError.notFound('This reservation does not exist.', 'RESERVATION_NOT_FOUND');
  return invoiceContent(source, issuerOf(config));
}

/**
 * Issues the reservation's invoice when all its rooms are done and it has none that stands: the
 * number drawn, the content frozen, the guest mailed the PDF in their language (the mail draws it
 * when it is sent). Runs in the caller's transaction, which holds the reservation's row lock.
 */
export async function issueInvoiceIfDone(tx: Executor, deps: InvoiceDeps, reservationId: string, by: string | null, now: Date): Promise<InvoiceRow | null> {
  const source = await invoiceSource(tx, reservationId);
  if (!source) return null;
  const done = source.rooms.every((r) => r.stage === 'checked_out' || r.status !== 'active');
  if (!done || (await standingInvoice(tx, reservationId))) return null;
  const content = invoiceContent(source, issuerOf(deps.config));
  // A reservation cancelled free of charge has nothing to invoice.
  if (content.lines.length === 0 || content.totals.total === 0) return null;
  const invoice = await issue(tx, deps, { reservationId, kind: 'invoice', content, by, now });
  const to = await invoiceRecipient(tx, reservationId);
  if (to?.email && deps.mailer) {
    const lang = to.language === 'bn' ? 'bn' : 'en';
    await deps.mailer.enqueue(tx, invoiceMail(deps.config, invoice, to.email, to.name, lang));
  }
  return invoice;
}

async function issue(
  tx: Executor,
  deps: InvoiceDeps,
  input: { reservationId: string; kind: 'invoice' | 'credit_note'; content: object; by: string | null; now: Date; credits?: string; reason?: string },
): Promise<InvoiceRow> {
  const fiscalYear = fiscalYearOf(todayAt(deps.config.hotel.timeZone, input.now));
  const seq = await drawNumber(tx, input.kind, fiscalYear);
  return insertInvoice(tx, {
    reservationId: input.reservationId,
    kind: input.kind,
    fiscalYear,
    seq,
    number: numberOf(input.kind, fiscalYear, seq),
    issuedAt: input.now,
    issuedBy: input.by,
    credits: input.credits ?? null,
    reason: input.reason ?? null,
    content: input.content as Record<string, unknown>,
  });
}

/**
 * `POST /api/reservations/:id/credit-notes`: cancels the standing invoice with a credit note of
 * its own number and the same lines, negated. The folio can then be corrected and invoiced again.
 */
export async function creditInvoice(tx: Executor, deps: InvoiceDeps, reservationId: string, reason: string, by: string, now: Date): Promise<InvoiceRow> {
  const invoice = await standingInvoice(tx, reservationId);
  if (!invoice) throw AppError.conflict('This reservation has no invoice to cancel.', 'NO_INVOICE');
  // The credit note keeps the content of the invoice it cancels, as stored (whatever its version).
  return issue(tx, deps, { reservationId, kind: 'credit_note', content: invoice.content, by, now, credits: invoice.id, reason });
}

/** `POST /api/reservations/:id/invoices`: invoices again after a credit note (every room must be done). */
export async function reissueInvoice(tx: Executor, deps: InvoiceDeps, reservationId: string, by: string, now: Date): Promise<InvoiceRow> {
  if (await standingInvoice(tx, reservationId)) throw AppError.conflict('This reservation has an invoice already: cancel it with a credit note first.', 'INVOICE_STANDS');
  const invoice = await issueInvoiceIfDone(tx, deps, reservationId, by, now);
  if (!invoice) throw AppError.conflict('An invoice is issued when every room of the reservation has checked out or ended, and something is charged.', 'NOT_DONE');
  return invoice;
}

/** The PDF of an issued invoice or credit note, in `lang`; a credit note names the invoice it cancels and why. */
async function issuedPdf(db: Executor, invoice: InvoiceRow, lang: TLanguage): Promise<Buffer> {
  const credited = invoice.credits ? await findInvoiceById(db, invoice.credits) : undefined;
  const view = invoiceView(readContent(invoice.content), lang, {
    kind: invoice.kind,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    ...(credited ? { credits: { number: credited.number, issuedAt: credited.issuedAt } } : {}),
    reason: invoice.reason,
  });
  return renderInvoicePdf(view);
}

/**
 * `GET /api/reservations/:id/invoice`: the standing invoice (or the one numbered `number`, a
 * credit note included); before one is issued, a proforma drawn from the folio as it is now, for
 * staff only (`proformaAllowed`), with no number taken.
 */
export async function invoicePdf(
  db: Executor,
  config: Config,
  reservationId: string,
  options: { lang: TLanguage; number?: string; proformaAllowed: boolean },
): Promise<{ pdf: Buffer; filename: string }> {
  const invoice = options.number ? await findInvoice(db, reservationId, options.number) : await standingInvoice(db, reservationId);
  if (invoice) return { pdf: await issuedPdf(db, invoice, options.lang), filename: `${invoice.number}-${options.lang}.pdf` };
  if (options.number || !options.proformaAllowed) {
    throw AppError.notFound('No invoice has been issued for this reservation yet: it is issued at check-out.', 'INVOICE_NOT_FOUND');
  }
  const content = await contentOf(db, config, reservationId);
  const view = invoiceView(content, options.lang, { kind: 'proforma', number: null, issuedAt: new Date() });
  return { pdf: await renderInvoicePdf(view), filename: `proforma-${content.reference}-${options.lang}.pdf` };
}

/** The mailer's resolver for invoice attachments: `ref` is "<invoice id>:<lang>". */
export function invoiceAttachmentResolver(db: Executor) {
  return async (ref: string) => {
    const [id, lang] = ref.split(':');
    const invoice = id ? await findInvoiceById(db, id) : undefined;
    if (!invoice) throw new Error(`Invoice ${id} not found for a mail attachment`);
    return { content: await issuedPdf(db, invoice, lang === 'bn' ? 'bn' : 'en'), contentType: 'application/pdf' };
  };
}

/** The mail that carries an issued invoice to the guest, in their language, the PDF attached. */
function invoiceMail(config: Config, invoice: InvoiceRow, to: string, name: string, lang: TLanguage) {
  const content = readContent(invoice.content);
  const { date } = wallClockAt(invoice.issuedAt, config.hotel.timeZone);
  const words =
    lang === 'bn'
      ? {
          subject: `${config.hotel.name}: আপনার ভ্যাট চালান ${invoice.number}`,
          text: `প্রিয় ${name},\n\nআপনার বুকিং ${content.reference}-এর ভ্যাট চালান (মূসক-৬.৩) ${invoice.number} সংযুক্ত করা হলো। আমাদের সাথে থাকার জন্য ধন্যবাদ।\n\n${config.hotel.name}`,
        }
      : {
          subject: `${config.hotel.name}: your VAT invoice ${invoice.number}`,
          text: `Dear ${name},\n\nPlease find attached the VAT invoice (Mushak-6.3) ${invoice.number} of ${date} for your reservation ${content.reference}. Thank you for staying with us.\n\n${config.hotel.name}`,
        };
  const html = words.text
    .split('\n\n')
    .map((p) => `<p>${p.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    kind: 'invoice',
    to,
    subject: words.subject,
    html,
    text: words.text,
    attachments: [{ kind: 'invoice', ref: `${invoice.id}:${lang}`, filename: `${invoice.number}.pdf` }],
  };
}


