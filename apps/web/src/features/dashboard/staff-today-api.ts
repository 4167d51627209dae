import type { TListLink, TStaffToday } from '@residency/shared';
import { baseApi } from '../../lib/api';

/**
 * The front desk's day (`GET /api/staff/today`). It counts bookings, rooms, service and event
 * requests, so any change to one of those lists (a check-in, a room set to available, a request
 * completed) makes it stale.
 */
const staffTodayApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStaffToday: build.query<{ data: TStaffToday }, void>({
      query: () => '/staff/today',
      providesTags: [
        { type: 'Booking', id: 'LIST' },
        { type: 'Room', id: 'LIST' },
        { type: 'Service', id: 'LIST' },
        { type: 'Event', id: 'LIST' },
        // channels' tags (issue 20): a conflict resolved, a block turned into a reservation.
        { type: 'Booking', id: 'CHANNEL_CONFLICTS' },
        { type: 'Room', id: 'BLOCKS' },
      ],
    }),
  }),
});

export const { useGetStaffTodayQuery } = staffTodayApi;

/** The dashboard areas that have the desk's lists. */
export type DeskArea = 'staff' | 'admin';

/**
 * The screen that lists a figure of the day in full, with the filter in its URL: the
 * reservations (state, payment, from, to), housekeeping (status), the service requests (status)
 * and the event requests (status). Admins have no housekeeping screen: their rooms list instead.
 */
export function listLinkPath(link: TListLink, area: DeskArea = 'staff'): string {
  const query = new URLSearchParams(link.query).toString();
  const path = {
    bookings: `/${area}/reservation`,
    rooms: area === 'staff' ? '/staff/housekeeping' : '/admin/room-management',
    services: '/staff/user-request',
    events: `/${area}/event-request`,
  }[link.list];
  return query ? `${path}?${query}` : path;
}
