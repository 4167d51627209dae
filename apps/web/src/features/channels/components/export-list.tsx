import { CheckOutlined, CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Channel, TChannelRoom } from '@residency/shared';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useRotateExportMutation } from '../api';
import { useChannelsErrorText } from '../channel-errors';
import { useChannelTexts } from '../channel-texts';

/** How long a Copy button says "Copied". */
const COPIED_MS = 2500;

/**
 * A room's export addresses, one per channel, behind a disclosure (six addresses per room would
 * bury the feeds): each written whole, wrapped to the width, with a Copy button, and
 * "New address", asked first (the old one stops working).
 */
export function ExportList({ room }: { room: TChannelRoom }) {
  const { t, lng } = useChannelTexts();
  return (
    <details className="group min-w-0 text-sm" data-testid={`exports-${room.roomNumber}`}>
      <summary className="cursor-pointer rounded text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
        {t('exports.summary', { n: formatNumber(room.exports.length, lng) })}
      </summary>
      <p className="mt-2 mb-1 text-xs text-slate-600">{t('exports.hint')}</p>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {room.exports.map((item) => (
          <li key={item.channel}>
            <ExportItem room={room} channel={item.channel} url={item.url} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function ExportItem({ room, channel, url }: { room: TChannelRoom; channel: Channel; url: string }) {
  const { t, channelName, roomNo } = useChannelTexts();
  const { message, modal } = App.useApp();
  const errorText = useChannelsErrorText();
  const [rotate, { isLoading: rotating }] = useRotateExportMutation();
  const [copied, setCopied] = useState(false);
  const name = channelName(channel);
  const labels = { channel: name, number: roomNo(room.roomNumber) };

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      message.error(t('exports.copyFailed'), 5);
    }
  };

  const askRotate = () =>
    modal.confirm({
      title: t('exports.confirmRotate.title'),
      content: t('exports.confirmRotate.text', labels),
      okText: t('exports.confirmRotate.ok'),
      cancelText: t('exports.confirmRotate.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await rotate({ roomId: room._id, channel }).unwrap();
          message.success(t('exports.rotated', { channel: name }), 4);
        } catch (err) {
          message.error(errorText(err, t('exports.rotateFailed')), 5);
        }
      },
    });

  return (
    <div className="flex min-w-0 flex-col gap-1 border-b border-slate-100 pb-2" data-testid={`export-${channel}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-800">{name}</span>
        <span className="flex flex-wrap gap-2">
          <Button
            size="small"
            icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
            onClick={() => void copy()}
            aria-label={copied ? t('exports.copied') : t('exports.copyLabel', labels)}
            className={copied ? '!border-green-700 !text-green-800' : undefined}
          >
            {copied ? t('exports.copied') : t('exports.copy')}
          </Button>
          <Button size="small" icon={<ReloadOutlined aria-hidden />} loading={rotating} onClick={askRotate} aria-label={t('exports.rotateLabel', labels)}>
            {t('exports.rotate')}
          </Button>
          <span className="sr-only" aria-live="polite">
            {copied ? t('exports.copied') : ''}
          </span>
        </span>
      </div>
      {/* The whole address, wrapped anywhere (it has no spaces) so it never widens the page. */}
      <span className="font-mono text-xs break-all text-slate-600" data-testid="export-url">
        {url}
      </span>
    </div>
  );
}
