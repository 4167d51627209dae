import { CustomerServiceOutlined, HomeOutlined } from '@ant-design/icons';
import type { TServiceRequest } from '@residency/shared/services';
import { SERVICE_TYPE_LABELS, labelOf } from '@residency/shared/request-labels';
import { Button, Card, Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { TAG_TEXT } from '../../../components/dashboard/tag-text';
import { useHotelToday } from '../../../components/stay/use-hotel-today';
import { roomNumberText } from '../../../lib/category-texts';
import { formatDateTime } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useGetMyBookingsQuery } from '../../../lib/guest-bookings-api';
import { useCategoryName } from '../../../lib/use-category-name';
import { useGetMyServiceRequestsQuery } from '../api';
import { ServiceRequestForm } from '../components/service-request-form';
import { openStays } from '../service-stays';

/** Every stay of the guest in one read (the API's largest page): the open ones are among the newest. */
const STAYS_LIMIT = 100;

/**
 * User › My requests (spec section 2, user area): a guest with a current or upcoming stay asks
 * for a service; one without sees why they cannot and a way to book. Their requests follow,
 * with where each stands.
 */
export default function MyRequestsPage() {
  const { t } = useTranslation('services');
  const today = useHotelToday();
  const bookings = useGetMyBookingsQuery({ page: 1, limit: STAYS_LIMIT });
  const stays = openStays(bookings.data?.data ?? [], today);

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="py-1">
          <ScreenHeading title={t('mine.title')} subtitle={t('mine.subtitle')} />
        </div>
      </Card>

      {/* "New request" only over a form: a guest who cannot ask reads why, without a title promising a form. */}
      <Card title={stays.length > 0 ? <span className="font-semibold">{t('mine.form.title')}</span> : undefined} size="small" className="sm:!p-2">
        {bookings.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : bookings.isError ? (
          <LoadError error={bookings.error} fallback={t('mine.staysFailed')} retryLabel={t('mine.retry')} onRetry={bookings.refetch} />
        ) : stays.length > 0 ? (
          <ServiceRequestForm stays={stays} today={today} onNoOpenStay={() => void bookings.refetch()} />
        ) : (
          <NoOpenStay />
        )}
      </Card>

      <MyRequestList />
    </div>
  );
}

/** Why a guest without a current or upcoming stay sees no form, and the way to get one. */
function NoOpenStay() {
  const { t } = useTranslation('services');
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-start gap-3 py-2 sm:flex-row sm:items-center sm:gap-5" data-testid="no-open-stay">
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-700" aria-hidden>
        <CustomerServiceOutlined />
      </span>
      <div className="flex-1">
        <p className="m-0 text-base font-semibold text-slate-900">{t('mine.noStay.title')}</p>
        <p className="m-0 mt-1 text-slate-700">{t('mine.noStay.text')}</p>
      </div>
      {/* A real link (open in a new tab works) that moves inside the app. */}
      <Button
        type="primary"
        icon={<HomeOutlined aria-hidden />}
        href="/accommodation"
        onClick={(event) => {
          event.preventDefault();
          navigate('/accommodation');
        }}
      >
        {t('mine.noStay.book')}
      </Button>
    </div>
  );
}

/** The guest's own requests, newest first, with their state, room and time. */
function MyRequestList() {
  const { t, i18n } = useTranslation('services');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetMyServiceRequestsQuery({ page });
  const requests = data?.data ?? [];
  const timeZone = getSite().timeZone;

  return (
    <section aria-labelledby="my-requests-title" className="flex flex-col gap-3">
      <Typography.Title level={2} id="my-requests-title" style={{ margin: '8px 0 0', fontSize: 18 }}>
        {t('mine.listTitle')}
      </Typography.Title>
      {isError && <LoadError error={error} fallback={t('mine.loadFailed')} retryLabel={t('mine.retry')} onRetry={refetch} />}
      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : requests.length === 0 && !isError ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mine.empty')} />
        </Card>
      ) : (
        <ul className={`m-0 grid list-none gap-3 p-0 lg:grid-cols-2 ${isFetching ? 'opacity-70' : ''}`} aria-busy={isFetching}>
          {requests.map((request) => (
            <li key={request._id}>
              <RequestCard
                request={request}
                lng={lng}
                room={t('roomValue', { category: categoryName(request.room.category), number: roomNumberText(request.room.roomNumber, lng) })}
                asked={formatDateTime(request.createdAt, lng, timeZone)}
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.meta.total > data.meta.limit && (
        <Pagination
          align="center"
          current={data.meta.page}
          pageSize={data.meta.limit}
          total={data.meta.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </section>
  );
}

function RequestCard({ request, lng, room, asked }: { request: TServiceRequest; lng: string; room: string; asked: string }) {
  const { t } = useTranslation('services');
  const color = request.isCompleted ? 'green' : 'gold';
  return (
    <Card size="small" className="h-full" data-testid={`my-request-${request._id}`}>
      <div className="flex items-start justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">{labelOf(SERVICE_TYPE_LABELS, request.service, lng)}</span>
        <Tag color={color} className={`!m-0 ${TAG_TEXT[color]}`} data-testid="request-state">
          {request.isCompleted ? t('state.completed') : t('state.pending')}
        </Tag>
      </div>
      {request.description && <p className="m-0 mt-1 whitespace-pre-line text-slate-700">{request.description}</p>}
      <p className="m-0 mt-2 text-sm text-slate-600">
        {room} · {t('mine.askedAt', { time: asked })}
      </p>
    </Card>
  );
}
