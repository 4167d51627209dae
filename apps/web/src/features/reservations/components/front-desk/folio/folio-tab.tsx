import { DollarOutlined, FilePdfOutlined, PlusOutlined, RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import type { TFolio, TFolioLine, TMoneyMovement } from '@residency/shared';
import { App, Button, Grid, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LoadError } from '../../../../../components/dashboard/load-error';
import { roomNumberText } from '../../../../../lib/category-texts';
import { useGetChargeTypesQuery } from '../../../../../lib/charge-types-api';
import { formatDateTime, formatLongDate, formatNumber, formatShortDate, formatTaka } from '../../../../../lib/format';
import { getSite } from '../../../../../lib/site';
import { useSession } from '../../../../../lib/use-session';
import { downloadInvoice, reservationsApi } from '../../../reservations-api';
import { useDeskErrorText } from '../desk-text';
import { ChargeModal, CreditNoteModal, FolioPaymentModal, OnlineRefundModal, RefundModal, ReversalModal } from './folio-forms';
import { groupFolioLines, lineLabel, standingInvoice, type ShownLine } from './folio-view';

interface Props {
  reservationId: string;
  /** The room whose details are open: a charge goes to it unless staff choose another. */
  bookingId: string;
  /** The reservation's rooms (one, or several). */
  rooms: readonly { bookingId: string; roomNumber: string }[];
}

type Dialog = 'charge' | 'payment' | 'refund' | 'creditNote' | null;

/**
 * The reservation's folio at the desk (issue 22): its lines room by room and day by day, each
 * with its discount, service charge and VAT under it and reversed lines struck through with the
 * reversal's reason; the totals and the balance (below zero: what the hotel owes the guest); the
 * payments and refunds; the invoices, credit notes and the proforma in English and Bengali; and
 * the desk's actions on it. One list that reads the same at 375 px and on a desk's screen.
 */
export function FolioTab({ reservationId, bookingId, rooms }: Props) {
  const { t, i18n } = useTranslation(['front-desk', 'reservations']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useDeskErrorText();
  const { token } = useSession();
  const { data, isLoading, isError, error, refetch } = reservationsApi.useGetFolioQuery(reservationId);
  const { data: types } = useGetChargeTypesQuery();
  const [reissue, { isLoading: reissuing }] = reservationsApi.useReissueInvoiceMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reversing, setReversing] = useState<TFolioLine | null>(null);
  const [refunding, setRefunding] = useState<TMoneyMovement | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const chargeTypes = types?.data ?? [];
  const what = (line: TFolioLine) => lineLabel(line, (key, values) => t(key, values ?? {}), lng, chargeTypes, (rate) => formatNumber(rate, lng));

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError || !data) return <LoadError error={error} fallback={t('front-desk:folio.loadFailed')} retryLabel={t('front-desk:folio.retry')} onRetry={refetch} />;
  const folio = data.data;
  const standing = standingInvoice(folio);
  const credited = folio.invoices.some((i) => i.kind === 'credit_note');

  const download = async (key: string, language: 'en' | 'bn', number?: string) => {
    setDownloading(key);
    try {
      await downloadInvoice(reservationId, token, { lang: language, ...(number ? { number } : {}) });
    } catch (err) {
      message.error(errorText(err, t('front-desk:folio.invoices.failed')), 6);
    } finally {
      setDownloading(null);
    }
  };

  const pdfButtons = (key: string, name: string, number?: string) => (
    <span className="flex shrink-0 gap-2">
      {(['en', 'bn'] as const).map((language) => {
        const label = t(language === 'en' ? 'front-desk:folio.invoices.english' : 'front-desk:folio.invoices.bengali');
        return (
          <Button
            key={language}
            icon={<FilePdfOutlined aria-hidden />}
            loading={downloading === `${key}:${language}`}
            onClick={() => void download(`${key}:${language}`, language, number)}
            aria-label={t('front-desk:folio.invoices.download', { name, language: label })}
            lang={language}
            data-testid={`pdf-${key}-${language}`}
          >
            {label}
          </Button>
        );
      })}
    </span>
  );

  return (
    <div className="flex flex-col gap-4" data-testid="folio">
      <div className="flex flex-wrap gap-2" data-testid="folio-actions">
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('charge')} data-testid="folio-charge">
          {t('front-desk:folio.actions.charge')}
        </Button>
        {folio.balance > 0 && (
          <Button
            type="primary"
            className="enabled:!bg-green-700 enabled:hover:!bg-green-600"
            icon={<DollarOutlined aria-hidden />}
            onClick={() => setDialog('payment')}
            data-testid="folio-payment"
          >
            {t('front-desk:folio.actions.payment')}
          </Button>
        )}
        {folio.refundable > 0 && (
          <Button icon={<RollbackOutlined aria-hidden />} onClick={() => setDialog('refund')} data-testid="folio-refund">
            {t('front-desk:folio.actions.refund')}
          </Button>
        )}
        {standing && (
          <Button danger onClick={() => setDialog('creditNote')} data-testid="folio-credit-note">
            {t('front-desk:folio.actions.creditNote')}
          </Button>
        )}
        {!standing && credited && (
          <Popconfirm
            title={t('front-desk:folio.reissue.ask')}
            okText={t('front-desk:folio.reissue.ok')}
            cancelText={t('front-desk:folio.cancel')}
            onConfirm={async () => {
              try {
                await reissue(reservationId).unwrap();
                message.success(t('front-desk:folio.reissue.done'), 3);
              } catch (err) {
                message.error(errorText(err, t('reservations:messages.somethingWentWrong')), 6);
              }
            }}
          >
            <Button loading={reissuing} data-testid="folio-reissue">
              {t('front-desk:folio.actions.reissue')}
            </Button>
          </Popconfirm>
        )}
      </div>

      <FolioLines folio={folio} what={what} onReverse={setReversing} />
      <FolioTotals folio={folio} />
      <MoneyList folio={folio} onRefund={setRefunding} />
      <OnlineRefunds folio={folio} />

      <section aria-labelledby="folio-invoices-heading">
        <h4 id="folio-invoices-heading" className="mt-0 mb-2 text-sm font-semibold text-slate-900">
          {t('front-desk:folio.invoices.heading')}
        </h4>
        <ul className="m-0 flex list-none flex-col gap-2 p-0" data-testid="folio-invoices">
          {folio.invoices.map((invoice) => (
            <li key={invoice._id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-2" data-testid="folio-invoice">
              <span className="min-w-0">
                <span className="font-mono font-semibold">{invoice.number}</span>{' '}
                <Tag color={invoice.kind === 'credit_note' ? 'volcano' : invoice === standing ? 'green' : 'default'}>{t(`front-desk:folio.invoices.${invoice.kind}`)}</Tag>
                <span className="block text-xs text-slate-600">{formatDateTime(invoice.issuedAt, lng, getSite().timeZone)}</span>
              </span>
              {pdfButtons(invoice.number, invoice.number, invoice.number)}
            </li>
          ))}
          {!standing && (
            <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed border-slate-300 p-2" data-testid="folio-proforma">
              <span className="min-w-0 max-w-md">
                <span className="font-semibold">{t('front-desk:folio.invoices.proforma')}</span>
                <span className="block text-xs text-slate-600">{t('front-desk:folio.invoices.proformaHint')}</span>
              </span>
              {pdfButtons('proforma', t('front-desk:folio.invoices.proforma'))}
            </li>
          )}
        </ul>
      </section>

      <ChargeModal
        reservationId={reservationId}
        open={dialog === 'charge'}
        onClose={() => setDialog(null)}
        chargeTypes={chargeTypes}
        rooms={rooms}
        bookingId={bookingId}
      />
      <FolioPaymentModal reservationId={reservationId} balance={folio.balance} open={dialog === 'payment'} onClose={() => setDialog(null)} />
      <RefundModal reservationId={reservationId} folio={folio} open={dialog === 'refund'} onClose={() => setDialog(null)} />
      <OnlineRefundModal reservationId={reservationId} payment={refunding} folio={folio} onClose={() => setRefunding(null)} />
      {standing && <CreditNoteModal reservationId={reservationId} number={standing.number} open={dialog === 'creditNote'} onClose={() => setDialog(null)} />}
      <ReversalModal reservationId={reservationId} line={reversing} what={reversing ? what(reversing) : ''} onClose={() => setReversing(null)} />
    </div>
  );
}

