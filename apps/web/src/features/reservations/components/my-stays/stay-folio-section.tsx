import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import type { TBooking, TFolio } from '@residency/shared';
import { App, Button, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatDateTime, formatLongDate, formatNumber, formatShortDate, formatTaka } from '../../../../lib/format';
import { useErrorText } from '../../../../lib/server-error';
import { getSite } from '../../../../lib/site';
import { useAppSelector } from '../../../../lib/store-hooks';
import { downloadInvoice, reservationsApi } from '../../reservations-api';
import { standingInvoice } from '../front-desk/folio/folio-view';
import { guestBill, moneyMovements, type GuestChargeRow } from './guest-folio';
import { StayReceipt } from './stay-receipt';

/** What the bill reads of the stay: the reservation as one stay (reservation-summary.ts: reservationAsStay). */
export type FolioStay = Pick<TBooking, 'reservationId' | 'user' | 'startDate' | 'endDate' | 'state'>;

/**
 * The guest's bill of a reservation (issue 22; one per reservation, issue 31): what the folio charges (the nights, the extras, the
 * taxes; a line the hotel cancelled struck through), the payments and refunds received, the
 * balance; the VAT invoice and any credit note to download in English or Bengali once issued
 * (before check-out, when it will come), and a printable receipt of the money received.
 */
export function StayFolioSection({ stay, roomCount }: { stay: FolioStay; roomCount: number }) {
  const { t, i18n } = useTranslation('my-stays');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data, isLoading, isError } = reservationsApi.useGetFolioQuery(stay.reservationId);
  const folio = data?.data;

  return (
    <section aria-labelledby="stay-folio-heading" className="flex flex-col gap-3" data-testid="stay-folio">
      <h3 id="stay-folio-heading" className="m-0 text-base font-semibold text-slate-900">
        {t('folio.title')}
      </h3>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !folio ? (
        isError && <p className="m-0 text-sm text-red-700">{t('folio.loadFailed')}</p>
      ) : (
        <>
          {roomCount > 1 && (
            <p className="m-0 text-sm text-slate-600">{t('folio.shared', { count: roomCount, n: formatNumber(roomCount, lng), reference: folio.reference })}</p>
          )}
          <FolioCharges folio={folio} lng={lng} />
          <FolioMoney folio={folio} lng={lng} />
          <FolioDocuments stay={stay} folio={folio} roomCount={roomCount} lng={lng} />
        </>
      )}
    </section>
  );
}

/** A row's words: the nights and extras by kind, a charge by what the desk wrote or its type. */
function chargeRowText(t: TFunction, row: GuestChargeRow, lng: string): string {
  if (row.kind === 'charge') {
    const type = row.chargeType ? t(`folio.chargeTypes.${row.chargeType}`, { defaultValue: row.chargeType }) : t('folio.kinds.charge');
    return row.description && row.description !== type ? `${type}: ${row.description}` : type;
  }
  if (row.kind === 'room' || row.kind === 'extra_guest' || row.kind === 'meal') {
    return `${t(`folio.kinds.${row.kind}`)} (${t('folio.nights', { count: row.quantity, n: formatNumber(row.quantity, lng) })})`;
  }
  return row.description || t(`folio.kinds.${row.kind}`);
}

