import { DISCOUNT_TYPES, normalizeCouponCode, type TCouponCreate } from '@residency/shared/coupons';
import { todayAt } from '@residency/shared/dates';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/server-error';
import { getSite } from '../../../lib/site';
import { useCreateCouponMutation } from '../api';

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
}

/**
 * The Add New Coupon modal (spec sections 2 and 5): code, discount type and value, expiration
 * date (sent as YYYY-MM-DD), minimum purchase and usage limit (0 by default: none, unlimited),
 * active switch; the spec's messages when a required field is empty.
 */
export function CouponFormModal({ open, onClose }: Props) {
  const { t } = useTranslation('coupons');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const discountType = Form.useWatch('discountType', form);
  const [createCoupon, { isLoading }] = useCreateCouponMutation();
  const today = todayAt(getSite().timeZone);

  const submit = async (values: Values) => {
    const payload: TCouponCreate = {
      code: normalizeCouponCode(values.code ?? ''),
      discountType: values.discountType!,
      discountValue: Number(values.discountValue),
      expirationDate: values.expirationDate!.format('YYYY-MM-DD'),
      minimumPurchaseAmount: values.minimumPurchaseAmount ?? 0,
      usageLimit: values.usageLimit ?? 0,
      isActive: values.isActive,
    };
    try {
      await createCoupon(payload).unwrap();
      message.success(t('messages.created', { code: payload.code }), 3);
      form.resetFields();
      onClose();
    } catch (err) {
      const text = errorText(err, t('messages.createFailed'));
      // A taken code is the code field's problem: say so beside it as well.
      if ((err as { data?: { code?: string } }).data?.code === 'COUPON_CODE_TAKEN') form.setFields([{ name: 'code', errors: [text] }]);
      message.error(text, 5);
    }
  };

  return (
    <Modal
      open={open}
      title={t('form.title')}
      okText={t('form.submit')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={isLoading}
      width={560}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={INITIAL} onFinish={submit} className="!mt-4" name="coupon">
        <Form.Item
          name="code"
          label={t('form.code')}
          normalize={(value: string) => value.toUpperCase().replace(/\s+/g, '')}
          extra={t('form.codeHint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.code') },
            { max: 30, message: t('validation.codeTooLong') },
            { pattern: /^[A-Z0-9_-]*$/, message: t('validation.codeCharacters') },
          ]}
        >
          <Input placeholder={t('form.codePlaceholder')} autoComplete="off" maxLength={30} className="font-mono" />
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
          <Form.Item name="usageLimit" label={t('form.usageLimit')} extra={t('form.usageHint')}>
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
