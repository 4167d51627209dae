import type { TBlock } from '@residency/shared';
import { addDays } from '@residency/shared/dates';
import { useMemo } from 'react';
import { useGetBlocksQuery } from './api';

/** How far ahead a room's blocks are shown beside it (housekeeping): tonight and the coming nights. */
const BLOCKS_AHEAD_DAYS = 30;

/**
 * The blocks from `today` on (for BLOCKS_AHEAD_DAYS), fetched once for the screen and grouped by
 * room id, so each room's row finds its own without a request of its own.
 */
export function useRoomBlocks(today: string): (roomId: string) => TBlock[] {
  const { data } = useGetBlocksQuery({ from: today, to: addDays(today, BLOCKS_AHEAD_DAYS) });
  const byRoom = useMemo(() => {
    const map = new Map<string, TBlock[]>();
    for (const block of data?.data ?? []) map.set(block.room._id, [...(map.get(block.room._id) ?? []), block]);
    return map;
  }, [data]);
  return (roomId) => byRoom.get(roomId) ?? [];
}
