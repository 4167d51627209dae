import { useEffect, useSyncExternalStore } from 'react';

/*
 * A page that turns out not to be one where booking is the next step, although its address is
 * (an unknown blog post shows the 404 page at /blog/{id}), hides the Reserve button while it is
 * shown. Kept apart from the button, so that the 404 page does not load it.
 */
let hiders = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Hides the phones' Reserve button while the calling component is mounted. */
export function useHideReserveButton(): void {
  useEffect(() => {
    hiders += 1;
    notify();
    return () => {
      hiders -= 1;
      notify();
    };
  }, []);
}

/** Whether a page on screen asked for the Reserve button to be hidden. */
export function useReserveButtonHidden(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hiders > 0,
    () => false,
  );
}
