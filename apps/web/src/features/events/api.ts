import type { TListMeta } from '@residency/shared';
import type { TEventRequest, TEventRequestUpdate, TEventStatus } from '@residency/shared/events';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type List<T> = { success: true; data: T[]; meta: TListMeta };

/** The filters of the event request list; dates YYYY-MM-DD, both ends included. */
interface EventListArgs {
  page: number;
  status?: TEventStatus;
  from?: string;
  to?: string;
  searchTerm?: string;
}

const LIST = { type: 'Event', id: 'LIST' } as const;

/** Meetings & events: the halls (public) and the requests for them (admin and staff). */
const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEventRequests: build.query<List<TEventRequest>, EventListArgs>({
      query: ({ page, status, from, to, searchTerm }) => ({
        url: '/events',
        // Only the filters in use: an empty searchTerm or status would be refused by the contract.
        params: {
          page,
          ...(status ? { status } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(searchTerm ? { searchTerm } : {}),
        },
      }),
      providesTags: (result) => [LIST, ...(result?.data.map((e) => ({ type: 'Event' as const, id: e._id })) ?? [])],
    }),
    updateEventRequest: build.mutation<One<TEventRequest>, { id: string; payload: TEventRequestUpdate }>({
      query: ({ id, payload }) => ({ url: `/events/${id}`, method: 'PUT', body: payload }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Event', id }, LIST],
    }),
    deleteEventRequest: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/events/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Event', id }, LIST],
    }),
  }),
});

export const { useGetEventRequestsQuery, useUpdateEventRequestMutation, useDeleteEventRequestMutation } = eventsApi;
