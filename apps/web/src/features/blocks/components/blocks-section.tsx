import { UnlockOutlined } from '@ant-design/icons';
import type { TBlock } from '@residency/shared';
import { App, Button, Tag } from 'antd';
import { formatNumber } from '../../../lib/format';
import { useGetBlocksQuery, useOpenRoomMutation, type BlockQuery } from '../api';
import { useBlockTexts } from '../block-texts';

/** How many blocks the reservations screen lists without a date filter (from today on). */
const BLOCKS_SHOWN = 20;

/**
 * "Rooms not for sale" above the reservations list: the blocks of the screen's dates (or from
 * today on), each as what it is, a channel's stay or a room the desk closed, never as a guest.
 * A desk block can be opened again (after a question). Nothing is shown when no block falls in.
 */
export function BlocksSection({ query }: { query: BlockQuery }) {
  const { t, lng, holder, dates, room, failure } = useBlockTexts();
  const { modal, message } = App.useApp();
  const { data, isError } = useGetBlocksQuery(query);
  const [openRoom] = useOpenRoomMutation();
  const blocks = (data?.data ?? []).slice(0, BLOCKS_SHOWN);
  if (isError || blocks.length === 0) return null;
  const more = (data?.data.length ?? 0) > BLOCKS_SHOWN;

  const askOpen = (block: TBlock) =>
    modal.confirm({
      title: t('open.title'),
      content: t('open.text', { room: room(block), dates: dates(block) }),
      okText: t('open.ok'),
      cancelText: t('open.cancel'),
      onOk: async () => {
        try {
          await openRoom(block._id).unwrap();
          message.success(t('open.done'), 3);
        } catch (err) {
          message.error(failure(err, t('open.failed')), 6);
        }
      },
    });

  return (
    <section aria-labelledby="blocks-title" className="mb-4 rounded-lg border border-amber-200 bg-amber-50/60 p-3" data-testid="blocks-section">
      <h2 id="blocks-title" className="m-0 mb-2 text-sm font-semibold text-slate-900">
        {t('title')}
      </h2>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {blocks.map((block) => (
          // Who holds the nights, the room and the dates on one line (wrapping between, never
          // inside, them); why below; Open again beside on wide screens, under on phones.
          <li
            key={block._id}
            className="flex min-w-0 flex-col gap-1.5 border-t border-amber-200 pt-2 text-sm text-slate-800 first:border-t-0 first:pt-0 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
            data-testid={`block-${block._id}`}
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Tag color={block.source === 'channel' ? 'purple' : 'volcano'} className="!m-0">
                  {holder(block)}
                </Tag>
                <span className="font-medium whitespace-nowrap">{room(block)}</span>
                {/* On a phone the dates take a line of their own (no dangling dot). */}
                <span className="basis-full whitespace-nowrap sm:basis-auto">
                  <span aria-hidden className="hidden sm:inline">
                    ·{' '}
                  </span>
                  {dates(block)}
                </span>
              </div>
              <p className="m-0 mt-0.5 [overflow-wrap:anywhere] text-slate-700">{block.summary}</p>
            </div>
            {block.source === 'desk' && (
              <Button
                size="small"
                className="self-start sm:self-center"
                icon={<UnlockOutlined aria-hidden />}
                onClick={askOpen.bind(null, block)}
                aria-label={t('open.label', { room: room(block), dates: dates(block) })}
                data-testid="block-open"
              >
                {t('open.button')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {more && <p className="m-0 mt-2 text-xs text-slate-600">{t('more', { n: formatNumber(BLOCKS_SHOWN, lng) })}</p>}
    </section>
  );
}
