import type { TErrorResponse } from '@residency/shared';
import { ApiError } from '../../lib/http';

/** The file name the server gives in `Content-Disposition`, else one made from the period. */
function csvFileName(disposition: string | null, period: { from: string; to: string }): string {
  const named = disposition?.match(/filename="?([^";]+)"?/i)?.[1];
  return named ?? `bookings-${period.from}-${period.to}.csv`;
}

/**
 * Fetches `GET /api/admin/bookings.csv` of the period with the admin's bearer token (a plain link
 * cannot send it) and hands the browser the file to save. A refusal becomes an ApiError carrying
 * the server's message and code, for the screen's error text.
 */
export async function downloadBookingsCsv(period: { from: string; to: string }, token: string | null): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api/admin/bookings.csv?${new URLSearchParams(period)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError('TIMEOUT_ERROR', 'The server took too long to answer. Please try again.');
    }
    throw new ApiError('FETCH_ERROR', 'We could not reach the server. Check your connection and try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<TErrorResponse>;
    throw new ApiError(res.status, body.message ?? 'Something went wrong', body.code);
  }
  const blob = await res.blob();
  const name = csvFileName(res.headers.get('content-disposition'), period);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
