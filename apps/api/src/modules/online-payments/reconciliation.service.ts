import { instantAt, todayAt, type TReconciliation, type TReconciliationRow } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { moneyCell, textCell } from '../../lib/csv.ts';
import { reconciliationRows } from './online-payments.repository.ts';

/*
 * Reconciliation (issue 33): what the gateways said moved, beside what the folio recorded, for
 * days at the hotel. The gateway's side is its own answers (validation, execute, query; a refund
 * done), kept on each session; the payment job keeps asking about open sessions, so a payment
 * whose notification was lost is on both sides by the next pass.
 */

/** Longest period one report covers. */
const MAX_DAYS = 92;

const amountOf = (fact: Record<string, unknown> | null) => {
  const value = Number(fact?.amount);
  return Number.isFinite(value) ? value : null;
};

/** The gateway's reference in a kept answer: val_id (SSLCommerz) or trxID (bKash). */
const factRef = (fact: Record<string, unknown> | null) => {
  const ref = fact?.val_id ?? fact?.trxID;
  return typeof ref === 'string' && ref !== '' ? ref : null;
};

export async function reconciliation(db: Executor, config: Config, asked: { from?: string; to?: string }): Promise<TReconciliation> {
  const today = todayAt(config.hotel.timeZone);
  const from = asked.from ?? asked.to ?? today;
  const to = asked.to ?? (asked.from ? from : today);
  if (to < from) throw AppError.badRequest('to must not be before from.', 'VALIDATION_ERROR');
  const start = instantAt(from, '00:00', config.hotel.timeZone);
  const end = new Date(instantAt(to, '00:00', config.hotel.timeZone).getTime() + 24 * 3_600_000);
  if (end.getTime() - start.getTime() > MAX_DAYS * 24 * 3_600_000) throw AppError.badRequest(`At most ${MAX_DAYS} days in one report.`, 'VALIDATION_ERROR');

  const { sessions, money, refunds } = await reconciliationRows(db, start, end);
  const rows: TReconciliationRow[] = [];
  const seenPayments = new Set<string>();
  for (const { session, reference } of sessions) {
    const recorded = money.find((m) => m.payment.onlineSessionId === session.id && m.payment.kind === 'payment');
    if (recorded) seenPayments.add(recorded.payment.id);
    const gatewayAmount = amountOf(session.fact);
    const storeAmount = Number((session.fact as Record<string, unknown> | null)?.store_amount);
    const state: TReconciliationRow['state'] = !recorded ? 'missing_in_folio' : gatewayAmount === null || Math.round(gatewayAmount * 100) !== Math.round(recorded.payment.amount * 100) ? 'amount_differs' : 'matched';
    rows.push({
      kind: 'payment',
      state,
      gateway: session.gateway,
      reservationId: session.reservationId,
      reference,
      tranId: session.tranId,
      gatewayRef: recorded?.payment.gatewayRef ?? factRef(session.fact),
      gatewayAmount,
      folioAmount: recorded?.payment.amount ?? null,
      fee: gatewayAmount !== null && Number.isFinite(storeAmount) ? Math.round((gatewayAmount - storeAmount) * 100) / 100 : null,
      at: (recorded?.payment.paidAt ?? session.updatedAt).toISOString(),
    });
  }
  // Gateway money in the folio that no gateway answer stands behind.
  for (const m of money) {
    if (m.payment.kind !== 'payment' || seenPayments.has(m.payment.id)) continue;
    rows.push({ kind: 'payment', state: 'missing_at_gateway', gateway: m.payment.gateway!, reservationId: m.payment.reservationId, reference: m.reference, tranId: m.tranId ?? '', gatewayRef: m.payment.gatewayRef, gatewayAmount: null, folioAmount: m.payment.amount, fee: null, at: m.payment.paidAt.toISOString() });
  }
  const seenRefunds = new Set<string>();
  for (const { refund, reference, tranId, gateway } of refunds) {
    const recorded = money.find((m) => m.payment.id === refund.refundPaymentId);
    if (recorded) seenRefunds.add(recorded.payment.id);
    rows.push({
      kind: 'refund',
      state: !recorded ? 'missing_in_folio' : Math.round(recorded.payment.amount * 100) !== Math.round(refund.amount * 100) ? 'amount_differs' : 'matched',
      gateway,
      reservationId: refund.reservationId,
      reference,
      tranId,
      gatewayRef: refund.gatewayRef,
      gatewayAmount: refund.amount,
      folioAmount: recorded?.payment.amount ?? null,
      fee: null,
      at: refund.updatedAt.toISOString(),
    });
  }
  for (const m of money) {
    if (m.payment.kind !== 'refund' || seenRefunds.has(m.payment.id)) continue;
    rows.push({ kind: 'refund', state: 'missing_at_gateway', gateway: m.payment.gateway!, reservationId: m.payment.reservationId, reference: m.reference, tranId: m.tranId ?? '', gatewayRef: m.payment.gatewayRef, gatewayAmount: null, folioAmount: m.payment.amount, fee: null, at: m.payment.paidAt.toISOString() });
  }
  rows.sort((a, b) => a.at.localeCompare(b.at));
  const sum = (values: (number | null)[]) => Math.round(values.reduce<number>((s, v) => s + (v ?? 0), 0) * 100) / 100;
  const of = (kind: 'payment' | 'refund') => rows.filter((r) => r.kind === kind);
  return {
    from,
    to,
    rows,
    counts: {
      matched: rows.filter((r) => r.state === 'matched').length,
      missing_in_folio: rows.filter((r) => r.state === 'missing_in_folio').length,
      missing_at_gateway: rows.filter((r) => r.state === 'missing_at_gateway').length,
      amount_differs: rows.filter((r) => r.state === 'amount_differs').length,
    },
    totals: {
      gatewayPayments: sum(of('payment').map((r) => r.gatewayAmount)),
      gatewayRefunds: sum(of('refund').map((r) => r.gatewayAmount)),
      fees: sum(rows.map((r) => r.fee)),
      folioPayments: sum(of('payment').map((r) => r.folioAmount)),
      folioRefunds: sum(of('refund').map((r) => r.folioAmount)),
    },
  };
}

/** The report as CSV: one line per transaction, a header first. */
export function reconciliationCsv(report: TReconciliation): string {
  const header = ['Kind', 'State', 'Gateway', 'Reservation', 'tran_id', 'Gateway reference', 'Gateway amount', 'Folio amount', 'Fee', 'At'];
  const lines = report.rows.map((r) =>
    [textCell(r.kind), textCell(r.state), textCell(r.gateway), textCell(r.reference), textCell(r.tranId), textCell(r.gatewayRef ?? ''), r.gatewayAmount === null ? '' : moneyCell(r.gatewayAmount), r.folioAmount === null ? '' : moneyCell(r.folioAmount), r.fee === null ? '' : moneyCell(r.fee), textCell(r.at)].join(','),
  );
  return [header.map(textCell).join(','), ...lines].join('\r\n') + '\r\n';
}
