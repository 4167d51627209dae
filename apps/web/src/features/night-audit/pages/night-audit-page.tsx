import { addDays, isIsoDate, todayAt, type TNightAuditDay } from '@residency/shared';
import { Alert, Button, Card, DatePicker, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatDateTime, formatLongDate, readerDigits } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useGetNightAuditDayQuery } from '../api';
import { CloseDayForm } from '../components/close-day-form';
import { DayFigures } from '../components/day-figures';
import { OpenItems } from '../components/open-items';

const STATE_COLORS: Record<TNightAuditDay['state'], string> = { 'before-start': 'default', 'not-ended': 'blue', open: 'gold', closed: 'green' };

/** Who closed the day and when, the note, and the audit trail's record at the close. */
function ClosedSummary({ closed }: { closed: NonNullable<TNightAuditDay['closed']> }) {
  const { t, i18n } = useTranslation('night-audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const at = formatDateTime(closed.at, lng);
  const by =
    closed.by._id === null && closed.by.role === 'system'
      ? t('closed.bySystem', { at })
      : t('closed.by', { name: closed.by.name ?? t('closed.someone'), role: t(`roles.${closed.by.role}`, { defaultValue: closed.by.role }), at });
  return (
    <section className="mb-4 rounded-lg border border-green-200 bg-green-50 p-3" aria-label={t('closed.title')} data-testid="night-audit-closed">
      <p className="mt-0 mb-1 font-medium text-slate-900" data-testid="night-audit-closed-by">
        {by}
      </p>
      <p className="mt-0 mb-1 text-slate-800" data-testid="night-audit-closed-note">
        <span className="font-medium">{t('closed.note')}: </span>
        {closed.note ? <span className="break-words whitespace-pre-line">{closed.note}</span> : t('closed.noNote')}
      </p>
      <p className="m-0 text-xs text-slate-600">{t('closed.audit', { seq: readerDigits(String(closed.audit.seq), lng) })}</p>
    </section>
  );
}

/**
 * The night audit (issue 35), for the duty manager (staff and admins): one day at the hotel, in
 * the address (?date=; yesterday by default, the day usually to close): its state, what it left
 * open by kind (an arrival who never came is marked a no-show here), its figures (live, or frozen
 * once closed), and the close with a note. Days close in order: a later day points to the one to
 * close first. A closed day shows who closed it, when, the note and what was open then.
 */
export default function NightAuditPage() {
  const { t, i18n } = useTranslation('night-audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const area = useLocation().pathname.split('/')[1] || 'staff';
  const today = todayAt(getSite().timeZone);
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && isIsoDate(asked) && asked <= today ? asked : addDays(today, -1);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetNightAuditDayQuery(date, { refetchOnMountOrArgChange: true });
  const day: TNightAuditDay | undefined = data?.data.day === date ? data.data : undefined;
  const goTo = (next: string) => setParams({ date: next });

  const stateNote = (d: TNightAuditDay) => {
    if (d.state === 'closed' && d.closed) return <ClosedSummary closed={d.closed} />;
    if (d.blockedBy) {
      return (
        <Alert
          type="warning"
          showIcon
          className="!mb-4"
          title={t('blocked', { date: formatLongDate(d.blockedBy, lng) })}
          action={
            <Button size="small" onClick={() => goTo(d.blockedBy!)} data-testid="night-audit-blocked-by">
              {t('goTo', { date: formatLongDate(d.blockedBy, lng) })}
            </Button>
          }
          data-testid="night-audit-blocked"
        />
      );
    }
    if (d.state === 'closed') return null;
    return (
      <Alert type={d.state === 'open' ? 'info' : 'warning'} showIcon className="!mb-4" title={t(`stateText.${d.state}`)} data-testid="night-audit-state-text" />
    );
  };

  const closed = day?.state === 'closed' && day.closed;
  const items = closed ? day.closed!.openItems : (day?.openItems ?? []);

  return (
    <Card size={phone ? 'small' : undefined}>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        <DatePicker
          value={dayjs(date)}
          onChange={(value) => value && goTo(value.format('YYYY-MM-DD'))}
          disabledDate={(value) => value.format('YYYY-MM-DD') > today}
          allowClear={false}
          format="DD-MM-YYYY"
          inputReadOnly
          aria-label={t('day')}
          className="w-full md:w-44 lg:shrink-0"
          data-testid="night-audit-date"
        />
      </div>

      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 className="m-0 text-base font-semibold text-slate-900" data-testid="night-audit-day">
          {formatLongDate(date, lng)}
        </h3>
        {day && (
          <Tag color={STATE_COLORS[day.state]} className="!m-0" data-testid="night-audit-state">
            {t(`states.${day.state}`)}
          </Tag>
        )}
        {isFetching && !isLoading && <Spin size="small" />}
      </div>

      {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}
      {isLoading && (
        <div className="flex justify-center py-8">
          <Spin />
        </div>
      )}

      {day && (
        <>
          {stateNote(day)}

          <h3 className="mt-0 mb-2 text-base font-semibold text-slate-900">{closed ? t('closed.itemsTitle') : t('items.title')}</h3>
          <OpenItems
            items={items}
            area={area}
            actionable={day.state === 'open'}
            today={today}
            empty={closed ? t('closed.itemsNone') : t('items.none')}
            testId="night-audit-items"
          />

          <h3 className="mt-2 mb-1 text-base font-semibold text-slate-900">{t('figures.title')}</h3>
          <p className="mt-0 mb-3 text-sm text-slate-600">{closed ? t('figures.frozen') : t('figures.live')}</p>
          <DayFigures figures={day.figures} />

          {day.canClose && <CloseDayForm key={day.day} day={day.day} openCount={day.openItems.length} onRefused={refetch} />}
        </>
      )}
    </Card>
  );
}
