import { addDays } from '@residency/shared/dates';
import { Alert, App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { roomNumberText } from '../../../lib/category-texts';
import { characterCount } from '../../../lib/format';
import { useCloseRoomMutation } from '../api';
import { useBlockTexts } from '../block-texts';

const REASON_MAX = 200;

/** The room to close: its id and number as the screen shows it. */
export interface RoomToClose {
  id: string;
  number: string;
}

type Values = { firstNight: Dayjs; lastNight: Dayjs; reason: string };
/** The API's field names, as the form names them. */
const FIELDS: Record<string, keyof Values> = { checkIn: 'firstNight', checkOut: 'lastNight', reason: 'reason' };

/**
 * "Close for some nights…": the first and the last night the room is not for sale and why
 * (out of order, a leak…). The check-out day sent is the day after the last night. A refusal
 * (nights already held, a field the server refused) is shown in the dialog, which stays open.
 */
export function CloseRoomModal({ room, today, onClose }: { room: RoomToClose | null; today: string; onClose: () => void }) {
  const { t, lng, failure } = useBlockTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [closeRoom, { isLoading }] = useCloseRoomMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (room) {
      form.resetFields();
      setRefusal(null);
    }
  }, [room, form]);

  const submit = async () => {
    if (!room) return;
    const values = await form.validateFields();
    const checkIn = values.firstNight.format('YYYY-MM-DD');
    const checkOut = addDays(values.lastNight.format('YYYY-MM-DD'), 1);
    setRefusal(null);
    try {
      await closeRoom({ roomId: room.id, checkIn, checkOut, reason: values.reason.trim() }).unwrap();
      message.success(t('close.done', { room: roomNumberText(room.number, lng) }), 4);
      onClose();
    } catch (err) {
      setRefusal(failure(err, t('close.failed')));
      // The server's field errors beside their fields (its words are English: only on English pages).
      const fields = (err as { data?: { errors?: { path: string; message: string }[] } }).data?.errors ?? [];
      if (lng === 'en') {
        form.setFields(fields.filter((f) => FIELDS[f.path]).map((f) => ({ name: FIELDS[f.path]!, errors: [f.message] })));
      }
    }
  };

  const beforeToday = (day: Dayjs) => day.format('YYYY-MM-DD') < today;

  return (
    <Modal
      open={room !== null}
      title={room ? t('close.title', { room: roomNumberText(room.number, lng) }) : ''}
      okText={t('close.ok')}
      cancelText={t('close.cancel')}
      confirmLoading={isLoading}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="mt-0 text-sm text-slate-700">{t('close.intro')}</p>
      {refusal && <Alert type="error" showIcon className="!mb-4" title={refusal} data-testid="close-refusal" />}
      <Form
        form={form}
        name="close-room"
        layout="vertical"
        requiredMark
        initialValues={{ firstNight: dayjs(today), lastNight: dayjs(today), reason: '' }}
        onFinish={() => void submit().catch(() => {})}
      >
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Form.Item name="firstNight" label={t('close.firstNight')} rules={[{ required: true, message: t('close.firstNightRequired') }]}>
            <DatePicker className="w-full" format="DD-MM-YYYY" allowClear={false} disabledDate={beforeToday} />
          </Form.Item>
          <Form.Item
            name="lastNight"
            label={t('close.lastNight')}
            dependencies={['firstNight']}
            rules={[
              { required: true, message: t('close.lastNightRequired') },
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | undefined) => {
                  const first = getFieldValue('firstNight') as Dayjs | undefined;
                  return !value || !first || !value.isBefore(first, 'day') ? Promise.resolve() : Promise.reject(new Error(t('close.lastBeforeFirst')));
                },
              }),
            ]}
          >
            <DatePicker className="w-full" format="DD-MM-YYYY" allowClear={false} disabledDate={beforeToday} />
          </Form.Item>
        </div>
        <Form.Item
          name="reason"
          label={t('close.reason')}
          rules={[
            { required: true, whitespace: true, message: t('close.reasonRequired') },
            { max: REASON_MAX, message: t('close.reasonTooLong') },
          ]}
        >
          <Input.TextArea rows={2} maxLength={REASON_MAX} showCount={characterCount(lng)} placeholder={t('close.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
