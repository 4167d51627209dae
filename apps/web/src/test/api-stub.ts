import { vi } from 'vitest';
import { stubRelativeRequest } from './relative-request';

/** A JSON answer of the API. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stands in for the server (until `vi.unstubAllGlobals()`): every request the app sends goes to
 * `answer` with its path, and relative '/api/…' URLs resolve. Returns the fetch mock.
 */
export function stubApi(answer: (request: Request, pathname: string) => Response | Promise<Response>) {
  stubRelativeRequest();
  const fetch = vi.fn(async (request: Request) => answer(request, new URL(request.url).pathname));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
