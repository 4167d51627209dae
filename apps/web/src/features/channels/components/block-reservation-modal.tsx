import type { TBlock } from '@residency/shared';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatStay } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useMakeBlockReservationMutation } from '../api';
import { useChannelTexts } from '../channel-texts';

type Values = { name: string; email?: string; phone: string; adults: number; children?: number; amount: number };
const FIELD_OF_PATH: Record<string, keyof Values> = { 'guest.name': 'name', 'guest.email': 'email', phone: 'phone', adults: 'adults', children: 'children', amount: 'amount' };

/**
 * "Guest arrived: make reservation": the channel's guest (name, phone, e-mail if given), the
 * party and the total the channel sold the stay at. The API's field errors go beside their
 * fields; on success the new reservation's id links to the reservations screen.
 */
export function BlockReservationModal({ block, area, onClose }: { block: TBlock | null; area: 'staff' | 'admin'; onClose: () => void }) {
  const { t, lng, channelName, roomNo } = useChannelTexts();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [make, { isLoading }] = useMakeBlockReservationMutation();
  const [done, setDone] = useState<{ id: string; name: string } | null>(null);

  const close = () => {
    setDone(null);
    onClose();
  };

  const submit = async () => {
    if (!block) return;
    const v = await form.validateFields();
    const email = v.email?.trim();
    try {
      const res = await make({
        id: block._id,
        body: { guest: { name: v.name.trim(), ...(email ? { email } : {}) }, phone: v.phone.trim(), adults: v.adults, children: v.children ?? 0, amount: v.amount, language: lng === 'bn' ? 'bn' : 'en' },
      }).unwrap();
      setDone({ id: res.data.transactionId, name: v.name.trim() });
    } catch (err) {
      const list = ((err as { data?: { errors?: { path?: string; message?: string }[] } }).data?.errors ?? []).filter((e) => e.path && FIELD_OF_PATH[e.path]);
      form.setFields(list.map((e) => ({ name: FIELD_OF_PATH[e.path!]!, errors: [e.message ?? ''] })));
      message.error(errorText(err, t('arrival.failed')), 5);
    }
  };

  return (
    <Modal
      open={block !== null}
      title={t('arrival.title')}
      okText={done ? t('arrival.close') : t('arrival.ok')}
      cancelText={t('resolve.cancel')}
      cancelButtonProps={done ? { className: '!hidden' } : undefined}
      confirmLoading={isLoading}
      onOk={() => (done ? close() : void submit().catch(() => {}))}
      onCancel={close}
      destroyOnHidden
    >
      {block && (
        <p className="mt-0 text-sm text-slate-700">
          {t('arrival.what', { channel: channelName(block.channel), number: roomNo(block.room.roomNumber), dates: formatStay(block.checkIn, block.checkOut, lng) })}
        </p>
      )}
      {done ? (
        <p role="status" className="text-sm text-green-800" data-testid="block-reservation-done">
          {t('arrival.done', { id: done.id, name: done.name })}{' '}
          <Link to={`/${area}/reservation?q=${encodeURIComponent(done.id)}`} className="font-medium underline">
            {t('arrival.openReservations')}
          </Link>
        </p>
      ) : (
        <Form form={form} name="block-reservation" layout="vertical" requiredMark initialValues={{ adults: 1, children: 0 }} onFinish={() => void submit().catch(() => {})}>
          <Form.Item name="name" label={t('arrival.name')} rules={[{ required: true, whitespace: true, message: t('arrival.nameRequired') }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label={t('arrival.phone')} rules={[{ required: true, whitespace: true, message: t('arrival.phoneRequired') }]}>
            <Input type="tel" autoComplete="off" />
          </Form.Item>
          <Form.Item name="email" label={t('arrival.email')}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <div className="grid grid-cols-2 gap-3">
            <Form.Item name="adults" label={t('arrival.adults')} rules={[{ required: true, message: t('arrival.adultsRequired') }]}>
              <InputNumber min={1} max={3} className="!w-full" />
            </Form.Item>
            <Form.Item name="children" label={t('arrival.children')}>
              <InputNumber min={0} max={2} className="!w-full" />
            </Form.Item>
          </div>
          <Form.Item name="amount" label={t('arrival.amount')} extra={t('arrival.amountHint')} rules={[{ required: true, message: t('arrival.amountRequired') }]}>
            <InputNumber min={0} className="!w-full" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
