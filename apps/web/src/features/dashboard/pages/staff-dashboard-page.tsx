import {
  CalendarOutlined,
  ClearOutlined,
  CustomerServiceOutlined,
  HomeOutlined,
  LoginOutlined,
  LogoutOutlined,
  ReloadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { TBlock } from '@residency/shared';
import { Button, Card, Grid, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeskActions } from '../../reservations';
import { BlockReservationModal, ConflictsSection } from '../../channels';
import { useSession } from '../../../lib/use-session';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { RegistrationsIncomplete } from '../components/staff/registrations-incomplete';
import { DepositsOverdue } from '../components/staff/deposits-overdue';
import { DeskStayList } from '../components/staff/desk-stay-list';
import { TodayFigure } from '../components/staff/today-figure';
import { listLinkPath, useGetStaffTodayQuery } from '../staff-today-api';

/**
 * Staff › Dashboard: today at the hotel (its own date, from the server). Arrivals to check in,
 * guests in the house, departures to check out, rooms to clean, bookings waiting for
 * confirmation, pending service and event requests: each figure links to its filtered list.
 * Below, today's arrivals and departures with a quick Check in or Check out, and the
 * reservations whose deposit is overdue.
 */
/** A figure's hints joined into one line; none when there is nothing to add. */
const hints = (...parts: (string | false | 0)[]) => parts.filter(Boolean).join(' · ') || undefined;

export default function StaffDashboardPage() {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { user } = useSession();
  const screens = Grid.useBreakpoint();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetStaffTodayQuery(undefined, {
    // The day moves on while the desk is open: arrivals come, requests arrive.
    pollingInterval: 60_000,
    refetchOnFocus: true,
  });
  const { run, busy } = useDeskActions();
  const [arrived, setArrived] = useState<TBlock | null>(null);
  const day = data?.data;
  const n = (value: number) => formatNumber(value, lng);
  const late = (items: { overdue: boolean }[]) => items.filter((s) => s.overdue).length;

  return (
    <div className="flex flex-col gap-4">
      {day && day.openConflicts.count > 0 && <ConflictsSection />}
      <Card size={screens.md ? 'default' : 'small'}>
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <ScreenHeading
            title={user ? t('today.welcome', { name: user.name }) : t('today.title')}
            subtitle={day ? t('today.subtitle', { date: formatLongDate(day.date, lng) }) : t('today.title')}
          />
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            {t('today.refresh')}
          </Button>
        </div>
        {isError && <LoadError error={error} fallback={t('today.loadFailed')} retryLabel={t('today.retry')} onRetry={refetch} />}
        {isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
        {day && (
          <nav aria-label={t('today.figures')}>
            <ul className="m-0 grid list-none grid-cols-1 gap-2 p-0 min-[400px]:grid-cols-2 lg:grid-cols-4 sm:gap-3">
              {[
                {
                  key: 'arrivals',
                  figure: day.arrivals,
                  icon: <LoginOutlined />,
                  tone: 'bg-blue-50 text-blue-800',
                  // The figure counts our guests (it opens their list); a channel's stays are named beside it.
                  hint: hints(
                    late(day.arrivals.items) && t('today.hints.lateArrivals', { n: n(late(day.arrivals.items)), count: late(day.arrivals.items) }),
                    day.channelArrivals.length > 0 && t('today.hints.channelStays', { n: n(day.channelArrivals.length), count: day.channelArrivals.length }),
                  ),
                },
                { key: 'inHouse', figure: day.inHouse, icon: <TeamOutlined />, tone: 'bg-green-50 text-green-800' },
                {
                  key: 'departures',
                  figure: day.departures,
                  icon: <LogoutOutlined />,
                  tone: 'bg-indigo-50 text-indigo-800',
                  hint: hints(
                    late(day.departures.items) && t('today.hints.lateDepartures', { n: n(late(day.departures.items)), count: late(day.departures.items) }),
                    day.channelDepartures.length > 0 && t('today.hints.channelStays', { n: n(day.channelDepartures.length), count: day.channelDepartures.length }),
                  ),
                },
                { key: 'roomsToClean', figure: day.roomsToClean, icon: <ClearOutlined />, tone: 'bg-orange-50 text-orange-800' },
                { key: 'awaitingConfirmation', figure: day.awaitingConfirmation, icon: <HomeOutlined />, tone: 'bg-amber-50 text-amber-800' },
                { key: 'pendingServiceRequests', figure: day.pendingServiceRequests, icon: <CustomerServiceOutlined />, tone: 'bg-cyan-50 text-cyan-800' },
                { key: 'pendingEventRequests', figure: day.pendingEventRequests, icon: <CalendarOutlined />, tone: 'bg-purple-50 text-purple-800' },
              ].map(({ key, figure, icon, tone, hint }) => (
                <li key={key}>
                  <TodayFigure
                    label={t(`today.figuresLabels.${key}`)}
                    value={n(figure.count)}
                    to={listLinkPath(figure.link, 'staff')}
                    icon={icon}
                    tone={tone}
                    hint={hint}
                    testId={`today-${key}`}
                  />
                </li>
              ))}
            </ul>
          </nav>
        )}
      </Card>
      {day && (
        <div className="grid gap-4 lg:grid-cols-2">
          <DeskStayList kind="arrivals" stays={day.arrivals.items} today={day.date} allLink={listLinkPath(day.arrivals.link)} run={run} busy={busy} blocks={day.channelArrivals} onArrived={setArrived} />
          <DeskStayList kind="departures" stays={day.departures.items} today={day.date} allLink={listLinkPath(day.departures.link)} run={run} busy={busy} blocks={day.channelDepartures} />
        </div>
      )}
      {day && <RegistrationsIncomplete items={day.registrationsIncomplete.items} />}
      {day && <DepositsOverdue items={day.depositsOverdue.items} />}
      <BlockReservationModal block={arrived} area="staff" onClose={() => setArrived(null)} />
    </div>
  );
}
