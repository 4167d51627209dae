import { useCallback, useRef, useState } from 'react';

/*
 * Idempotency keys for money writes (issue 31): the server records a payment, refund, charge,
 * reversal or check-out once per key, so a double press or a retry after a lost answer cannot
 * take the money twice. A form keeps one key for the action it is about and takes a new one
 * once that action has succeeded.
 */

/** A random UUID (v4). `crypto.randomUUID` exists only on https and localhost; a hotel's LAN may serve plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The request headers that carry a key (none without one). */
export function idempotencyHeaders(key: string | undefined): Record<string, string> | undefined {
  return key ? { 'Idempotency-Key': key } : undefined;
}

/**
 * One key per intended action: the same on every retry of it, a new one after it succeeded.
 * `current()` reads it; `renew()` starts the next action.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newIdempotencyKey()), []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}

/**
 * A money form's submit: at most one request at a time (a double press, or Enter and a click,
 * sends once: a state update would come too late), each with the form's idempotency key, which
 * is renewed once the write has succeeded. `pending` drives the button's spinner. A second
 * call while the first runs answers `undefined` at once.
 */
export function useMoneyWrite() {
  const key = useIdempotencyKey();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const write = useCallback(
    async <T,>(send: (idempotencyKey: string) => Promise<T>, succeeded: (result: T) => boolean = () => true): Promise<T | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setPending(true);
      try {
        const result = await send(key.current());
        if (succeeded(result)) key.renew();
        return result;
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [key],
  );
  return { write, pending };
}
