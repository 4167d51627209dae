import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One autocannon run: `connections` clients for `seconds`, after a short warm-up. */
export async function load(
  name: string,
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    /** A request of another method, with a body made afresh for each request. */
    request?: { method: 'POST' | 'PUT' | 'PATCH'; body: () => string };
    /** A GET of a different path (and query) for each request, so that caches do not answer them all. */
    path?: () => string;
  } = {},
): Promise<LoadResult> {
  const { connections = 50, seconds = 10, headers, request, path } = options;
  const requests = request
    ? [{ method: request.method, setupRequest: (req: { body?: string }) => ({ ...req, body: request.body() }) }]
    : path
      ? [{ method: 'GET' as const, setupRequest: (req: { path?: string }) => ({ ...req, path: path() }) }]
      : undefined;
  await autocannon({ url, connections, duration: 2, headers, requests });
  const result = await autocannon({ url, connections, duration: seconds, headers, requests });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(results: LoadResult[]) {
  console.table(
    results.map((r) => ({
      route: r.name,
      'req/s': r.requestsPerSec,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'non-2xx': r.non2xx,
    })),
  );
}

/** The bare route answering a fixed body of `bytes` (bench-app.ts), loaded as `load` does: the ceiling for an answer of that size. */
export async function fixedBody(bareUrl: string, bytes: number, options: { seconds: number; connections?: number }): Promise<LoadResult> {
  await fetch(`${bareUrl}/body-size`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bytes }) });
  return load(`bare route, fixed ${bytes} B body`, `${bareUrl}/fixed`, options);
}

/** The mean size in bytes of `samples` answers of `base` + `path()`. */
export async function answerSize(base: string, path: () => string, samples = 50): Promise<number> {
  let total = 0;
  for (let i = 0; i < samples; i += 1) total += (await (await fetch(base + path())).arrayBuffer()).byteLength;
  return Math.round(total / samples);
}
