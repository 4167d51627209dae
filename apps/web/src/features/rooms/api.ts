import type { TRoom, TRoomInput, TRoomPatch } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/**
 * Rooms (spec section 7), the writes: the admin's create, update and delete, and the staff's
 * status changes (housekeeping). The reads everyone uses are in lib/rooms-api.ts.
 */
const roomsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createRoom: build.mutation<One<TRoom>, TRoomInput>({
      query: (body) => ({ url: '/room/create-room', method: 'POST', body }),
      invalidatesTags: [{ type: 'Room', id: 'LIST' }, { type: 'RoomCategory', id: 'LIST' }],
    }),
    updateRoom: build.mutation<One<TRoom>, { id: string; payload: TRoomPatch }>({
      query: ({ id, payload }) => ({ url: `/room/${id}`, method: 'PATCH', body: payload }),
      // The Categories list counts each category's rooms: a room moved to another category changes two counts.
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Room', id },
        { type: 'Room', id: 'LIST' },
        { type: 'RoomCategory', id: 'LIST' },
      ],
    }),
    deleteRoom: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/room/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Room', id: 'LIST' }, { type: 'RoomCategory', id: 'LIST' }],
    }),
  }),
});

export const { useCreateRoomMutation, useUpdateRoomMutation, useDeleteRoomMutation } = roomsApi;
