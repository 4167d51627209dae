import { DISCOUNT_TYPES, normalizeCouponCode, type TCoupon, type TCouponCreate } from '@residency/shared/coupons';
import { todayAt } from '@residency/shared/dates';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/server-error';
import { getSite } from '../../../lib/site';
import { errorCode } from '../../../lib/server-error';
import { formatNumber } from '../../../lib/format';
import { useCreateCouponMutation, useUpdateCouponMutation } from '../api';
import { couponCodeLocked, couponPatch } from '../coupon-patch';

interface Values {
  code?: string;
  discountType?: (typeof DISCOUNT_TYPES)[number];
  discountValue?: number | null;
  expirationDate?: Dayjs | null;
  minimumPurchaseAmount?: number | null;
  usageLimit?: number | null;
  isActive: boolean;
}

const INITIAL: Partial<Values> = { minimumPurchaseAmount: 0, usageLimit: 0, isActive: true };

interface Props {
  open: boolean;
  onClose: () => void;
  /** The coupon to edit; without it the modal adds a new one. */
  coupon?: TCoupon | null;
}

/** The form's values for a coupon as it is. */
function valuesOf(coupon: TCoupon): Values {
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    discountValue: coupon.discountValue,
    expirationDate: coupon.expirationDate ? dayjs(coupon.expirationDate, 'YYYY-MM-DD') : null,
    minimumPurchaseAmount: coupon.minimumPurchaseAmount,
    usageLimit: coupon.usageLimit,
    isActive: coupon.isActive,
  };
}

/**
 * The Add New Coupon modal (spec sections 2 and 5): code, discount type and value, expiration
 * date (sent as YYYY-MM-DD), minimum purchase and usage limit (0 by default: none, unlimited),
 * active switch; the spec's messages when a required field is empty. With `coupon` it edits
 * that coupon, prefilled (`PATCH` of the changed fields): a used coupon's code is locked, and
 * its usage limit cannot go below its uses.
 */
