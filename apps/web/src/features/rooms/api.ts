import type { RoomStatus, TListMeta, TRoom, TRoomInput, TRoomPatch } from '@residency/shared';
import { baseApi } from '../../lib/api';

type List<T> = { success: true; data: T[]; meta: TListMeta };
type One<T> = { success: true; message?: string; data: T };

export interface RoomQuery {
  page?: number;
  limit?: number;
  status?: RoomStatus;
  searchTerm?: string;
  /** One category name at a time. */
  categories?: string;
  /** With checkOut (ISO dates): only rooms free for the whole stay that fit `guests`. */
  checkIn?: string;
  checkOut?: string;
  /** JSON text, e.g. '{"adults":2,"children":1}'. */
  guests?: string;
}

/** Rooms (spec section 7): public reads, admin writes, staff status changes. */
export const roomsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRooms: build.query<List<TRoom>, RoomQuery>({
      query: (params) => ({
        url: '/room',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')),
      }),
      providesTags: (result) => [
        { type: 'Room', id: 'LIST' },
        ...(result?.data.map((r) => ({ type: 'Room' as const, id: r._id })) ?? []),
      ],
    }),
    getRoom: build.query<One<TRoom>, string>({
      query: (id) => `/room/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Room', id }],
    }),
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

export const { useGetRoomsQuery, useGetRoomQuery, useCreateRoomMutation, useUpdateRoomMutation, useDeleteRoomMutation } =
  roomsApi;
