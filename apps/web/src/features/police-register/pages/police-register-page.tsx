import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { addDays, isIsoDate, todayAt, type TPoliceRegister, type TPoliceRegisterRow } from '@residency/shared';
import { Alert, App, Button, Card, DatePicker, Empty, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { downloadWithToken } from '../../../lib/download';
import { formatLongDate, formatNumber, readerDigits } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { getSite } from '../../../lib/site';
import { useAppSelector } from '../../../lib/store-hooks';
import { downloadPoliceRegister, useGetPoliceRegisterQuery } from '../api';

/** Staff read the register from this many days back (the API's rule: older ranges are an admin's). */
const STAFF_WINDOW_DAYS = 30;
/** The longest range the API takes. */
const MAX_SPAN = 366;

const day = (value: string | null): string | null => (value && isIsoDate(value) ? value : null);

/** The nights of the address (?from=&to=); today when it names none, or a range the API would refuse. */
function periodOf(params: URLSearchParams, today: string, earliest: string | null): { from: string; to: string } {
  const from = day(params.get('from')) ?? today;
  const to = day(params.get('to')) ?? from;
  if (to < from || to > addDays(from, MAX_SPAN) || (earliest && from < earliest)) return { from: today, to: today };
  return { from, to };
}

const countryNames = new Map<string, Intl.DisplayNames>();
/** A nationality's name in the reader's language (বাংলাদেশ, Germany). */
function country(code: string | null, lng: string): string {
  if (!code) return '–';
  let names = countryNames.get(lng);
  if (!names) {
    names = new Intl.DisplayNames([lng === 'bn' ? 'bn' : 'en'], { type: 'region' });
    countryNames.set(lng, names);
  }
  return names.of(code) ?? code;
}

type Download = 'pdf-en' | 'pdf-bn' | 'csv' | `card-${string}`;

/**
 * The police register (issue 34), for the desk and the admin: every guest in the house on the
 * nights chosen (today by default), Bangladeshis and foreigners apart, the rooms checked in
 * without complete cards, and the downloads the police station takes (PDF in English or
 * Bengali, CSV) with each guest's card as PDF. The nights are in the address, so a reload keeps
 * them. Staff reach back 30 days; each download is logged by the server.
 */
export default function PoliceRegisterPage() {
  const { t, i18n } = useTranslation('police-register');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const token = useAppSelector((state) => state.auth.token);
  const area = useLocation().pathname.split('/')[1] || 'staff';
  const today = todayAt(getSite().timeZone);
  const earliest = area === 'admin' ? null : addDays(today, -STAFF_WINDOW_DAYS);
  const [params, setParams] = useSearchParams();
  const { from, to } = periodOf(params, today, earliest);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetPoliceRegisterQuery({ from, to }, { refetchOnMountOrArgChange: true });
  const report: TPoliceRegister | undefined = data?.data.from === from && data.data.to === to ? data.data : undefined;
  const [busy, setBusy] = useState<Download | null>(null);

  // A new start or end keeps the other on the right side of it and within the year the API covers.
  const choose = (next: { from: string } | { to: string }) => {
    const period =
      'from' in next
        ? { from: next.from, to: to < next.from ? next.from : to > addDays(next.from, MAX_SPAN) ? addDays(next.from, MAX_SPAN) : to }
        : { to: next.to, from: from > next.to ? next.to : from < addDays(next.to, -MAX_SPAN) ? addDays(next.to, -MAX_SPAN) : from };
    if (earliest && period.from < earliest) period.from = earliest;
    setParams(period, { replace: true });
  };
  const picker = (which: 'from' | 'to') => (
    <DatePicker
      value={dayjs(which === 'from' ? from : to)}
      onChange={(value: Dayjs | null) => value && choose(which === 'from' ? { from: value.format('YYYY-MM-DD') } : { to: value.format('YYYY-MM-DD') })}
      disabledDate={(value) => earliest !== null && value.format('YYYY-MM-DD') < earliest}
      allowClear={false}
      format="DD-MM-YYYY"
      inputReadOnly
      aria-label={t(`${which}`)}
      placeholder={t(`${which}`)}
      className="w-full md:w-36"
      data-testid={`police-register-${which}`}
    />
  );

  const run = async (what: Download, fetch: () => Promise<string>) => {
    setBusy(what);
    try {
      const name = await fetch();
      void message.success(t('downloaded', { name }), 3);
    } catch (err) {
      void message.error(errorText(err, t('downloadFailed')), 5);
    } finally {
      setBusy(null);
    }
  };
  const download = (format: 'csv' | 'pdf', language: 'en' | 'bn') =>
    run(format === 'csv' ? 'csv' : `pdf-${language}`, () => downloadPoliceRegister({ from, to }, format, language, token));
  const cardPdf = (row: TPoliceRegisterRow) =>
    run(`card-${row.cardId}`, () =>
      downloadWithToken(`/api/bookings/${row.bookingId}/guests/${row.cardId}/card.pdf?language=${lng === 'bn' ? 'bn' : 'en'}`, token, 'registration-card.pdf'),
    );

  const date = (iso: string | null) => (iso ? formatLongDate(iso, lng) : '–');
  const dash = (value: string | null) => value || '–';
  const idType = (row: TPoliceRegisterRow) => (row.idType ? t(`idTypes.${row.idType}`) : '–');
  const room = (row: { roomNumber: string; reference: string }) => (
    <span className="flex flex-col">
      <span className="font-medium text-slate-900">{readerDigits(row.roomNumber, lng)}</span>
      <Link to={`/${area}/reservation?q=${encodeURIComponent(row.reference)}`} className="text-sm break-all">
        {row.reference}
      </Link>
    </span>
  );
  const guest = (row: TPoliceRegisterRow) =>
    row.erased ? (
      <span className="text-slate-600 italic" data-testid="police-register-erased">
        {t('erased')}
      </span>
    ) : (
      <span className="flex flex-col">
        <span className="font-medium break-words text-slate-900">
          {row.fullName || t('noName')}
          {row.kind === 'child' && (
            <Tag className="!ml-2">{t('child', { age: row.age === null ? '–' : formatNumber(row.age, lng) })}</Tag>
          )}
        </span>
        {row.guardianName && <span className="text-sm break-words text-slate-600">{row.guardianName}</span>}
      </span>
    );
  const cardButton = (row: TPoliceRegisterRow) => (
    <Button
      size="small"
      icon={<FilePdfOutlined aria-hidden />}
      loading={busy === `card-${row.cardId}`}
      onClick={() => void cardPdf(row)}
      aria-label={t('cardPdfFor', { name: row.fullName || t('noName') })}
      data-testid="police-register-card-pdf"
    >
      {t('cardPdf')}
    </Button>
  );

  const loading = isFetching && !isLoading ? { delay: 200 } : isLoading;
  const home = (report?.guests ?? []).filter((g) => !g.foreign);
  const foreign = (report?.guests ?? []).filter((g) => g.foreign);
  const range = from === to ? formatLongDate(from, lng) : `${formatLongDate(from, lng)} – ${formatLongDate(to, lng)}`;

  const section = (title: string, rows: TPoliceRegisterRow[], testId: string, foreigners: boolean) => (
    <section className="mb-6" aria-labelledby={`${testId}-heading`} data-testid={testId}>
      <h3 id={`${testId}-heading`} className="mt-0 mb-2 text-base font-semibold text-slate-900">
        {title} ({formatNumber(rows.length, lng)})
      </h3>
      {report && rows.length === 0 ? (
        <p className="m-0 text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ResponsiveList<TPoliceRegisterRow>
          phone={phone}
          rows={rows}
          rowKey={(row) => row.cardId}
          loading={loading}
          empty={<Empty description={t('empty')} />}
          pagination={false}
          rowTestId={() => `${testId}-row`}
          card={(row) => (
            <>
              <div className="flex items-start justify-between gap-2">
                {guest(row)}
                <span className="shrink-0 text-right">{room(row)}</span>
              </div>
              {!row.erased && (
                <CardFields
                  fields={[
                    { label: t('columns.nationality'), value: country(row.nationality, lng) },
                    foreigners
                      ? { label: t('columns.passport'), value: `${dash(row.idNumber)} · ${country(row.passportCountry, lng)}` }
                      : { label: t('columns.id'), value: `${idType(row)} ${row.idNumber ?? ''}` },
                    ...(foreigners
                      ? [
                          { label: t('columns.visa'), value: `${dash(row.visaType)} · ${dash(row.visaNumber)}` },
                          { label: t('columns.visaExpiry'), value: date(row.visaExpiry) },
                          { label: t('columns.entered'), value: date(row.enteredBangladesh) },
                        ]
                      : []),
                    { label: t('columns.phone'), value: dash(row.phone) },
                    { label: t('columns.stay'), value: `${date(row.arrival)} – ${date(row.departure)}` },
                  ]}
                />
              )}
              <div className="mt-2">{cardButton(row)}</div>
            </>
          )}
          table={{
            size: 'middle',
            scroll: { x: foreigners ? 1100 : 900 },
            columns: [
              { title: t('columns.room'), key: 'room', width: 130, render: (_: unknown, row) => room(row) },
              { title: t('columns.guest'), key: 'guest', render: (_: unknown, row) => guest(row) },
              { title: t('columns.nationality'), key: 'nationality', render: (_: unknown, row) => (row.erased ? '' : country(row.nationality, lng)) },
              ...(foreigners
                ? [
                    {
                      title: t('columns.passport'),
                      key: 'passport',
                      render: (_: unknown, row: TPoliceRegisterRow) =>
                        row.erased ? '' : (
                          <span className="flex flex-col">
                            <span className="break-all">{dash(row.idNumber)}</span>
                            <span className="text-sm text-slate-600">{country(row.passportCountry, lng)}</span>
                          </span>
                        ),
                    },
                    {
                      title: t('columns.visa'),
                      key: 'visa',
                      render: (_: unknown, row: TPoliceRegisterRow) =>
                        row.erased ? '' : (
                          <span className="flex flex-col">
                            <span>{dash(row.visaType)}</span>
                            <span className="text-sm break-all text-slate-600">{dash(row.visaNumber)}</span>
                            <span className={`text-sm ${row.visaExpiry && row.visaExpiry < row.departure ? 'font-semibold text-rose-700' : 'text-slate-600'}`}>
                              {t('visaUntil', { date: date(row.visaExpiry) })}
                            </span>
                          </span>
                        ),
                    },
                    { title: t('columns.entered'), key: 'entered', render: (_: unknown, row: TPoliceRegisterRow) => (row.erased ? '' : date(row.enteredBangladesh)) },
                  ]
                : [
                    {
                      title: t('columns.id'),
                      key: 'id',
                      render: (_: unknown, row: TPoliceRegisterRow) =>
                        row.erased ? '' : (
                          <span className="flex flex-col">
                            <span>{idType(row)}</span>
                            <span className="text-sm break-all text-slate-600">{row.idNumber ?? ''}</span>
                          </span>
                        ),
                    },
                  ]),
              { title: t('columns.phone'), key: 'phone', render: (_: unknown, row) => (row.erased ? '' : <span className="whitespace-nowrap">{dash(row.phone)}</span>) },
              {
                title: t('columns.stay'),
                key: 'stay',
                render: (_: unknown, row) => (
                  <span className="flex flex-col whitespace-nowrap">
                    <span>{date(row.arrival)}</span>
                    <span className="text-sm text-slate-600">{t('until', { date: date(row.departure) })}</span>
                  </span>
                ),
              },
              { title: t('columns.card'), key: 'card', render: (_: unknown, row) => cardButton(row) },
            ],
          }}
        />
      )}
    </section>
  );

  return (
    <Card size={phone ? 'small' : undefined}>
      <div className="mb-4 flex flex-col gap-3 xl:flex-row xl:items-start xl:justify-between">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center xl:shrink-0 xl:justify-end">
          {picker('from')}
          {picker('to')}
        </div>
      </div>
      <div className="mb-4 grid grid-cols-1 gap-2 sm:flex sm:flex-wrap" role="group" aria-label={t('downloads')}>
        <Button type="primary" icon={<FilePdfOutlined aria-hidden />} loading={busy === 'pdf-en'} onClick={() => void download('pdf', 'en')} data-testid="police-register-pdf-en">
          <span lang="en">{t('pdfEnglish')}</span>
        </Button>
        <Button icon={<FilePdfOutlined aria-hidden />} loading={busy === 'pdf-bn'} onClick={() => void download('pdf', 'bn')} data-testid="police-register-pdf-bn">
          {t('pdfBengali')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} loading={busy === 'csv'} onClick={() => void download('csv', 'en')} data-testid="police-register-csv">
          {t('csv')}
        </Button>
      </div>

      <p className="mt-0 mb-4 text-sm text-slate-600" data-testid="police-register-range">
        {t('nights', { range })}
        {earliest && ` ${t('staffWindow', { date: formatLongDate(earliest, lng) })}`}
      </p>

      {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      {report && report.incomplete.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="!mb-5"
          data-testid="police-register-incomplete"
          message={t('incomplete', { count: report.incomplete.length, n: formatNumber(report.incomplete.length, lng) })}
          description={
            <ul className="m-0 list-none p-0">
              {report.incomplete.map((b) => (
                <li key={b.bookingId} className="break-words">
                  <span className="font-medium">{t('roomOf', { room: readerDigits(b.roomNumber, lng) })}</span> · {b.guestName}
                  {b.note && <span className="text-slate-700"> — {b.note}</span>}
                </li>
              ))}
            </ul>
          }
        />
      )}

      {section(t('bangladeshis'), home, 'police-register-home', false)}
      {section(t('foreigners'), foreign, 'police-register-foreign', true)}
    </Card>
  );
}
