import { downloadWithToken } from '../../lib/download';

/** Downloads `GET /api/admin/bookings.csv` of the period (the admin's token sent along). */
export function downloadBookingsCsv(period: { from: string; to: string }, token: string | null): Promise<string> {
  // Only the two dates: the route refuses a parameter it does not take, and the screen's period
  // carries more (its choice).
  const query = new URLSearchParams({ from: period.from, to: period.to });
  return downloadWithToken(`/api/admin/bookings.csv?${query}`, token, `bookings-${period.from}-${period.to}.csv`);
}
