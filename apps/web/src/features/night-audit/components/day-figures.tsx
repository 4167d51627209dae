import type { TDayFigures } from '@residency/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../lib/format';

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A share (0–1) as a percentage in the reader's digits: 66.7%, ৬৬.৭%. */
function formatPercent(share: number, lng: string): string {
  let format = percentFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-IN', { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(lng, format);
  }
  return format.format(share);
}

function Tile({ label, value, sub, testId, strong = false }: { label: string; value: ReactNode; sub?: ReactNode; testId: string; strong?: boolean }) {
  return (
    <div className={`min-w-0 rounded-lg border p-3 ${strong ? 'border-sky-200 bg-sky-50' : 'border-slate-200 bg-white'}`} data-testid={testId}>
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <span className="block text-lg font-semibold break-words text-slate-900" data-testid={`${testId}-value`}>
        {value}
      </span>
      {sub && <span className="block text-xs text-slate-600">{sub}</span>}
    </div>
  );
}

function Group({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="mb-4" aria-label={title} data-testid={testId}>
      <h4 className="mt-0 mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h4>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-4">{children}</div>
    </section>
  );
}

/**
 * A day's figures (issue 35): rooms (occupancy, ADR, RevPAR), revenue lines, the guests' movements
 * and the money (received, refunds, cash, deposits, city ledger, and by method), live for an
 * open day and frozen for a closed one. Amounts in Taka, digits in the reader's language.
 */
export function DayFigures({ figures }: { figures: TDayFigures }) {
  const { t, i18n } = useTranslation(['night-audit', 'folio']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const taka = (n: number) => formatTaka(n, lng);
  const num = (n: number) => formatNumber(n, lng);
  const f = figures;
  const methods = f.payments.byMethod;

  return (
    <div data-testid="night-audit-figures">
      <Group title={t('figures.rooms')} testId="figures-rooms">
        <Tile
          label={t('figures.occupancy')}
          value={formatPercent(f.occupancy, lng)}
          // A channel's stays are sold too: occupancy counts them (as the dashboard does).
          sub={t('figures.roomsSold', { sold: num(f.roomsSold + f.channelNights), available: num(f.roomsAvailable) })}
          testId="figure-occupancy"
          strong
        />
        <Tile label={t('figures.adr')} value={taka(f.adr)} testId="figure-adr" />
        <Tile label={t('figures.revpar')} value={taka(f.revpar)} testId="figure-revpar" />
      </Group>
      <Group title={t('figures.revenue')} testId="figures-revenue">
        <Tile label={t('figures.roomRevenue')} value={taka(f.roomRevenue)} testId="figure-room-revenue" />
        <Tile label={t('figures.otherRevenue')} value={taka(f.otherRevenue)} testId="figure-other-revenue" />
        <Tile label={t('figures.serviceCharge')} value={taka(f.serviceCharge)} testId="figure-service-charge" />
        <Tile label={t('figures.vat')} value={taka(f.vat)} testId="figure-vat" />
      </Group>
      <Group title={t('figures.guests')} testId="figures-guests">
        <Tile label={t('figures.arrivals')} value={num(f.arrivals)} testId="figure-arrivals" />
        <Tile label={t('figures.departures')} value={num(f.departures)} testId="figure-departures" />
        <Tile label={t('figures.noShows')} value={num(f.noShows)} testId="figure-no-shows" />
        <Tile label={t('figures.cancellations')} value={num(f.cancellations)} testId="figure-cancellations" />
      </Group>
      <Group title={t('figures.money')} testId="figures-money">
        <Tile label={t('figures.received')} value={taka(f.payments.received)} testId="figure-received" strong />
        <Tile
          label={t('figures.refunds')}
          value={taka(f.refunds.amount)}
          sub={t('figures.refundsCount', { count: f.refunds.count, n: num(f.refunds.count) })}
          testId="figure-refunds"
        />
        <Tile label={t('figures.cash')} value={taka(f.cash)} sub={t('figures.cashHint')} testId="figure-cash" />
        <Tile label={t('figures.deposits')} value={taka(f.deposits)} sub={t('figures.depositsHint')} testId="figure-deposits" />
        <Tile
          label={t('figures.cityLedger')}
          value={taka(f.cityLedger.amount)}
          sub={t('figures.cityLedgerCount', { count: f.cityLedger.count, n: num(f.cityLedger.count) })}
          testId="figure-city-ledger"
        />
      </Group>
      <section className="mb-4" aria-labelledby="figures-by-method" data-testid="figures-by-method">
        <h4 id="figures-by-method" className="mt-0 mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase">
          {t('figures.byMethod')}
        </h4>
        {methods.length === 0 ? (
          <p className="m-0 text-sm text-slate-700">{t('figures.noMoney')}</p>
        ) : (
          <table className="w-full max-w-xl border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-700">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('figures.method')}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  {t('figures.methodReceived')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('figures.methodRefunded')}
                </th>
              </tr>
            </thead>
            <tbody>
              {methods.map((m) => (
                <tr key={m.method} className="border-b border-slate-100" data-testid={`figure-method-${m.method}`}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-900">
                    {t(`folio:methods.${m.method}`, { defaultValue: m.method })}
                  </th>
                  <td className="py-1 pr-2 text-right text-slate-900">{taka(m.received)}</td>
                  <td className={`py-1 text-right ${m.refunded > 0 ? 'text-rose-700' : 'text-slate-900'}`}>{taka(m.refunded)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
