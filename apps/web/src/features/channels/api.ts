import type { Channel, TBlockReservation, TChannelRoom, TConflict, TConflictQuery, TFeed, TFeedCreate, TListMeta, TSyncResult } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/** The rooms' feeds and export addresses (admin), and the conflicts (admin, staff). */
const ROOMS = { type: 'Room', id: 'CHANNELS' } as const;
const CONFLICTS = { type: 'Booking', id: 'CHANNEL_CONFLICTS' } as const;
/** The rooms not for sale (features/blocks' tag): a feed's sync adds and releases its blocks. */
const BLOCKS = { type: 'Room', id: 'BLOCKS' } as const;

/** Channel sync (issue 20): iCal export per room and channel, imported feeds, conflicts. */
const channelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChannelRooms: build.query<One<TChannelRoom[]>, void>({
      query: () => ({ url: '/channels' }),
      providesTags: [ROOMS],
    }),
    /** One page of conflicts (the API pages them like every list). */
    getConflicts: build.query<One<TConflict[]> & { meta: TListMeta }, TConflictQuery>({
      query: (params) => ({ url: '/channels/conflicts', params }),
      providesTags: [CONFLICTS],
    }),
    /** A new export address for a room and channel: the old one answers 404 from now on. */
    rotateExport: build.mutation<One<{ channel: Channel; url: string }>, { roomId: string; channel: Channel }>({
      query: (body) => ({ url: '/channels/exports/rotate', method: 'POST', body }),
      invalidatesTags: [ROOMS],
    }),
    /** Adds a feed and syncs it at once: the answer carries the first sync's result (or its error). */
    addFeed: build.mutation<One<{ feed: TFeed; result: TSyncResult }>, TFeedCreate>({
      query: (body) => ({ url: '/channels/feeds', method: 'POST', body }),
      invalidatesTags: [ROOMS, CONFLICTS, BLOCKS],
    }),
    syncFeed: build.mutation<One<TSyncResult>, string>({
      query: (id) => ({ url: `/channels/feeds/${id}/sync`, method: 'POST' }),
      invalidatesTags: [ROOMS, CONFLICTS, BLOCKS],
    }),
    /** Removes a feed; the nights it held are free again. */
    removeFeed: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/channels/feeds/${id}`, method: 'DELETE' }),
      invalidatesTags: [ROOMS, CONFLICTS, BLOCKS],
    }),
    /** The channel's guest arrived: the block becomes a confirmed reservation (staff, admin). */
    makeBlockReservation: build.mutation<One<{ _id: string; transactionId: string }>, { id: string; body: TBlockReservation }>({
      query: ({ id, body }) => ({ url: `/channels/blocks/${id}/reservation`, method: 'POST', body }),
      invalidatesTags: [BLOCKS, { type: 'Booking', id: 'LIST' }],
    }),
    resolveConflict: build.mutation<One<TConflict>, { id: string; note: string }>({
      query: ({ id, note }) => ({ url: `/channels/conflicts/${id}/resolve`, method: 'POST', body: { note } }),
      // A refusal (resolved by someone else meanwhile) reloads the list too.
      invalidatesTags: () => [CONFLICTS],
    }),
  }),
});

export const {
  useGetChannelRoomsQuery,
  useGetConflictsQuery,
  useRotateExportMutation,
  useAddFeedMutation,
  useSyncFeedMutation,
  useRemoveFeedMutation,
  useResolveConflictMutation,
  useMakeBlockReservationMutation,
} = channelsApi;
