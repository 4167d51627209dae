import type { TConflict } from '@residency/shared';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { characterCount, formatStay } from '../../../lib/format';
import { errorCode } from '../../../lib/server-error';
import { useResolveConflictMutation } from '../api';
import { useChannelsErrorText } from '../channel-errors';
import { useChannelTexts } from '../channel-texts';

const NOTE_MAX = 1000;

/** "Mark resolved": asks what was done (required), sends it; the conflict then leaves the open list. */
export function ResolveConflictModal({ conflict, onClose }: { conflict: TConflict | null; onClose: () => void }) {
  const { t, lng, channelName, roomNo } = useChannelTexts();
  const errorText = useChannelsErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const [resolve, { isLoading }] = useResolveConflictMutation();

  useEffect(() => {
    if (conflict) form.resetFields();
  }, [conflict, form]);

  const submit = async () => {
    if (!conflict) return;
    const { note } = await form.validateFields();
    try {
      await resolve({ id: conflict._id, note: note.trim() }).unwrap();
      message.success(t('resolve.done'), 3);
      onClose();
    } catch (err) {
      message.error(errorText(err, t('resolve.failed')), 5);
      // Resolved or gone meanwhile: nothing is left to resolve (the list reloads).
      const code = errorCode(err);
      if (code === 'CONFLICT_RESOLVED' || code === 'CONFLICT_NOT_FOUND') onClose();
    }
  };

  return (
    <Modal
      open={conflict !== null}
      title={t('resolve.title')}
      okText={t('resolve.ok')}
      cancelText={t('resolve.cancel')}
      confirmLoading={isLoading}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      {conflict && (
        <p className="mt-0 text-sm text-slate-700" data-testid="resolve-what">
          {t('resolve.what', {
            channel: channelName(conflict.channel),
            number: roomNo(conflict.room.roomNumber),
            dates: formatStay(conflict.checkIn, conflict.checkOut, lng),
          })}
        </p>
      )}
      <Form form={form} name="resolve-conflict" layout="vertical" requiredMark onFinish={() => void submit().catch(() => {})}>
        <Form.Item
          name="note"
          label={t('resolve.note')}
          rules={[{ required: true, whitespace: true, message: t('resolve.noteRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount={characterCount(lng)} placeholder={t('resolve.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
