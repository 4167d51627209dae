import type { TBlock, TDeskBlockCreate } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/**
 * Every list of blocks (the reservations screen's, housekeeping's): closing or opening a room reloads
 * them all, and so does a channel feed's add, sync or removal (features/channels names the same tag).
 */
const BLOCKS = { type: 'Room', id: 'BLOCKS' } as const;

/** The query of `GET /api/channels/blocks`: blocks holding a night from `from` to `to` (inclusive), all rooms or one. */
export interface BlockQuery {
  from?: string;
  to?: string;
  roomId?: string;
}

/**
 * Nights a room is not for sale without a guest of ours (issue 20): a channel's blocks and the
 * rooms the desk closed. Staff and admins read them and close or open a room.
 */
const blocksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBlocks: build.query<One<TBlock[]>, BlockQuery>({
      query: (params) => ({ url: '/channels/blocks', params }),
      providesTags: [BLOCKS],
    }),
    /** The desk closes a room for some nights (409 when a stay or block holds one of them). */
    closeRoom: build.mutation<One<TBlock>, TDeskBlockCreate>({
      query: (body) => ({ url: '/channels/blocks', method: 'POST', body }),
      // The free rooms of a search change too.
      invalidatesTags: (_result, error) => (error ? [] : [BLOCKS, { type: 'Room', id: 'LIST' }]),
    }),
    /** Opens a room the desk closed (409 CHANNEL_BLOCK for a channel's block). A refusal reloads too: it may be gone. */
    openRoom: build.mutation<{ success: true; message: string }, string>({
      query: (id) => ({ url: `/channels/blocks/${id}`, method: 'DELETE' }),
      invalidatesTags: () => [BLOCKS, { type: 'Room', id: 'LIST' }],
    }),
  }),
});

export const { useGetBlocksQuery, useCloseRoomMutation, useOpenRoomMutation } = blocksApi;
