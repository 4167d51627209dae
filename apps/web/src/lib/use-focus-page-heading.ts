import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to draw its heading (its chunk and data loading) before we give up. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a navigation to another path, the focus moves to the new page's main heading (`h1` in
 * `page`), as a screen reader or keyboard user expects: otherwise it stays on `<body>`, or on the
 * link that was pressed, and the next Tab starts again from the top of the page. Not on the first
 * load (the browser starts at the top), not when only the query changes (filters of one page),
 * and not when the new page already put the focus inside itself (an autofocused field).
 */
export function useFocusPageHeading(page: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = page.current;
    if (!root) return;
    const focusHeading = (): boolean => {
      if (root.contains(document.activeElement) && document.activeElement !== root) return true;
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    // The page is still loading (its code or its data): wait for the heading to appear.
    const watch = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      watch.disconnect();
      window.clearTimeout(timer);
    };
    watch.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, page]);
}
