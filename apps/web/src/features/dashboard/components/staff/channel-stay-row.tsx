import type { TBlock } from '@residency/shared';
import { Button } from 'antd';
import { formatStay } from '../../../../lib/format';
import { useChannelTexts } from '../../../channels';

/**
 * A stay sold on a channel that starts or ends today, read as the channel's stay
 * ("Airbnb stay · room 101 · 12–15 Jan"), never as a guest: the channel keeps the guest's name.
 * An arrival offers "Guest arrived: make reservation".
 */
export function ChannelStayRow({ block, onArrived }: { block: TBlock; onArrived?: (block: TBlock) => void }) {
  const { t, lng, channelName, roomNo } = useChannelTexts();
  const channel = channelName(block.channel);
  return (
    <li className="flex flex-col gap-2 py-2.5" data-testid={`desk-block-${block._id}`}>
      <div className="flex min-w-0 items-start gap-3">
        <span className="min-w-12 rounded-lg bg-violet-50 px-2 py-1 text-center text-lg font-semibold text-violet-900">
          {roomNo(block.room.roomNumber)}
        </span>
        <div className="min-w-0">
          <span className="block font-medium break-words text-slate-900">
            {t('arrival.what', { channel, number: roomNo(block.room.roomNumber), dates: formatStay(block.checkIn, block.checkOut, lng) })}
          </span>
          {block.summary && <span className="block text-xs break-words text-slate-600 italic">{block.summary}</span>}
        </div>
      </div>
      {onArrived && (
        <Button
          type="primary"
          className="!h-auto max-w-full self-start !py-1 sm:ml-15"
          onClick={() => onArrived(block)}
          aria-label={t('arrival.actionLabel', { channel, number: roomNo(block.room.roomNumber) })}
        >
          <span className="whitespace-normal">{t('arrival.action')}</span>
        </Button>
      )}
    </li>
  );
}
