import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from '../../../components/stay/stay-icons';
import { STRIP_CONTROLS } from './home-strips';

/**
 * A row of cards that scrolls sideways: swiped on a phone, and with back and forward buttons on
 * larger screens (each moves by about a screen of cards; disabled at either end). Keyboard users
 * reach every card with Tab: a focused card scrolls into view by itself.
 */
export function Strip({
  label,
  className,
  children,
  testId,
  controls = STRIP_CONTROLS,
}: {
  label: string;
  className: string;
  children: ReactNode;
  testId?: string;
  /** The buttons' row: always there (its height is kept even when everything fits), see STRIP_CONTROLS. */
  controls?: string;
}) {
  const { t } = useTranslation('home');
  const list = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ start: true, end: true });

  // Whether the first and the last card are in view, from an IntersectionObserver: reading the
  // row's scroll position on each scroll would make the browser lay the page out again each time.
  useEffect(() => {
    const el = list.current;
    const first = el?.firstElementChild;
    const last = el?.lastElementChild;
    if (!el || !first || !last || typeof IntersectionObserver === 'undefined') return;
    const seen = new Map<Element, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) seen.set(entry.target, entry.intersectionRatio >= 0.95);
        const start = seen.get(first) ?? true;
        const end = seen.get(last) ?? true;
        setEnds((was) => (was.start === start && was.end === end ? was : { start, end }));
      },
      { root: el, threshold: [0.95] },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, [children]);

  const move = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * Math.max(el.clientWidth * 0.8, 200) });
  };
  const button =
    'flex h-10 w-10 items-center justify-center rounded-full bg-white text-brand-800 ring-1 ring-slate-300 transition-colors hover:bg-brand-50 disabled:opacity-40 disabled:hover:bg-white';

  return (
    <div>
      <ul ref={list} className={className} aria-label={label} data-testid={testId}>
        {children}
      </ul>
      <div className={controls}>
        {!(ends.start && ends.end) && (
          <>
            <button type="button" className={button} onClick={() => move(-1)} disabled={ends.start} aria-label={t('strip.back', { name: label })}>
              <ChevronLeft className="h-5 w-5" />
            </button>
            <button type="button" className={button} onClick={() => move(1)} disabled={ends.end} aria-label={t('strip.forward', { name: label })}>
              <ChevronRight className="h-5 w-5" />
            </button>
          </>
        )}
      </div>
    </div>
  );
}
