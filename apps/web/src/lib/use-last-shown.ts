import { useState } from 'react';

/**
 * `value`, or the last value that was not null while it is null: a dialog that closes when its
 * subject becomes null keeps its title (its accessible name) during the closing animation.
 */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