function FolioCharges({ folio, lng }: { folio: TFolio; lng: string }) {
  const { t } = useTranslation('my-stays');
  const bill = guestBill(folio.lines);
  const taka = (v: number) => formatTaka(v, lng);
  const several = bill.rooms.length > 1;
  return (
    <div className="rounded-lg border border-slate-200" data-testid="folio-charges">
      {bill.rooms.map((room) => (
        <div key={room.bookingId} className="border-b border-slate-100 px-3 py-2 last:border-b-0">
          {several && <h4 className="m-0 mb-1 text-sm font-semibold text-slate-800">{t('folio.room', { number: roomNumberText(room.roomNumber, lng) })}</h4>}
          <ul className="m-0 list-none p-0 text-sm">
            {room.rows.map((row) => (
              <li
                key={row.key}
                className={`flex items-start justify-between gap-3 py-0.5 ${row.reversed ? 'text-slate-500' : 'text-slate-800'}`}
                data-testid="folio-row"
                data-reversed={row.reversed || undefined}
              >
                <span className="min-w-0">
                  <span className={row.reversed ? 'line-through' : undefined}>{chargeRowText(t, row, lng)}</span>
                  {row.kind !== 'room' && row.kind !== 'extra_guest' && row.kind !== 'meal' && (
                    <span className="ml-1 text-slate-600">· {formatShortDate(row.serviceDate, lng)}</span>
                  )}
                  {row.reversed && (
                    <span className="block text-xs text-slate-600">{row.reason ? t('folio.reversedWhy', { reason: row.reason }) : t('folio.reversed')}</span>
                  )}
                </span>
                <span className={`shrink-0 tabular-nums ${row.reversed ? 'line-through' : ''}`}>
                  {row.reversed && <span className="sr-only">{t('folio.notCounted')} </span>}
                  {taka(row.amount)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <dl className="m-0 border-t border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        {bill.discount !== 0 && <Amount label={t('folio.discount')} value={taka(bill.discount)} />}
        {bill.serviceCharge !== 0 && <Amount label={t('folio.serviceCharge')} value={taka(bill.serviceCharge)} />}
        {bill.vat !== 0 && <Amount label={t('folio.vat')} value={taka(bill.vat)} />}
        <Amount label={t('folio.charged')} value={taka(folio.charged)} strong testId="folio-charged" />
      </dl>
    </div>
  );
}

function FolioMoney({ folio, lng }: { folio: TFolio; lng: string }) {
  const { t } = useTranslation('my-stays');
  const site = getSite();
  const taka = (v: number) => formatTaka(v, lng);
  const moves = moneyMovements(folio);
  return (
    <div className="rounded-lg bg-slate-50 p-3" data-testid="folio-money">
      <h4 className="m-0 text-sm font-semibold text-slate-800">{t('folio.payments')}</h4>
      {moves.length === 0 ? (
        <p className="m-0 mt-1 text-sm text-slate-600">{t('folio.noPayments')}</p>
      ) : (
        <ul className="m-0 mt-1 list-none p-0 text-sm text-slate-700">
          {moves.map((m) => (
            <li key={`${m.kind}-${m._id}`} className="flex flex-wrap justify-between gap-x-3 py-0.5" data-testid={`folio-${m.kind}`}>
              <span>
                {t(`folio.${m.kind}Line`, { amount: taka(m.amount), method: t(`methods.${m.method}`) })}
                {m.reference && <span className="text-slate-600"> · {t('folio.reference', { reference: m.reference })}</span>}
              </span>
              <span className="text-slate-600">{formatDateTime(m.paidAt, lng, site.timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="m-0 mt-2 border-t border-slate-200 pt-2 text-sm">
        <Amount label={t('folio.paid')} value={taka(folio.paid)} />
        {folio.refunded > 0 && <Amount label={t('folio.refunded')} value={taka(folio.refunded)} />}
        <BalanceLine folio={folio} lng={lng} />
      </dl>
      {folio.cityLedger && <p className="m-0 mt-1 text-sm text-slate-600">{t('folio.cityLedger')}</p>}
    </div>
  );
}

/** The balance: due, settled, or (below 0) what the hotel owes the guest. */
function BalanceLine({ folio, lng }: { folio: Pick<TFolio, 'balance'>; lng: string }) {
  const { t } = useTranslation('my-stays');
  const label = folio.balance < 0 ? t('folio.credit') : t('folio.balance');
  return <Amount label={label} value={formatTaka(Math.abs(folio.balance), lng)} strong testId="folio-balance" />;
}

function Amount({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-3 py-0.5 ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd className="m-0 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function FolioDocuments({ stay, folio, roomCount, lng }: { stay: FolioStay; folio: TFolio; roomCount: number; lng: string }) {
  const { t } = useTranslation('my-stays');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const token = useAppSelector((state) => state.auth.token);
  const [busy, setBusy] = useState<string | null>(null);
  const site = getSite();
  const invoice = standingInvoice(folio);
  const creditNotes = folio.invoices.filter((i) => i.kind === 'credit_note');
  const over = stay.state === 'cancelled' || stay.state === 'no_show';

  const download = async (key: string, options: { lang: 'en' | 'bn'; number?: string }) => {
    setBusy(key);
    try {
      const name = await downloadInvoice(stay.reservationId, token, options);
      void message.success(t('invoice.done', { name }));
    } catch (error) {
      void message.error(errorText(error, t('invoice.failed')), 5);
    } finally {
      setBusy(null);
    }
  };
  const pair = (key: string, number: string | undefined, labels: { en: string; bn: string }) => (
    <div className="flex flex-wrap gap-2">
      {(['en', 'bn'] as const).map((lang) => (
        <Button
          key={lang}
          icon={<FilePdfOutlined aria-hidden />}
          loading={busy === `${key}-${lang}`}
          disabled={busy !== null && busy !== `${key}-${lang}`}
          onClick={() => void download(`${key}-${lang}`, number ? { lang, number } : { lang })}
          data-testid={`${key}-${lang}`}
        >
          {labels[lang]}
        </Button>
      ))}
    </div>
  );

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3" data-testid="folio-documents">
      <h4 className="m-0 text-sm font-semibold text-slate-800">{t('invoice.title')}</h4>
      {invoice ? (
        <div className="flex flex-col gap-2">
          <p className="m-0 text-sm text-slate-700" data-testid="invoice-number">
            {t('invoice.issued', { number: invoice.number, date: formatDateTime(invoice.issuedAt, lng, site.timeZone) })}
          </p>
          {pair('invoice', undefined, { en: t('invoice.en'), bn: t('invoice.bn') })}
        </div>
      ) : (
        !over &&
        creditNotes.length === 0 && (
          <p className="m-0 text-sm text-slate-700" data-testid="invoice-later">
            {roomCount > 1 ? t('invoice.atLastCheckOut') : t('invoice.atCheckOut', { date: formatLongDate(stay.endDate, lng) })}
          </p>
        )
      )}
      {creditNotes.map((note) => (
        <div key={note._id} className="flex flex-col gap-2" data-testid="credit-note">
          <p className="m-0 text-sm text-slate-700">
            {t('invoice.creditNote', { number: note.number, date: formatDateTime(note.issuedAt, lng, site.timeZone) })}
          </p>
          {pair(`credit-${note.number}`, note.number, { en: t('invoice.creditEn'), bn: t('invoice.creditBn') })}
        </div>
      ))}
      {/* A receipt is of money received or given back: none before the first payment. */}
      {folio.payments.length + folio.refunds.length > 0 && (
        <>
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-3">
            <p className="m-0 text-sm text-slate-600">{t('receipt.hint')}</p>
            <div>
              <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} data-testid="receipt-print">
                {t('receipt.button')}
              </Button>
            </div>
          </div>
          <StayReceipt stay={stay} folio={folio} />
        </>
      )}
    </div>
  );
}
