import type { TCloseDay, TNightAuditDay } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/*
 * A day's open items are bookings and payments: any change of a booking (a no-show, a check-in, a
 * payment) invalidates the bookings' list tag, and a day the screen shows is read again with it.
 * A close invalidates every day shown (the next one may now be closed).
 */
const BOOKINGS = { type: 'Booking', id: 'LIST' } as const;
const DAYS = { type: 'Booking', id: 'NIGHT-AUDIT' } as const;

/** The night audit (issue 35): a day's open items and figures, and its close, for staff and admins. */
const nightAuditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNightAuditDay: build.query<One<TNightAuditDay>, string>({
      query: (date) => `/night-audit/${encodeURIComponent(date)}`,
      providesTags: [BOOKINGS, DAYS],
    }),
    closeDay: build.mutation<One<TNightAuditDay>, { date: string; body: TCloseDay }>({
      query: ({ date, body }) => ({ url: `/night-audit/${encodeURIComponent(date)}/close`, method: 'POST', body }),
      // The closed day at once (the screen shows it without a second request), then the other days.
      async onQueryStarted({ date }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(nightAuditApi.util.upsertQueryData('getNightAuditDay', date, data));
        } catch {
          // The screen shows the refusal; the cached day stays as it was.
        }
      },
      invalidatesTags: (result) => (result ? [DAYS] : []),
    }),
  }),
});

export const { useGetNightAuditDayQuery, useCloseDayMutation } = nightAuditApi;
