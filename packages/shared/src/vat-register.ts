import { z } from 'zod';

/*
 * The VAT sales register (issue 31): every tax invoice and credit note issued in a month, with
 * its value, supplementary duty and VAT, and the month's totals: what the hotel's accountant
 * copies into the monthly return (Mushak-9.1). A credit note reduces: its figures are negative.
 */

// Years 0100 to 9999, as for a day (ISO_DATE_PATTERN): PostgreSQL has no year 0000, so
// `month=0000-01` answered 500.
const MONTH = /^(?:0[1-9]|[1-9][0-9])[0-9]{2}-(0[1-9]|1[0-2])$/;
const monthMessage = 'Choose the month, as YYYY-MM (for example 2026-12).';

/** `GET /api/reports/vat-register?month=YYYY-MM[&format=csv]`: a month at the hotel (its time zone). */
export const ZVatRegisterQuery = z
  .object({
    month: z.string({ message: monthMessage }).regex(MONTH, monthMessage),
    /** `csv`: the register as a CSV download instead of JSON. */
    format: z.enum(['json', 'csv'], { message: 'The format is json or csv.' }).default('json'),
  })
  .strict();

const ZVatFigures = z.object({
  /** The taxable value: value before tax less discount, plus service charge (what SD and VAT are charged on). */
  value: z.number(),
  /** Supplementary duty. */
  sd: z.number(),
  vat: z.number(),
  /** value + SD + VAT. */
  total: z.number(),
});

const ZVatRegisterRow = ZVatFigures.extend({
  _id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  /** When it was issued (ISO instant). */
  issuedAt: z.string(),
  /** The day it was issued at the hotel (YYYY-MM-DD). */
  date: z.string(),
  reservationId: z.string(),
  /** The reservation's reference (RSV-…). */
  reference: z.string(),
  /** The buyer: the company when one was given, else the guest. */
  buyer: z.string(),
  /** The buyer's BIN (a company's), if any. */
  bin: z.string().nullable(),
  /** The number of the invoice a credit note cancels. */
  credits: z.string().nullable(),
});
export type TVatRegisterRow = z.infer<typeof ZVatRegisterRow>;

export const ZVatRegister = z.object({
  month: z.string(),
  timeZone: z.string(),
  rows: z.array(ZVatRegisterRow),
  /** The month's sums, credit notes taken off. */
  totals: ZVatFigures.extend({ invoices: z.number(), creditNotes: z.number() }),
});
export type TVatRegister = z.infer<typeof ZVatRegister>;
