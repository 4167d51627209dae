import { STANDARD_PLAN, type TRateDay, type TRatePlan } from '@residency/shared/rates';
import { todayAt } from '@residency/shared/dates';
import { Card, Select, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { getSite } from '../../../lib/site';
import { useGetRatePlansQuery } from '../api';
import { daysFrom } from '../calendar-dates';
import { CalendarLegend, CalendarToolbar } from '../components/calendar-toolbar';
import { ChangeLog } from '../components/change-log';
import { PlansSection } from '../components/plans-section';
import { RateEditor, type EditorStart } from '../components/rate-editor';
import { RatesGrid, RatesList } from '../components/rates-grid';
import { useRateTexts } from '../rate-texts';

/**
 * The plans of all room types to choose from, by code (Standard first, then by code), each named
 * in the screen's language as its first room type names it, with its code: "Standard (STD)"
 * (issue 31: the pickers said only "STD").
 */
function planOptions(byCategory: Record<string, Pick<TRatePlan, 'code' | 'name'>[]>, lng: string) {
  const names = new Map<string, string>();
  for (const plans of Object.values(byCategory)) for (const p of plans) if (!names.has(p.code)) names.set(p.code, lng === 'bn' && p.name.bn ? p.name.bn : p.name.en);
  const codes = [STANDARD_PLAN, ...[...names.keys()].filter((c) => c !== STANDARD_PLAN).sort()];
  return codes.map((code) => ({ value: code, label: names.has(code) ? `${names.get(code)} (${code})` : code }));
}

/**
 * Admin › Rates (issue 21): the rate calendar of one plan, room types down the side and two weeks
 * across (a list per room type on phones); a cell or the bulk edit opens the editor. Below, for
 * one room type, the plan's change log and the room type's rate plans.
 */
export default function RatesPage() {
  const { t, lng, categoryName } = useRateTexts();
  const phone = usePhoneLayout();
  // The hotel's today, not the browser's: the desk and the calendar speak of the same night.
  const today = todayAt(getSite().timeZone);
  const [start, setStart] = useState(today);
  const [plan, setPlan] = useState<string>(STANDARD_PLAN);
  const [editor, setEditor] = useState<EditorStart | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const categoriesQuery = useGetCategoriesQuery();
  const categories = useMemo(() => (categoriesQuery.data?.data ?? []).map((c) => c.name), [categoriesQuery.data]);
  const plansQuery = useGetRatePlansQuery(categories, { skip: categories.length === 0 });
  const byCategory = useMemo(() => plansQuery.data ?? {}, [plansQuery.data]);
  const codes = useMemo(() => planOptions(byCategory, lng), [byCategory, lng]);
  const withPlan = useMemo(() => new Set(categories.filter((c) => byCategory[c]?.some((p) => p.code === plan))), [categories, byCategory, plan]);
  const days = useMemo(() => daysFrom(start), [start]);
  const focus = chosen ?? categories[0] ?? null;

  const openDay = (category: string, day: TRateDay) => setEditor({ categories: [category], plan, from: day.date, to: day.date, day });
  const openBulk = () => setEditor({ categories: [...withPlan], plan, from: days[0]!, to: days[days.length - 1]! });
  const Calendar = phone ? RatesList : RatesGrid;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="py-1">
          <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        </div>
      </Card>

      <Card size="small" className="min-w-0" title={<h2 className="m-0 text-base font-semibold">{t('grid.title', { plan })}</h2>}>
        <div className="flex min-w-0 flex-col gap-3">
          <CalendarToolbar start={start} end={days[days.length - 1]!} today={today} plan={plan} plans={codes} onStart={setStart} onPlan={setPlan} onBulk={openBulk} />
          {categoriesQuery.isError && <LoadError error={categoriesQuery.error} fallback={t('categoriesFailed')} retryLabel={t('retry')} onRetry={() => void categoriesQuery.refetch()} />}
          {plansQuery.isError && <LoadError error={plansQuery.error} fallback={t('plans.loadFailed')} retryLabel={t('retry')} onRetry={() => void plansQuery.refetch()} />}
          {categoriesQuery.data && categories.length === 0 && <p className="m-0 text-slate-600">{t('grid.noCategories')}</p>}
          {plansQuery.data && <Calendar categories={categories} withPlan={withPlan} plan={plan} days={days} onOpen={openDay} />}
          <CalendarLegend />
        </div>
      </Card>

      {focus && (
        <Card
          size="small"
          className="min-w-0"
          title={<h2 className="m-0 text-base font-semibold">{t('details.title', { category: categoryName(focus) })}</h2>}
        >
          {/* In the card's body, not its header: beside a Bengali title it would be cut at 375 px. */}
          <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {t('details.roomType')}
            <Select
              value={focus}
              onChange={setChosen}
              options={categories.map((c) => ({ value: c, label: categoryName(c) }))}
              aria-label={t('details.roomType')}
              className="min-w-48"
              data-testid="rates-focus"
            />
          </label>
          <Tabs
            items={[
              { key: 'log', label: t('log.title', { plan }), children: <ChangeLog key={`${focus}:${plan}`} category={focus} plan={plan} /> },
              {
                key: 'plans',
                label: t('plans.title'),
                children: <PlansSection category={focus} plans={byCategory[focus] ?? []} loading={plansQuery.isLoading} phone={phone} />,
              },
            ]}
          />
        </Card>
      )}

      <RateEditor start={editor} categories={categories} plans={codes} byCategory={byCategory} phone={phone} onClose={() => setEditor(null)} />
    </div>
  );
}
