import type { RoomStatus, TListMeta, TRoom } from '@residency/shared';
import { baseApi } from './api';

type List<T> = { success: true; data: T[]; meta: TListMeta };
type One<T> = { success: true; message?: string; data: T };

/** The filters of the rooms list (GET /api/room). */
interface RoomQuery {
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

/**
 * The rooms as every screen reads them (spec section 7, public): the rates page's search, the
 * booking form, housekeeping, the category form's rooms and the admin's list. The writes stay
 * in features/rooms/api.ts.
 */
export const roomsReadApi = baseApi.injectEndpoints({
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
  }),
});

export const { useGetRoomsQuery, useGetRoomQuery } = roomsReadApi;