/** The lines, room by room and day by day. */
function FolioLines({ folio, what, onReverse }: { folio: TFolio; what: (line: TFolioLine) => string; onReverse: (line: TFolioLine) => void }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  // On a phone Reverse is its icon (named for screen readers), so the line's words keep the width.
  const phone = !Grid.useBreakpoint().sm;
  const taka = (n: number) => formatTaka(n, lng);
  const rooms = groupFolioLines(folio.lines);
  const actionColumn = 'w-8 shrink-0 text-right sm:w-[5.5rem]';
  if (rooms.length === 0) return <p className="m-0 text-slate-600">{t('folio.empty')}</p>;

  const reversalNote = (reversal: TFolioLine) => (
    <span className="block text-xs text-rose-800 not-italic" data-testid="folio-reversal-note">
      {reversal.postedBy
        ? t('folio.reversedBy', { name: reversal.postedBy.name, reason: reversal.reason ?? '' })
        : t('folio.reversed', { reason: reversal.reason ?? '' })}
    </span>
  );

  const row = ({ line, adjustments, reversal }: ShownLine) => {
    const struck = reversal !== null;
    return (
      <li key={line._id} className="border-b border-slate-100 py-2 last:border-b-0" data-testid="folio-line" data-reversed={struck}>
        <div className="flex items-start gap-3">
          <span className="min-w-0 flex-1">
            <span className={`block ${struck ? 'text-slate-500 line-through' : 'text-slate-900'}`} data-testid="folio-line-what">
              {what(line)}
            </span>
            <span className={`block text-xs text-slate-600 ${struck ? 'line-through' : ''}`}>
              {t('folio.quantity', { quantity: formatNumber(line.quantity, lng), price: taka(line.unitPrice) })}
            </span>
            {reversal && reversalNote(reversal)}
          </span>
          <span className={`shrink-0 text-right tabular-nums ${struck ? 'text-slate-500 line-through' : 'font-medium text-slate-900'}`} data-testid="folio-line-amount">
            {taka(line.amount)}
          </span>
          {/* The same width on every row, so that the amounts line up whether a line can be reversed or not. */}
          <span className={actionColumn}>
            {!struck && (
              <Button
                size={phone ? 'middle' : 'small'}
                icon={<UndoOutlined aria-hidden />}
                onClick={() => onReverse(line)}
                aria-label={`${t('folio.actions.reverse')}: ${what(line)}, ${taka(line.amount)}`}
                title={phone ? t('folio.actions.reverse') : undefined}
                data-testid="folio-reverse"
              >
                {phone ? null : t('folio.actions.reverse')}
              </Button>
            )}
          </span>
        </div>
        {adjustments.length > 0 && (
          <ul className="m-0 mt-1 list-none border-l-2 border-slate-200 p-0 pl-3" aria-label={what(line)}>
            {adjustments.map((a) => (
              <li key={a.line._id} className="flex items-baseline gap-3 text-sm text-slate-700" data-testid="folio-adjustment">
                <span className={`min-w-0 flex-1 ${a.reversal ? 'line-through' : ''}`}>{what(a.line)}</span>
                <span className={`shrink-0 text-right tabular-nums ${a.reversal ? 'text-slate-500 line-through' : ''}`}>{taka(a.line.amount)}</span>
                <span className={actionColumn} aria-hidden />
              </li>
            ))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-3" data-testid="folio-lines">
      {rooms.map((room) => (
        <section key={room.bookingId} aria-labelledby={`folio-room-${room.bookingId}`} className="rounded-lg border border-slate-200" data-testid="folio-room">
          <h4 id={`folio-room-${room.bookingId}`} className="m-0 rounded-t-lg bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900">
            {t('folio.roomHeading', { room: roomNumberText(room.roomNumber, lng) })}
          </h4>
          {room.days.map((day) => (
            <div key={day.date} className="px-3 pt-2" data-testid="folio-day">
              <h5 className="m-0 text-xs font-semibold tracking-wide text-slate-600 uppercase">{formatShortDate(day.date, lng)}</h5>
              <ul className="m-0 list-none p-0">{day.lines.map(row)}</ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

/** Charged, paid, refunded and the balance; below zero it is what the guest gets back. */
function FolioTotals({ folio }: { folio: TFolio }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const taka = (n: number) => formatTaka(n, lng);
  const owed = folio.balance < 0;
  const cell = (key: string, label: string, value: string, tone = 'text-slate-900') => (
    <div data-testid={`folio-total-${key}`}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`m-0 font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dl className="m-0 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cell('charged', t('folio.totals.charged'), taka(folio.charged))}
        {cell('paid', t('folio.totals.paid'), taka(folio.paid))}
        {cell('refunded', t('folio.totals.refunded'), taka(folio.refunded))}
        {owed
          ? cell('balance', t('folio.totals.refundable'), taka(-folio.balance), 'text-green-800')
          : cell('balance', t('folio.totals.balance'), taka(folio.balance), folio.balance > 0 ? 'text-amber-800' : 'text-slate-900')}
      </dl>
      {folio.cityLedger && (
        <p className="mt-2 mb-0 text-sm text-slate-700" data-testid="folio-city-ledger">
          {t('folio.cityLedger', { date: formatLongDate(folio.cityLedger.at, lng) })}
          {folio.cityLedger.note && <span className="block">{t('folio.cityLedgerNote', { note: folio.cityLedger.note })}</span>}
        </p>
      )}
    </div>
  );
}

/** What a gateway told of its money, as the desk reads it: its method as the gateway named it, its references and the fee it kept. */
function gatewayText(t: TFunction<'front-desk'>, m: TMoneyMovement, lng: string): string {
  const g = m.gateway!;
  const d = g.details;
  return [
    t(`folio.gateways.${g.name}`),
    d.cardType,
    d.payer ? t('folio.money.payer', { payer: d.payer }) : null,
    d.bankTranId ? `bank_tran_id ${d.bankTranId}` : null,
    d.valId && d.valId !== g.ref ? `val_id ${d.valId}` : null,
    g.fee !== null ? t('folio.money.fee', { amount: formatTaka(g.fee, lng) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Payments and refunds, oldest first: when, how, the reference, who, and a refund's reason; an online payment's gateway and a refund to it. */
function MoneyList({ folio, onRefund }: { folio: TFolio; onRefund: (payment: TMoneyMovement) => void }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const timeZone = getSite().timeZone;
  const all: (TMoneyMovement & { kind: 'payment' | 'refund' })[] = [
    ...folio.payments.map((p) => ({ ...p, kind: 'payment' as const })),
    ...folio.refunds.map((r) => ({ ...r, kind: 'refund' as const })),
  ].sort((a, b) => a.paidAt.localeCompare(b.paidAt));
  return (
    <section aria-labelledby="folio-money-heading">
      <h4 id="folio-money-heading" className="mt-0 mb-2 text-sm font-semibold text-slate-900">
        {t('folio.money.heading')}
      </h4>
      {all.length === 0 ? (
        <p className="m-0 text-sm text-slate-600">{t('folio.money.none')}</p>
      ) : (
        <ul className="m-0 list-none p-0" data-testid="folio-money">
          {all.map((m) => (
            <li key={`${m.kind}-${m._id}`} className="flex items-start gap-3 border-b border-slate-100 py-2 last:border-b-0" data-testid={`folio-money-${m.kind}`}>
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-medium text-slate-900">
                  {t(`folio.money.${m.kind}`)} · {t(`methods.${m.method}`)}
                </span>
                <span className="block text-xs text-slate-600">
                  {[formatDateTime(m.paidAt, lng, timeZone), m.reference ? t('folio.money.reference', { reference: m.reference }) : null, m.recordedBy ? t('folio.money.by', { name: m.recordedBy.name }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {m.gateway && (
                  <span className="block text-xs break-all text-slate-600" data-testid="folio-money-gateway">
                    {gatewayText(t, m, lng)}
                  </span>
                )}
                {m.reason && <span className="block text-xs text-slate-700">{m.reason}</span>}
                {m.kind === 'payment' && m.gateway && folio.refundable > 0 && (
                  <Button size="small" className="mt-1" icon={<RollbackOutlined aria-hidden />} onClick={() => onRefund(m)} data-testid="folio-online-refund">
                    {t('folio.onlineRefund.action')}
                  </Button>
                )}
              </span>
              <span className={`shrink-0 text-right font-medium tabular-nums ${m.kind === 'refund' ? 'text-rose-800' : 'text-green-800'}`}>
                {formatTaka(m.kind === 'refund' ? -m.amount : m.amount, lng)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Refunds through a gateway still under way or refused: the done ones are in the money above. */
function OnlineRefunds({ folio }: { folio: TFolio }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const open = (folio.onlineRefunds ?? []).filter((r) => r.state !== 'done');
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="folio-online-refunds-heading">
      <h4 id="folio-online-refunds-heading" className="mt-0 mb-2 text-sm font-semibold text-slate-900">
        {t('folio.onlineRefund.heading')}
      </h4>
      <ul className="m-0 list-none p-0" data-testid="folio-online-refunds">
        {open.map((r) => (
          <li key={r._id} className="flex items-start gap-3 border-b border-slate-100 py-2 text-sm last:border-b-0" data-testid="folio-online-refund-row" data-state={r.state}>
            <span className="min-w-0 flex-1">
              <Tag color={r.state === 'failed' ? 'red' : 'gold'}>{t(`folio.onlineRefund.states.${r.state}`)}</Tag>
              <span className="text-xs text-slate-600">{formatDateTime(r.createdAt, lng, getSite().timeZone)}</span>
              {r.failure && <span className="block text-xs text-red-800">{r.failure}</span>}
              <span className="block text-xs text-slate-700">{r.reason}</span>
            </span>
            <span className="shrink-0 font-medium text-rose-800 tabular-nums">{formatTaka(-r.amount, lng)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
