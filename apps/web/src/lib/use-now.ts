import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs`: a countdown or a cancellation cut-off stays
 * right on a page left open, without a reload.
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
