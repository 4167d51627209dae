import { useEffect, useState } from 'react';

/** The spec's threshold for the sticky bar and the scroll-to-top button. */
const SCROLL_THRESHOLD = 100;

/** True once the page is scrolled `threshold` pixels or more. */
export function useScrolledPast(threshold = SCROLL_THRESHOLD): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY >= threshold);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY >= threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
