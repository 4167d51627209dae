import {
  EVENT_GUESTS_MAX,
  EVENT_LAYOUTS,
  EVENT_STATUSES,
  EVENT_TYPES,
  FOOD_PREFERENCES,
  ZEventRequestUpdate,
  type TEventRequest,
} from '@residency/shared/events';
import { EVENT_LAYOUT_LABELS, EVENT_STATUS_LABELS, EVENT_TYPE_LABELS, FOOD_PREFERENCE_LABELS, labelOf } from '@residency/shared/request-labels';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useUpdateEventRequestMutation } from '../api';
import { eventUpdateBody, eventUpdateValues, type EventUpdateValues as Values } from '../event-update-values';
import { useLastShown } from '../../../lib/use-last-shown';

interface Props {
  request: TEventRequest | null;
  onClose: () => void;
}

/**
 * The Update modal of an event request (spec: width 600): status (set freely; a new one is
 * mailed to the requester), type, layout, date, times, guests, food and requirements.
 */
export function EventUpdateModal({ request, onClose }: Props) {
  const { t, i18n } = useTranslation('events');
  const titled = useLastShown(request);
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [update, { isLoading }] = useUpdateEventRequestMutation();

  // Each opening starts from the request as stored, without the last opening's messages.
  useEffect(() => {
    if (!request) return;
    form.resetFields();
    form.setFieldsValue(eventUpdateValues(request));
  }, [request, form]);

  const required = (field: string) => ({ required: true, message: t(`form.errors.${field}.required`) });

  const submit = async (values: Values) => {
    if (!request) return;
    const body = eventUpdateBody(values);
    // The contract has the last word (the form's rules are the same checks, in the reader's words).
    const parsed = ZEventRequestUpdate.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]) as keyof Values,
          errors: [t(`form.errors.${String(issue.path[0])}.${issue.code}`, { defaultValue: issue.message })],
        })),
      );
      return;
    }
    try {
      await update({ id: request._id, payload: body }).unwrap();
      message.success(t('admin.messages.updated', { reference: request.reference }), 3);
      onClose();
    } catch (err) {
      message.error(errorText(err, t('admin.messages.updateFailed')), 5);
    }
  };

  return (
    <Modal
      open={request !== null}
      title={titled ? t('admin.update.title', { reference: titled.reference }) : ''}
      okText={t('admin.update.save')}
      cancelText={t('admin.update.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      width={600}
      forceRender
      destroyOnHidden={false}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} className="!mt-4" name="event-update" data-testid="event-update-form">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Form.Item name="status" label={t('admin.columns.status')} rules={[required('status')]}>
            <Select options={EVENT_STATUSES.map((s) => ({ value: s, label: labelOf(EVENT_STATUS_LABELS, s, lng) }))} data-testid="event-update-status" />
          </Form.Item>
          <Form.Item name="eventType" label={t('admin.columns.type')} rules={[required('eventType')]}>
            <Select options={EVENT_TYPES.map((v) => ({ value: v, label: labelOf(EVENT_TYPE_LABELS, v, lng) }))} />
          </Form.Item>
          <Form.Item name="layout" label={t('admin.columns.layout')} rules={[required('layout')]}>
            <Select options={EVENT_LAYOUTS.map((v) => ({ value: v, label: labelOf(EVENT_LAYOUT_LABELS, v, lng) }))} />
          </Form.Item>
          <Form.Item name="date" label={t('form.date')} rules={[required('date')]}>
            <DatePicker style={{ width: '100%' }} format="DD-MM-YYYY" allowClear={false} />
          </Form.Item>
          <Form.Item name="startTime" label={t('form.startTime')} rules={[required('startTime')]}>
            <TimePicker style={{ width: '100%' }} format="HH:mm" minuteStep={5} needConfirm={false} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={t('form.endTime')}
            dependencies={['startTime']}
            rules={[
              required('endTime'),
              ({ getFieldValue }) => ({
                validator: async (_, end: Dayjs | null) => {
                  const start = getFieldValue('startTime') as Dayjs | null;
                  if (start && end && end.format('HH:mm') <= start.format('HH:mm')) throw new Error(t('form.errors.endTime.custom'));
                },
              }),
            ]}
          >
            <TimePicker style={{ width: '100%' }} format="HH:mm" minuteStep={5} needConfirm={false} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="guestCount"
            label={t('form.guestCount')}
            rules={[
              required('guestCount'),
              { type: 'integer', min: 1, message: t('form.errors.guestCount.too_small') },
              { type: 'integer', max: EVENT_GUESTS_MAX, message: t('form.errors.guestCount.too_big') },
            ]}
          >
            <InputNumber min={1} max={EVENT_GUESTS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="foodPreference" label={t('form.foodPreference')} rules={[required('foodPreference')]}>
            <Select options={FOOD_PREFERENCES.map((v) => ({ value: v, label: labelOf(FOOD_PREFERENCE_LABELS, v, lng) }))} />
          </Form.Item>
        </div>
        <Form.Item
          name="additionalRequirements"
          label={t('admin.details.requirements')}
          rules={[{ max: 2000, message: t('form.errors.additionalRequirements.too_big') }]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount={characterCount(lng)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
