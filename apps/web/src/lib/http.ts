import type { TErrorResponse } from '@residency/shared';

/** An API failure with the server's message (or a client-side reason), as the spec's error catalogue names them. */
export class ApiError extends Error {
  readonly status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';
  readonly code?: string;
  readonly errors?: { path: string; message: string }[];

  constructor(status: ApiError['status'], message: string, code?: string, errors?: ApiError['errors']) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/**
 * A JSON call to our API, used by the auth thunks (RTK Query covers the rest). Any status
 * outside 200-299 becomes an ApiError carrying `message` from the body.
 */
export async function apiRequest<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string | null; timeoutMs?: number } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError('TIMEOUT_ERROR', 'The server took too long to answer. Please try again.');
    }
    throw new ApiError('FETCH_ERROR', 'We could not reach the server. Check your connection and try again.');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError('PARSING_ERROR', 'The server sent an answer we could not read.');
  }
  if (!res.ok) {
    const err = body as Partial<TErrorResponse>;
    throw new ApiError(res.status, err.message ?? 'Something went wrong', err.code, err.errors);
  }
  return body as T;
}

/** The message to show for any failure: the server's words when it sent some. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  if (data && typeof data.message === 'string') return data.message;
  return fallback;
}
