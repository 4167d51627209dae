import { CHANNELS, ZFeedCreate, type Channel, type TSyncResult } from '@residency/shared/channels';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { errorCode } from '../../../lib/server-error';
import { useAddFeedMutation } from '../api';
import { useChannelsErrorText } from '../channel-errors';
import { useChannelTexts } from '../channel-texts';

interface Values {
  channel: Channel;
  url: string;
}

/** The contract's English messages for the address, each with its key in `channels:addFeed`. */
const URL_MESSAGES: Record<string, string> = {
  'Enter the feed address.': 'urlRequired',
  'Enter an http or https address of the feed.': 'urlInvalid',
};

/** The field errors a 400 answer carries (`errors: [{ path, message }]`), keyed by field. */
function fieldErrors(error: unknown): Record<string, string> {
  const list = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  const out: Record<string, string> = {};
  for (const item of Array.isArray(list) ? (list as { path?: unknown; message?: unknown }[]) : []) {
    const key = typeof item.path === 'string' ? item.path.split('.')[0] : undefined;
    if (key && typeof item.message === 'string' && !out[key]) out[key] = item.message;
  }
  return out;
}

/**
 * "Add feed" of a room: a channel and the address of its calendar. The server syncs the feed at
 * once; the modal then shows what the first sync found, or why it failed (the feed stays, and
 * its row shows the error too).
 */
export function AddFeedModal({ room, onClose }: { room: { _id: string; roomNumber: string } | null; onClose: () => void }) {
  const { t, channelName, resultText, failureText, roomNo } = useChannelTexts();
  const errorText = useChannelsErrorText();
  const [form] = Form.useForm<Values>();
  const [addFeed, { isLoading }] = useAddFeedMutation();
  // The first sync's answer once the feed is added; the modal then only offers Close.
  const [result, setResult] = useState<TSyncResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!room) return;
    form.resetFields();
    setResult(null);
    setFailure(null);
  }, [room, form]);

  const say = (message: string) => (URL_MESSAGES[message] ? t(`addFeed.${URL_MESSAGES[message]}`) : message);

  const submit = async (values: Values) => {
    if (!room) return;
    setFailure(null);
    try {
      const answer = await addFeed({ roomId: room._id, channel: values.channel, url: values.url.trim() }).unwrap();
      setResult(answer.data.result);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'FEED_EXISTS') {
        form.setFields([{ name: 'url', errors: [errorText(err, t('addFeed.failed'))] }]);
        return;
      }
      const fields = fieldErrors(err);
      const known = (['channel', 'url'] as const).filter((f) => fields[f]);
      if (known.length > 0) {
        form.setFields(known.map((f) => ({ name: f, errors: [say(fields[f]!)] })));
        return;
      }
      setFailure(errorText(err, t('addFeed.failed')));
    }
  };

  const done = result !== null;
  return (
    <Modal
      open={room !== null}
      title={room ? t('addFeed.title', { number: roomNo(room.roomNumber) }) : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={onClose}>
            {t('addFeed.close')}
          </Button>
        ) : (
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={onClose}>{t('addFeed.cancel')}</Button>
            <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
              {t('addFeed.ok')}
            </Button>
          </div>
        )
      }
    >
      {done ? (
        <Alert
          type={result.error ? 'error' : 'success'}
          showIcon
          role="status"
          data-testid="add-feed-result"
          title={
            result.error
              ? t('addFeed.addedFailed', { error: failureText({ code: result.errorCode, params: result.errorParams, message: result.error }) })
              : t('addFeed.added', { result: resultText(result) })
          }
        />
      ) : (
        <Form<Values> form={form} name="add-feed" layout="vertical" requiredMark onFinish={(values) => void submit(values)}>
          <Form.Item name="channel" label={t('addFeed.channel')} rules={[{ required: true, message: t('addFeed.channelRequired') }]}>
            <Select<Channel> placeholder={t('addFeed.channelPlaceholder')} options={CHANNELS.map((c) => ({ value: c, label: channelName(c) }))} data-testid="add-feed-channel" />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('addFeed.url')}
            required
            extra={t('addFeed.urlHelp')}
            rules={[
              {
                validator: async (_: unknown, value: unknown) => {
                  const parsed = ZFeedCreate.shape.url.safeParse(value ?? '');
                  if (!parsed.success) throw new Error(say(parsed.error.issues[0]?.message ?? ''));
                },
              },
            ]}
          >
            <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" data-testid="add-feed-url" />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} />}
        </Form>
      )}
    </Modal>
  );
}
