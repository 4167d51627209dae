import { CANCEL_PENALTIES, DEPOSIT_POLICIES, RATE_MEALS, type CancelPenalty, type DepositPolicy, type RateMeal, type TRatePlan, type TRatePlanCreate } from '@residency/shared/rates';
import { Alert, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { errorCode } from '../../../lib/server-error';
import { useCreateRatePlanMutation, useUpdateRatePlanMutation } from '../api';
import { useRatesErrorText } from '../rate-errors';
import { useRateTexts } from '../rate-texts';

interface Values {
  code: string;
  nameEn: string;
  nameBn: string;
  meal: RateMeal;
  mealPrice: number;
  /** '' : none (a Select option cannot be null). */
  parent: string;
  derivePercent: number | null;
  deriveAmount: number | null;
  online: boolean;
  couponsAllowed: boolean;
  onlinePaymentRequired: boolean;
  active: boolean;
  freeHours: number | null;
  penalty: CancelPenalty;
  penaltyPercent: number | null;
  depositPolicy: DepositPolicy;
  depositPercent: number | null;
}

const FIELD_OF_CODE: Record<string, 'code' | 'parent'> = {
  RATE_PLAN_CODE_TAKEN: 'code',
  RATE_PLAN_PARENT_NOT_FOUND: 'parent',
  RATE_PLAN_PARENT_SELF: 'parent',
  RATE_PLAN_PARENT_DERIVED: 'parent',
  RATE_PLAN_HAS_CHILDREN: 'parent',
};

/** Add (no `plan`) or edit a room type's rate plan. The code and room type stay once made (the API's rule). */
export function PlanModal({
  open,
  category,
  plan,
  codes,
  onClose,
}: {
  open: boolean;
  category: string;
  plan: TRatePlan | null;
  /** The room type's plan codes, for the parent choice. */
  codes: string[];
  onClose: () => void;
}) {
  const { t, categoryName } = useRateTexts();
  const errorText = useRatesErrorText();
  const [form] = Form.useForm<Values>();
  const [create, creating] = useCreateRatePlanMutation();
  const [update, updating] = useUpdateRatePlanMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const penalty = Form.useWatch('penalty', form) as CancelPenalty | undefined;
  const depositPolicy = Form.useWatch('depositPolicy', form) as DepositPolicy | undefined;

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.resetFields();
    if (plan)
      form.setFieldsValue({
        code: plan.code,
        nameEn: plan.name.en,
        nameBn: plan.name.bn,
        meal: plan.meal,
        mealPrice: plan.mealPrice,
        parent: plan.parent ?? '',
        derivePercent: plan.derivePercent,
        deriveAmount: plan.deriveAmount,
        online: plan.online,
        couponsAllowed: plan.couponsAllowed,
        onlinePaymentRequired: plan.onlinePaymentRequired,
        active: plan.active,
        freeHours: plan.cancellationPolicy.freeHours,
        penalty: plan.cancellationPolicy.penalty,
        penaltyPercent: plan.cancellationPolicy.penaltyPercent,
        depositPolicy: plan.deposit.policy,
        depositPercent: plan.deposit.percent,
      });
  }, [open, plan, form]);

  const submit = async (v: Values) => {
    setFailure(null);
    const fields = {
      name: { en: v.nameEn.trim(), bn: v.nameBn.trim() },
      meal: v.meal,
      mealPrice: v.mealPrice ?? 0,
      parent: v.parent || null,
      derivePercent: v.derivePercent ?? 0,
      deriveAmount: v.deriveAmount ?? 0,
      online: v.online,
      couponsAllowed: v.couponsAllowed,
      onlinePaymentRequired: v.onlinePaymentRequired,
      active: v.active,
      // An empty "free until" is the hotel's default (null), not 0 hours.
      cancellationPolicy: { freeHours: v.freeHours ?? null, penalty: v.penalty, penaltyPercent: v.penalty === 'percent' ? (v.penaltyPercent ?? null) : null },
      deposit: { policy: v.depositPolicy, percent: v.depositPolicy === 'percent' ? (v.depositPercent ?? null) : null },
    };
    try {
      if (plan) await update({ id: plan._id, body: fields }).unwrap();
      else await create({ category, code: v.code.trim().toUpperCase(), ...fields } satisfies TRatePlanCreate).unwrap();
      onClose();
    } catch (err) {
      // A refusal about one field is shown beside it: the code taken, or the plan to follow.
      const field = FIELD_OF_CODE[errorCode(err) ?? ''];
      if (field) form.setFields([{ name: field, errors: [errorText(err, t('planForm.failed'))] }]);
      else setFailure(errorText(err, t('planForm.failed')));
    }
  };

  const required = (key: string) => [{ required: true, whitespace: true, message: t(`planForm.${key}`) }];
  return (
    <Modal
      open={open}
      title={plan ? t('planForm.editTitle', { code: plan.code, category: categoryName(category) }) : t('planForm.addTitle', { category: categoryName(category) })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('planForm.save')}
      cancelText={t('planForm.cancel')}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="rate-plan"
        layout="vertical"
        requiredMark
        onFinish={(v) => void submit(v)}
        initialValues={{ meal: 'none', mealPrice: 0, parent: '', derivePercent: 0, deriveAmount: 0, online: true, couponsAllowed: true, onlinePaymentRequired: false, active: true, freeHours: null, penalty: 'first_night', penaltyPercent: null, depositPolicy: 'none', depositPercent: null }}
      >
        <Form.Item
          name="code"
          label={t('planForm.code')}
          extra={plan ? undefined : t('planForm.codeHelp')}
          rules={[...required('codeRequired'), { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/, message: t('planForm.codeInvalid') }]}
        >
          <Input disabled={plan !== null} maxLength={20} autoComplete="off" />
        </Form.Item>
        <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
          <Form.Item name="nameEn" label={t('planForm.nameEn')} rules={required('nameRequired')}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="nameBn" label={t('planForm.nameBn')} rules={required('nameRequired')}>
            <Input maxLength={60} lang="bn" />
          </Form.Item>
          <Form.Item name="meal" label={t('planForm.meal')}>
            <Select options={RATE_MEALS.map((m) => ({ value: m, label: t(`meals.${m}`) }))} />
          </Form.Item>
          <Form.Item name="mealPrice" label={t('planForm.mealPrice')}>
            <InputNumber className="!w-full" min={0} max={10_000_000} />
          </Form.Item>
          <Form.Item name="parent" label={t('planForm.parent')}>
            <Select
              options={[{ value: '', label: t('planForm.noParent') }, ...codes.filter((c) => c !== plan?.code).map((c) => ({ value: c, label: c }))]}
            />
          </Form.Item>
          <div className="grid grid-cols-2 gap-2">
            <Form.Item name="derivePercent" label={t('planForm.derivePercent')}>
              <InputNumber className="!w-full" min={-90} max={500} />
            </Form.Item>
            <Form.Item name="deriveAmount" label={t('planForm.deriveAmount')}>
              <InputNumber className="!w-full" min={-1_000_000} max={1_000_000} />
            </Form.Item>
          </div>
        </div>
        <div className="flex flex-wrap gap-x-6">
          <Form.Item name="online" label={t('planForm.online')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="couponsAllowed" label={t('planForm.couponsAllowed')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="onlinePaymentRequired" label={t('planForm.onlinePaymentRequired')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="active" label={t('planForm.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <fieldset className="m-0 rounded border border-slate-200 p-3">
          <legend className="!mb-0 !w-auto !border-0 px-1 !text-sm font-semibold">{t('planForm.cancellation')}</legend>
          <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
            <Form.Item name="freeHours" label={t('planForm.freeHours')} extra={t('planForm.freeHoursHelp')}>
              <InputNumber className="!w-full" min={0} max={24 * 90} precision={0} disabled={penalty === 'non_refundable'} />
            </Form.Item>
            <Form.Item name="penalty" label={t('planForm.penalty')}>
              <Select options={CANCEL_PENALTIES.map((p) => ({ value: p, label: t(`planForm.penalties.${p}`) }))} />
            </Form.Item>
            {penalty === 'percent' && (
              <Form.Item name="penaltyPercent" label={t('planForm.penaltyPercent')} rules={[{ required: true, message: t('planForm.penaltyPercentRequired') }]}>
                <InputNumber className="!w-full" min={1} max={100} />
              </Form.Item>
            )}
          </div>
        </fieldset>
        <fieldset className="m-0 mt-3 rounded border border-slate-200 p-3">
          <legend className="!mb-0 !w-auto !border-0 px-1 !text-sm font-semibold">{t('planForm.deposit')}</legend>
          <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
            <Form.Item name="depositPolicy" label={t('planForm.depositPolicy')} extra={t('planForm.depositHelp')}>
              <Select options={DEPOSIT_POLICIES.map((p) => ({ value: p, label: t(`planForm.depositPolicies.${p}`) }))} />
            </Form.Item>
            {depositPolicy === 'percent' && (
              <Form.Item name="depositPercent" label={t('planForm.depositPercent')} rules={[{ required: true, message: t('planForm.depositPercentRequired') }]}>
                <InputNumber className="!w-full" min={1} max={100} />
              </Form.Item>
            )}
          </div>
        </fieldset>
        {failure && <Alert className="!mt-3" type="error" showIcon role="alert" title={failure} />}
      </Form>
    </Modal>
  );
}
