import type { TBooking, TFolio } from '@residency/shared';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLongDate, formatTaka } from '../../../../lib/format';
import { getSite, siteAddress } from '../../../../lib/site';
import { moneyMovements } from './guest-folio';

/*
 * Printing shows the receipt alone: everything else on the page (the app, the modal) is a
 * sibling of the receipt under <body>, so it is hidden only while printing.
 */
const PRINT_CSS = '@media print { body > *:not(.stay-receipt-print) { display: none !important; } }';

/**
 * The guest's receipt of a reservation (no VAT invoice: that is the PDF): the payments and
 * refunds with method, reference, date and amount, what the stay charges and the balance. Kept
 * out of sight and printed by the browser (window.print), so it needs no call to the server.
 */
export function StayReceipt({ stay, folio }: { stay: Pick<TBooking, 'user' | 'startDate' | 'endDate'>; folio: TFolio }) {
  const { t, i18n } = useTranslation('my-stays');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const taka = (v: number) => formatTaka(v, lng);
  const moves = moneyMovements(folio);
  const cell = 'border-b border-slate-300 px-2 py-1 text-left align-top';

  return createPortal(
    <div className="stay-receipt-print hidden bg-white p-8 text-[12pt] text-black print:block" data-testid="stay-receipt" lang={lng}>
      <style>{PRINT_CSS}</style>
      <header className="mb-6 flex justify-between gap-6 border-b-2 border-black pb-3">
        <div>
          <div className="text-xl font-bold">{site.name}</div>
          <div>{siteAddress(site, lng)}</div>
          <div>{site.phone}</div>
        </div>
        <div className="text-right">
          <h1 className="m-0 text-xl font-bold">{t('receipt.title')}</h1>
          <div>{t('receipt.printed', { date: formatDateTime(new Date().toISOString(), lng, site.timeZone) })}</div>
        </div>
      </header>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t('receipt.reservation')}</dt>
        <dd className="m-0" data-testid="receipt-reference">{folio.reference}</dd>
        <dt className="font-semibold">{t('receipt.guest')}</dt>
        <dd className="m-0">{stay.user.name}</dd>
        <dt className="font-semibold">{t('receipt.stay')}</dt>
        <dd className="m-0">
          {formatLongDate(stay.startDate, lng)} – {formatLongDate(stay.endDate, lng)}
        </dd>
      </dl>
      <table className="mb-6 w-full border-collapse">
        <thead>
          <tr>
            <th className={cell}>{t('receipt.date')}</th>
            <th className={cell}>{t('receipt.kind')}</th>
            <th className={cell}>{t('receipt.method')}</th>
            <th className={cell}>{t('receipt.reference')}</th>
            <th className={`${cell} text-right`}>{t('receipt.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {moves.length === 0 ? (
            <tr>
              <td className={cell} colSpan={5}>
                {t('folio.noPayments')}
              </td>
            </tr>
          ) : (
            moves.map((m) => (
              <tr key={`${m.kind}-${m._id}`} data-testid={`receipt-${m.kind}`}>
                <td className={cell}>{formatDateTime(m.paidAt, lng, site.timeZone)}</td>
                <td className={cell}>{t(`receipt.${m.kind}`)}</td>
                <td className={cell}>{t(`methods.${m.method}`)}</td>
                <td className={cell}>{m.reference ?? '—'}</td>
                <td className={`${cell} text-right tabular-nums`}>{taka(m.kind === 'refund' ? -m.amount : m.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-sm grid-cols-[1fr_max-content] gap-x-6 gap-y-1">
        <dt>{t('folio.charged')}</dt>
        <dd className="m-0 text-right tabular-nums">{taka(folio.charged)}</dd>
        <dt>{t('folio.paid')}</dt>
        <dd className="m-0 text-right tabular-nums" data-testid="receipt-paid">{taka(folio.paid)}</dd>
        <dt>{t('folio.refunded')}</dt>
        <dd className="m-0 text-right tabular-nums" data-testid="receipt-refunded">{taka(folio.refunded)}</dd>
        <dt className="border-t border-black pt-1 font-bold">{folio.balance < 0 ? t('folio.credit') : t('folio.balance')}</dt>
        <dd className="m-0 border-t border-black pt-1 text-right font-bold tabular-nums" data-testid="receipt-balance">
          {taka(Math.abs(folio.balance))}
        </dd>
      </dl>
      <p className="mt-8 text-sm">{t('receipt.notInvoice')}</p>
    </div>,
    document.body,
  );
}
