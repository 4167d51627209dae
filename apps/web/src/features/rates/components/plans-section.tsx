import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TRatePlan } from '@residency/shared/rates';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, CardFields, ResponsiveList } from '../../../components/dashboard/responsive-list';
import { depositText } from '../../../components/stay-price/plan-texts';
import { useRateTexts } from '../rate-texts';
import { PlanModal } from './plan-modal';

/**
 * A room type's rate plans: code and names, meal, parent and change, where it sells, coupons,
 * active, the cancellation policy and the deposit in a line each; Add and Edit open the plan form.
 */
export function PlansSection({ category, plans, loading, phone }: { category: string; plans: TRatePlan[]; loading: boolean; phone: boolean }) {
  const { t, taka, policyText, deriveText, categoryName } = useRateTexts();
  // The deposit in the guest's words (the booking page's), so the admin reads what guests will.
  const { t: tc, i18n } = useTranslation('common');
  const deposit = (plan: TRatePlan) => depositText(tc, plan.deposit, i18n.resolvedLanguage ?? 'en');
  // undefined: closed; null: adding; a plan: editing it.
  const [editing, setEditing] = useState<TRatePlan | null | undefined>(undefined);

  const name = (plan: TRatePlan) => (
    <div className="min-w-0">
      <span className="block font-semibold text-slate-900">
        {plan.code} {!plan.active && <Tag>{t('plans.inactive')}</Tag>}
      </span>
      <span className="block text-sm text-slate-700">{plan.name.en}</span>
      <span className="block text-sm text-slate-700" lang="bn">
        {plan.name.bn}
      </span>
    </div>
  );
  const meal = (plan: TRatePlan) => (plan.meal === 'none' ? t('meals.none') : t('plans.mealWithPrice', { meal: t(`meals.${plan.meal}`), price: taka(plan.mealPrice) }));
  const sales = (plan: TRatePlan) => [plan.online ? t('plans.online') : t('plans.deskOnly'), plan.couponsAllowed ? t('plans.coupons') : t('plans.noCoupons')].join(' · ');
  const editButton = (plan: TRatePlan, block = false) => (
    <Button icon={<EditOutlined aria-hidden />} block={block} onClick={() => setEditing(plan)} aria-label={t('plans.editLabel', { code: plan.code })}>
      {t('plans.edit')}
    </Button>
  );

  return (
    <section aria-label={t('plans.title')} data-testid="rate-plans">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="m-0 text-sm text-slate-600">{t('plans.intro', { category: categoryName(category) })}</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
          {t('plans.add')}
        </Button>
      </div>
      <ResponsiveList<TRatePlan>
        phone={phone}
        rows={plans}
        rowKey="_id"
        loading={loading}
        empty={t('plans.empty')}
        pagination={false}
        rowTestId={(plan) => `rate-plan-${plan.code}`}
        cardTone={(plan) => (plan.active ? undefined : 'muted')}
        card={(plan) => (
          <>
            {name(plan)}
            <CardFields
              fields={[
                { label: t('plans.columns.meal'), value: meal(plan) },
                { label: t('plans.columns.price'), value: deriveText(plan) },
                { label: t('plans.columns.sales'), value: sales(plan) },
                { label: t('plans.columns.cancellation'), value: policyText(plan.cancellationPolicy) },
                { label: t('plans.columns.deposit'), value: deposit(plan) },
              ]}
            />
            <CardActions>{editButton(plan, true)}</CardActions>
          </>
        )}
        table={{
          tableLayout: 'fixed',
          columns: [
            { title: t('plans.columns.plan'), key: 'plan', width: 180, render: (_: unknown, plan) => name(plan) },
            { title: t('plans.columns.meal'), key: 'meal', render: (_: unknown, plan) => meal(plan) },
            { title: t('plans.columns.price'), key: 'price', render: (_: unknown, plan) => deriveText(plan) },
            { title: t('plans.columns.sales'), key: 'sales', render: (_: unknown, plan) => sales(plan) },
            {
              title: t('plans.columns.cancellation'),
              key: 'cancellation',
              width: '28%',
              render: (_: unknown, plan) => <span data-testid="plan-policy">{policyText(plan.cancellationPolicy)}</span>,
            },
            { title: t('plans.columns.deposit'), key: 'deposit', width: '16%', render: (_: unknown, plan) => deposit(plan) },
            { title: '', key: 'actions', width: 110, render: (_: unknown, plan) => editButton(plan) },
          ],
        }}
      />
      <PlanModal open={editing !== undefined} category={category} plan={editing ?? null} codes={plans.map((p) => p.code)} onClose={() => setEditing(undefined)} />
    </section>
  );
}
