import { InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { TChannelRoom } from '@residency/shared';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useCategoryName } from '../../../lib/use-category-name';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { CardActions, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { useGetChannelRoomsQuery } from '../api';
import { useChannelTexts } from '../channel-texts';
import { AddFeedModal } from '../components/add-feed-modal';
import { ConflictsSection } from '../components/conflicts-section';
import { ExportList } from '../components/export-list';
import { FeedList } from '../components/feed-list';

/**
 * Admin › Channels (issue 20): what iCal covers (and Booking.com's limit), the open conflicts
 * first, then each room with its imported feeds (last sync, result, error, Sync now, Remove, Add
 * feed) and its export address per channel (Copy, New address). A table on wider screens, a
 * card per room on phones.
 */
export default function ChannelsPage() {
  const { t, roomNo } = useChannelTexts();
  const phone = usePhoneLayout();
  const categoryName = useCategoryName();
  const { data, isLoading, isError, error, refetch } = useGetChannelRoomsQuery();
  const [adding, setAdding] = useState<TChannelRoom | null>(null);
  const rooms = data?.data ?? [];

  const roomCell = (room: TChannelRoom) => (
    <div className="min-w-0">
      <span className="block font-semibold text-slate-900">{t('rooms.room', { number: roomNo(room.roomNumber) })}</span>
      <span className="block text-sm text-slate-600">{categoryName(room.category)}</span>
    </div>
  );
  const addButton = (room: TChannelRoom, block = false) => (
    <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(room)} block={block} aria-label={t('feeds.addLabel', { number: roomNo(room.roomNumber) })}>
      {t('feeds.add')}
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="py-1">
          <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        </div>
      </Card>

      <section aria-labelledby="channels-about" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800" data-testid="channels-about">
        <h2 id="channels-about" className="m-0 mb-2 flex items-center gap-2 text-base font-semibold text-sky-900">
          <InfoCircleOutlined aria-hidden />
          {t('about.title')}
        </h2>
        <p className="m-0 mb-2">{t('about.ical')}</p>
        <p className="m-0">{t('about.bookingCom')}</p>
      </section>

      <ConflictsSection />

      <Card size="small" title={<h2 className="m-0 text-base font-semibold">{t('rooms.title')}</h2>} className="min-w-0">
        {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}
        <ResponsiveList<TChannelRoom>
          phone={phone}
          rows={rooms}
          rowKey="_id"
          loading={isLoading}
          empty={t('empty')}
          pagination={false}
          rowTestId={(room) => `channel-room-${room.roomNumber}`}
          card={(room) => (
            <>
              {roomCell(room)}
              <FeedList room={room} />
              <CardActions>{addButton(room, true)}</CardActions>
              <ExportList room={room} />
            </>
          )}
          table={{
            tableLayout: 'fixed',
            // Rooms with several feeds are tall: each cell starts at the top.
            className: '[&_td]:!align-top',
            columns: [
              { title: t('rooms.columns.room'), key: 'room', width: 150, render: (_: unknown, room) => roomCell(room) },
              {
                title: t('rooms.columns.feeds'),
                key: 'feeds',
                width: '48%',
                render: (_: unknown, room) => (
                  <div className="flex min-w-0 flex-col items-start gap-2">
                    <div className="w-full min-w-0">
                      <FeedList room={room} />
                    </div>
                    {addButton(room)}
                  </div>
                ),
              },
              { title: t('rooms.columns.exports'), key: 'exports', render: (_: unknown, room) => <ExportList room={room} /> },
            ],
          }}
        />
      </Card>

      <AddFeedModal room={adding} onClose={() => setAdding(null)} />
    </div>
  );
}