export function CouponFormModal({ open, onClose, coupon }: Props) {
  const { t, i18n } = useTranslation('coupons');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const discountType = Form.useWatch('discountType', form);
  const [createCoupon, { isLoading: creating }] = useCreateCouponMutation();
  const [updateCoupon, { isLoading: updating }] = useUpdateCouponMutation();
  const today = todayAt(getSite().timeZone);
  const editing = Boolean(coupon);
  const codeLocked = couponCodeLocked(coupon);
  const usedCount = coupon?.usedCount ?? 0;

  // Each opening starts from the coupon as it is now (or an empty form for a new one); a list
  // refresh while the modal is open keeps what the admin typed.
  const latest = useRef(coupon);
  latest.current = coupon;
  const couponId = coupon?._id;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (latest.current) form.setFieldsValue(valuesOf(latest.current));
  }, [open, couponId, form]);

  const showFailure = (err: unknown, fallback: string) => {
    const text = errorText(err, fallback);
    const code = errorCode(err);
    // A taken or locked code is the code field's problem: say so beside it as well.
    if (code === 'COUPON_CODE_TAKEN' || code === 'COUPON_CODE_LOCKED') form.setFields([{ name: 'code', errors: [code === 'COUPON_CODE_LOCKED' ? t('form.codeLocked') : text] }]);
    const fields = ((err as { data?: { errors?: { path?: string; message?: string }[] } }).data?.errors ?? []).filter(
      (item): item is { path: string; message: string } => typeof item.path === 'string' && typeof item.message === 'string',
    );
    for (const item of fields) {
      if (item.path === 'usageLimit') form.setFields([{ name: 'usageLimit', errors: [t('validation.limitBelowUses', { count: usedCount, n: formatNumber(usedCount, lng) })] }]);
      else if (item.path === 'discountValue') form.setFields([{ name: 'discountValue', errors: [lng === 'en' ? item.message : t('validation.percentMax')] }]);
    }
    message.error(text, 5);
  };

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    const payload: Required<TCouponCreate> = {
      code: normalizeCouponCode(values.code ?? ''),
      discountType: values.discountType!,
      discountValue: Number(values.discountValue),
      expirationDate: values.expirationDate!.format('YYYY-MM-DD'),
      minimumPurchaseAmount: values.minimumPurchaseAmount ?? 0,
      usageLimit: values.usageLimit ?? 0,
      isActive: values.isActive,
    };
    if (coupon) {
      const patch = couponPatch(coupon, codeLocked ? { ...payload, code: coupon.code } : payload);
      if (Object.keys(patch).length === 0) return close();
      try {
        const saved = await updateCoupon({ id: coupon._id, patch }).unwrap();
        message.success(t('messages.updated', { code: saved.data.code }), 3);
        close();
      } catch (err) {
        showFailure(err, t('messages.updateFailed'));
      }
      return;
    }
    try {
      await createCoupon(payload).unwrap();
      message.success(t('messages.created', { code: payload.code }), 3);
      close();
    } catch (err) {
      showFailure(err, t('messages.createFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={coupon ? t('form.editTitle', { code: coupon.code }) : t('form.title')}
      okText={editing ? t('form.save') : t('form.submit')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={creating || updating}
      width={560}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={INITIAL} onFinish={submit} className="!mt-4" name="coupon">
        <Form.Item
          name="code"
          label={t('form.code')}
          normalize={(value: string) => value.toUpperCase().replace(/\s+/g, '')}
          extra={codeLocked ? <span data-testid="coupon-code-locked">{t('form.codeLocked')}</span> : t('form.codeHint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.code') },
            { max: 30, message: t('validation.codeTooLong') },
            { pattern: /^[A-Z0-9_-]*$/, message: t('validation.codeCharacters') },
          ]}
        >
          <Input placeholder={t('form.codePlaceholder')} autoComplete="off" maxLength={30} className="font-mono" disabled={codeLocked} />
        </Form.Item>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Form.Item name="discountType" label={t('form.discountType')} rules={[{ required: true, message: t('validation.discountType') }]}>
            <Select
              placeholder={t('form.discountTypePlaceholder')}
              options={DISCOUNT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              data-testid="coupon-type"
            />
          </Form.Item>
          <Form.Item
            name="discountValue"
            label={t('form.discountValue')}
            dependencies={['discountType']}
            rules={[
              { required: true, message: t('validation.discountValue') },
              {
                validator: async (_, value: number | null | undefined) => {
                  if (value === null || value === undefined) return;
                  if (value <= 0) throw new Error(t('validation.discountPositive'));
                  if (form.getFieldValue('discountType') === 'percentage' && value > 100) throw new Error(t('validation.percentMax'));
                },
              },
            ]}
          >
            <InputNumber
              min={0}
              style={{ width: '100%' }}
              prefix={discountType === 'fixed' ? '৳' : undefined}
              suffix={discountType === 'percentage' ? '%' : undefined}
              placeholder={discountType === 'percentage' ? '10' : '500'}
            />
          </Form.Item>
        </div>
        <Form.Item name="expirationDate" label={t('form.expirationDate')} extra={t('form.expirationHint')} rules={[{ required: true, message: t('validation.expirationDate') }]}>
          <DatePicker
            style={{ width: '100%' }}
            format="DD-MM-YYYY"
            placeholder={t('form.expirationPlaceholder')}
            disabledDate={(date) => date.format('YYYY-MM-DD') < today}
            data-testid="coupon-expiration"
          />
        </Form.Item>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Form.Item name="minimumPurchaseAmount" label={t('form.minimumPurchase')} extra={t('form.minimumHint')}>
            <InputNumber min={0} style={{ width: '100%' }} prefix="৳" />
          </Form.Item>
          <Form.Item
            name="usageLimit"
            label={t('form.usageLimit')}
            extra={usedCount > 0 ? t('form.usageHintUsed', { count: usedCount, n: formatNumber(usedCount, lng) }) : t('form.usageHint')}
            rules={[
              {
                // The server's rule: a limit (0 is unlimited) cannot be below the uses already made.
                validator: async (_, value: number | null | undefined) => {
                  if (value && value < usedCount) throw new Error(t('validation.limitBelowUses', { count: usedCount, n: formatNumber(usedCount, lng) }));
                },
              },
            ]}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="isActive" label={t('form.active')} valuePropName="checked" className="!mb-0">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
