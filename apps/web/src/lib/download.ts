import type { TErrorResponse } from '@residency/shared';
import { ApiError } from './http';

/**
 * Fetches a file the API sends only to a signed-in caller (a CSV, an invoice's PDF) with the
 * bearer token (a plain link cannot send it) and hands the browser the file to save, under the
 * name the server gives in `Content-Disposition`, else `fallbackName`. A refusal becomes an
 * ApiError carrying the server's message and code, for the screen's error text.
 */
export async function downloadWithToken(url: string, token: string | null, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, {
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
  const name = res.headers.get('content-disposition')?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
  return name;
}
