import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import type { TChannelRoom, TFeed } from '@residency/shared';
import { App, Button } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useRemoveFeedMutation, useSyncFeedMutation } from '../api';
import { useChannelsErrorText } from '../channel-errors';
import { useChannelTexts } from '../channel-texts';

/** A room's imported channel feeds, each with its last sync and its actions. */
export function FeedList({ room }: { room: TChannelRoom }) {
  const { t } = useChannelTexts();
  if (room.feeds.length === 0) return <p className="m-0 text-sm text-slate-600">{t('feeds.none')}</p>;
  return (
    <ul className="m-0 flex list-none flex-col gap-2 p-0">
      {room.feeds.map((feed) => (
        <li key={feed._id}>
          <FeedItem room={room} feed={feed} />
        </li>
      ))}
    </ul>
  );
}

function FeedItem({ room, feed }: { room: TChannelRoom; feed: TFeed }) {
  const { t, lng, channelName, resultSummary, resultText, failureText, blocks, roomNo } = useChannelTexts();
  const { message, modal } = App.useApp();
  const errorText = useChannelsErrorText();
  const [syncFeed, { isLoading: syncing }] = useSyncFeedMutation();
  const [removeFeed, { isLoading: removing }] = useRemoveFeedMutation();
  const channel = channelName(feed.channel);
  const labels = { channel, number: roomNo(room.roomNumber) };

  const sync = async () => {
    try {
      const { data } = await syncFeed(feed._id).unwrap();
      if (data.error) message.error(resultText(data), 6);
      else message.success(resultText(data), 5);
    } catch (err) {
      message.error(errorText(err, t('feeds.syncFailed')), 5);
    }
  };

  const askRemove = () =>
    modal.confirm({
      title: t('feeds.confirmRemove.title'),
      content: t('feeds.confirmRemove.text', { blocks: blocks(feed.blocks), number: roomNo(room.roomNumber) }),
      okText: t('feeds.confirmRemove.ok'),
      cancelText: t('feeds.confirmRemove.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeFeed(feed._id).unwrap();
          message.success(t('feeds.removed'), 3);
        } catch (err) {
          message.error(errorText(err, t('feeds.removeFailed')), 5);
        }
      },
    });

  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 p-2 text-sm" data-testid={`feed-${feed._id}`}>
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-slate-900" data-testid="feed-channel">
          {channel}
        </span>
        {/* Long addresses are cut here; the whole one is in the title (admins only see feed URLs). */}
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-600" title={feed.url}>
          {feed.url}
        </span>
      </div>
      <span className="text-slate-700" data-testid="feed-last-sync">
        {feed.lastSyncAt ? t('feeds.lastSync', { time: formatDateTime(feed.lastSyncAt, lng) }) : t('feeds.neverSynced')}
      </span>
      {feed.lastResult && (
        <span className="text-slate-700" data-testid="feed-result">
          {resultSummary(feed.lastResult)}
        </span>
      )}
      <span className="text-slate-700" data-testid="feed-blocks">
        {t('feeds.held', { blocks: blocks(feed.blocks) })}
      </span>
      {feed.lastError && (
        <p className="m-0 break-words text-red-700" data-testid="feed-error">
          {t('feeds.failed', { error: failureText({ code: feed.lastErrorCode, params: feed.lastErrorParams, message: feed.lastError }) })}
          {feed.lastSuccessAt && (
            <span className="block text-slate-700">{t('feeds.lastGood', { time: formatDateTime(feed.lastSuccessAt, lng) })}</span>
          )}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        <Button size="small" icon={<SyncOutlined aria-hidden />} loading={syncing} onClick={() => void sync()} aria-label={t('feeds.syncLabel', labels)}>
          {t('feeds.sync')}
        </Button>
        <Button
          size="small"
          danger
          className="enabled:!text-red-700"
          icon={<DeleteOutlined aria-hidden />}
          loading={removing}
          onClick={askRemove}
          aria-label={t('feeds.removeLabel', labels)}
        >
          {t('feeds.remove')}
        </Button>
      </div>
    </div>
  );
}
