import type { TBooking } from '@residency/shared';
import { SERVICE_TYPE_LABELS, labelOf } from '@residency/shared/request-labels';
import { SERVICE_TYPES, ZServiceRequestCreate, type TServiceType } from '@residency/shared/services';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../lib/category-texts';
import { characterCount, formatShortDate } from '../../../lib/format';
import { errorCode, useErrorText } from '../../../lib/server-error';
import { useCategoryName } from '../../../lib/use-category-name';
import { useCreateServiceRequestMutation } from '../api';
import { defaultStay, isCurrentStay } from '../service-stays';

interface Values {
  bookingId: string;
  service?: TServiceType;
  description: string;
}

interface Props {
  /** The guest's stays that can take a request, soonest first (at least one). */
  stays: TBooking[];
  today: string;
  /** The server found no open stay after all (cancelled meanwhile): the page reads the stays again. */
  onNoOpenStay: () => void;
}

/**
 * A guest asks for a service (`POST /api/services`): what, a note (required for "Other"), and
 * for which stay when more than one can take requests (the current one by default).
 */
export function ServiceRequestForm({ stays, today, onNoOpenStay }: Props) {
  const { t, i18n } = useTranslation('services');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const categoryName = useCategoryName();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const service = Form.useWatch('service', form);
  const [create, { isLoading }] = useCreateServiceRequestMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const initialStay = defaultStay(stays, today);

  const stayLabel = (stay: TBooking) => {
    const room = t('roomValue', { category: categoryName(stay.room.category), number: roomNumberText(stay.room.roomNumber, lng) });
    const dates = `${formatShortDate(stay.startDate, lng)} ~ ${formatShortDate(stay.endDate, lng)}`;
    return isCurrentStay(stay, today) ? t('mine.form.stayNow', { room, dates }) : t('mine.form.stayLater', { room, dates });
  };

  const submit = async (values: Values) => {
    setFailure(null);
    const parsed = ZServiceRequestCreate.safeParse({ service: values.service, description: values.description ?? '', bookingId: values.bookingId });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]) as keyof Values,
          errors: [t(`mine.form.errors.${String(issue.path[0])}.${issue.code}`, { defaultValue: issue.message })],
        })),
      );
      return;
    }
    try {
      await create(parsed.data).unwrap();
      message.success(t('mine.form.sent', { service: labelOf(SERVICE_TYPE_LABELS, parsed.data.service, lng) }), 4);
      form.setFieldsValue({ service: undefined, description: '' });
      form.setFields([{ name: 'service', errors: [] }, { name: 'description', errors: [] }]);
    } catch (err) {
      const text = errorText(err, t('mine.form.failed'));
      if (errorCode(err) === 'NO_OPEN_STAY') onNoOpenStay();
      setFailure(text);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ bookingId: initialStay?._id, description: '' }}
      requiredMark={false}
      // A short form reads better at the width of a sentence than across a wide screen.
      className="max-w-2xl"
      name="service-request"
      data-testid="service-request-form"
    >
      {failure && <Alert type="error" showIcon className="!mb-4" title={failure} />}
      {stays.length > 1 ? (
        <Form.Item name="bookingId" label={t('mine.form.stay')} rules={[{ required: true, message: t('mine.form.errors.bookingId.required') }]}>
          <Select options={stays.map((stay) => ({ value: stay._id, label: stayLabel(stay) }))} data-testid="service-stay" />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="bookingId" hidden>
            <Input />
          </Form.Item>
          <p className="mb-4 text-slate-700" data-testid="service-stay-line">
            <span className="text-slate-600">{t('mine.form.stay')}: </span>
            {stayLabel(stays[0]!)}
          </p>
        </>
      )}
      <Form.Item name="service" label={t('mine.form.service')} rules={[{ required: true, message: t('mine.form.errors.service.required') }]}>
        <Select
          placeholder={t('mine.form.servicePlaceholder')}
          options={SERVICE_TYPES.map((type) => ({ value: type, label: labelOf(SERVICE_TYPE_LABELS, type, lng) }))}
          data-testid="service-type"
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={service === 'other' ? t('mine.form.descriptionRequired') : t('mine.form.description')}
        dependencies={['service']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (getFieldValue('service') === 'other' && !value?.trim()) throw new Error(t('mine.form.errors.description.custom'));
            },
          }),
          { max: 1000, message: t('mine.form.errors.description.too_big') },
        ]}
        extra={t('mine.form.descriptionHint')}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount={characterCount(lng)} placeholder={t('mine.form.descriptionPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading} data-testid="service-submit">
        {t('mine.form.submit')}
      </Button>
    </Form>
  );
}
