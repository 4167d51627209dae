import { todayAt } from '@residency/shared/dates';
import { useEffect, useState } from 'react';
import { getSite } from '../../lib/site';

/** Timers of a hidden tab are slowed down: the day is also read again when the tab comes back. */
const CHECK_EVERY_MS = 60_000;

/**
 * Today at the hotel (ISO), kept current while the page stays open: a tab left open past the
 * hotel's midnight moves on to the new day, so the calendars stop offering yesterday.
 */
export function useHotelToday(): string {
  const [today, setToday] = useState(() => todayAt(getSite().timeZone));
  useEffect(() => {
    // Setting the same day again renders nothing.
    const check = () => setToday(todayAt(getSite().timeZone));
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, []);
  return today;
}
