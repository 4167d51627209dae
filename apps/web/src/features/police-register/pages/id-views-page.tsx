import { CloseOutlined } from '@ant-design/icons';
import { isIsoDate, type TIdView } from '@residency/shared';
import { Button, Card, DatePicker, Empty, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useGetIdViewsQuery, type IdViewsFilter } from '../api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTION_COLORS: Record<TIdView['action'], string> = { cards: 'blue', photo: 'purple', card_pdf: 'geekblue', register: 'gold' };

/** The filters of the address (?viewer=&booking=&from=&to=&page=), each dropped when it is not what the API takes. */
function filterOf(params: URLSearchParams): IdViewsFilter {
  const id = (key: string) => (UUID.test(params.get(key) ?? '') ? params.get(key)! : undefined);
  const date = (key: string) => (isIsoDate(params.get(key) ?? '') ? params.get(key)! : undefined);
  const page = Number(params.get('page'));
  return { page: Number.isInteger(page) && page > 0 ? page : 1, viewer: id('viewer'), booking: id('booking'), from: date('from'), to: date('to') };
}

/**
 * Who viewed the guests' IDs (issue 34), for the admin: every read of a room's cards, an ID
 * photo, a card's PDF or the police register, newest first, with the viewer (name, e-mail, the
 * role they had then), the guest, and the address and browser it came from. Filters by days,
 * and by one viewer or one booking (chosen from a line); all in the address.
 */
export default function IdViewsPage() {
  const { t, i18n } = useTranslation('police-register');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetIdViewsQuery(filter, { refetchOnMountOrArgChange: true });

  const set = (changes: Partial<Record<keyof IdViewsFilter, string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const picker = (which: 'from' | 'to') => (
    <DatePicker
      value={filter[which] ? dayjs(filter[which]) : null}
      onChange={(value: Dayjs | null) => set({ [which]: value ? value.format('YYYY-MM-DD') : undefined })}
      format="DD-MM-YYYY"
      inputReadOnly
      aria-label={t(`views.${which}`)}
      placeholder={t(`views.${which}`)}
      className="w-full md:w-40"
      data-testid={`id-views-${which}`}
    />
  );

  const rows = data?.data ?? [];
  const viewerName = rows.find((r) => r.viewer._id === filter.viewer)?.viewer.name;
  const viewer = (row: TIdView) => (
    <span className="flex min-w-0 flex-col items-start">
      {row.viewer._id ? (
        <Button type="link" className="!h-auto !p-0 text-left !whitespace-normal" onClick={() => set({ viewer: row.viewer._id ?? undefined })} aria-label={t('views.onlyViewer', { name: row.viewer.name ?? '' })}>
          {row.viewer.name ?? t('views.gone')}
        </Button>
      ) : (
        <span>{t('views.gone')}</span>
      )}
      {row.viewer.email && <span className="text-sm break-all text-slate-600">{row.viewer.email}</span>}
      <Tag className="!mt-1">{t(`views.roles.${row.viewer.role}`, { defaultValue: row.viewer.role })}</Tag>
    </span>
  );
  const what = (row: TIdView) => (
    <span className="flex flex-col items-start gap-1">
      <Tag color={ACTION_COLORS[row.action]} className="!m-0">
        {t(`views.actions.${row.action}`)}
      </Tag>
      {row.detail && <span className="text-sm break-words text-slate-600">{row.detail}</span>}
    </span>
  );
  const booking = (row: TIdView) =>
    row.bookingId ? (
      <Button size="small" onClick={() => set({ booking: row.bookingId ?? undefined })} aria-label={t('views.onlyBooking')}>
        {t('views.thisBooking')}
      </Button>
    ) : (
      '–'
    );
  const from = (row: TIdView) => (
    <span className="flex flex-col">
      <span className="font-mono text-sm">{row.ip ?? '–'}</span>
      {row.userAgent && (
        <span className="line-clamp-2 text-xs break-all text-slate-600" title={row.userAgent}>
          {row.userAgent}
        </span>
      )}
    </span>
  );

  return (
    <Card size={phone ? 'small' : undefined}>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <ScreenHeading title={t('views.title')} subtitle={t('views.subtitle')} />
        <div className="grid grid-cols-2 gap-2 md:flex md:items-center lg:shrink-0">
          {picker('from')}
          {picker('to')}
        </div>
      </div>
      {(filter.viewer || filter.booking) && (
        <div className="mb-3 flex flex-wrap gap-2" data-testid="id-views-filters">
          {filter.viewer && (
            <Button size="small" icon={<CloseOutlined aria-hidden />} onClick={() => set({ viewer: undefined })}>
              {t('views.viewerFilter', { name: viewerName ?? t('views.oneViewer') })}
            </Button>
          )}
          {filter.booking && (
            <Button size="small" icon={<CloseOutlined aria-hidden />} onClick={() => set({ booking: undefined })}>
              {t('views.bookingFilter')}
            </Button>
          )}
        </div>
      )}
      {data && (
        <p className="mt-0 mb-3 text-sm text-slate-600" data-testid="id-views-total">
          {t('views.total', { count: data.meta.total, n: formatNumber(data.meta.total, lng) })}
        </p>
      )}

      {isError && <LoadError error={error} fallback={t('views.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      <ResponsiveList<TIdView>
        phone={phone}
        rows={rows}
        rowKey={(row) => row._id}
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('views.empty')} />}
        pagination={listPagination(data?.meta, filter.page, (page) => set({ page: String(page) }))}
        rowTestId={() => 'id-views-row'}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              {what(row)}
              <span className="shrink-0 text-sm text-slate-700">{formatDateTime(row.at, lng)}</span>
            </div>
            <CardFields
              fields={[
                { label: t('views.columns.viewer'), value: viewer(row) },
                { label: t('views.columns.guest'), value: row.guestName ?? '–' },
                { label: t('views.columns.booking'), value: booking(row) },
                { label: t('views.columns.from'), value: from(row) },
              ]}
            />
          </>
        )}
        table={{
          size: 'middle',
          scroll: { x: 880 },
          columns: [
            { title: t('views.columns.at'), key: 'at', width: 150, render: (_: unknown, row) => formatDateTime(row.at, lng) },
            { title: t('views.columns.viewer'), key: 'viewer', width: 200, render: (_: unknown, row) => viewer(row) },
            { title: t('views.columns.what'), key: 'what', render: (_: unknown, row) => what(row) },
            { title: t('views.columns.guest'), key: 'guest', render: (_: unknown, row) => <span className="break-words">{row.guestName ?? '–'}</span> },
            { title: t('views.columns.booking'), key: 'booking', render: (_: unknown, row) => booking(row) },
            { title: t('views.columns.from'), key: 'from', width: 190, render: (_: unknown, row) => from(row) },
          ],
        }}
      />
    </Card>
  );
}
