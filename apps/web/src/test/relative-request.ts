import { vi } from 'vitest';

/**
 * RTK Query builds a `Request` from '/api/…', which Node refuses without an origin: this stubs
 * `Request` (until `vi.unstubAllGlobals()`) so relative URLs resolve against http://localhost.
 */
export function stubRelativeRequest(): void {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      }
    },
  );
}
