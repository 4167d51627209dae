import { downloadWithToken } from '../../lib/download';

/** Downloads `GET /api/admin/bookings.csv` of the period (the admin's token sent along). */
export function downloadBookingsCsv(period: { from: string; to: string }, token: string | null): Promise<string> {
  return downloadWithToken(`/api/admin/bookings.csv?${new URLSearchParams(period)}`, token, `bookings-${period.from}-${period.to}.csv`);
}
