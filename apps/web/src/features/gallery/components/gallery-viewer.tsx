import { formatWholeNumber } from '@residency/shared/display';
import type { TGalleryItem } from '@residency/shared/gallery';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from '../../../components/stay/stay-icons';
import { CloseIcon } from '../../../components/icons';

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

/**
 * The full-size viewer of the gallery: a modal dialog over the page with one photo at a time,
 * its title (also its alt text) and "3 / 12". Arrow keys and the buttons move between the
 * photos of the tab (wrapping round), a swipe does on a touch screen; Escape, the close button
 * or a click beside the photo close it. Focus moves in, Tab stays inside, and on closing focus
 * goes back to the photo that opened it; the page behind does not scroll.
 */
export function GalleryViewer({ items, index, onIndex, onClose }: {
  items: TGalleryItem[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('gallery');
  const lng = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipeX = useRef<number | null>(null);
  const total = items.length;
  const item = items[index];
  // The latest callbacks, for the listeners set once.
  const latest = useRef({ index, total, onIndex, onClose });
  const shownIndex = useRef(index);
  useEffect(() => {
    // The photo follows the address, which the router changes in a transition: a render before it
    // has (the picture's load) still brings the old index. Only a new index replaces the one the
    // last key asked for, or two quick keys would count the second from the photo before.
    if (index !== shownIndex.current) {
      shownIndex.current = index;
      latest.current.index = index;
    }
    latest.current = { ...latest.current, total, onIndex, onClose };
  });
  const [loaded, setLoaded] = useState<string | null>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const body = document.body.style;
    const saved = { overflow: body.overflow, paddingRight: body.paddingRight };
    // Hiding the scroll bar must not make the page behind jump sideways.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.overflow = 'hidden';
    if (scrollbar > 0) body.paddingRight = `${scrollbar}px`;

    const onKey = (e: KeyboardEvent) => {
      const { index: at, total: count, onIndex: go, onClose: close } = latest.current;
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        if (count < 2) return;
        e.preventDefault();
        const next = (at + (e.key === 'ArrowRight' ? 1 : -1) + count) % count;
        // Keys can come faster than the next render: the next key moves on from this photo.
        latest.current.index = next;
        go(next);
      } else if (e.key === 'Tab' && panel.current) {
        const focusable = [...panel.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href]')];
        const first = focusable[0];
        const last = focusable.at(-1);
        if (!first || !last) return;
        const inside = panel.current.contains(document.activeElement);
        if (e.shiftKey && (document.activeElement === first || !inside)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      body.overflow = saved.overflow;
      body.paddingRight = saved.paddingRight;
      opener?.focus({ preventScroll: true });
    };
  }, []);

  if (!item) return null;
  const n = (value: number) => formatWholeNumber(value, lng);
  const go = (delta: number) => onIndex((index + delta + total) % total);
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') swipeX.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeX.current;
    swipeX.current = null;
    if (start === null || total < 2 || Math.abs(e.clientX - start) < SWIPE_PX) return;
    go(e.clientX < start ? 1 : -1);
  };
  const round = 'flex h-12 w-12 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/40 transition-colors hover:bg-white/25';

  return createPortal(
    <div className="fixed inset-0 z-[80] flex flex-col bg-brand-900/95 text-white" data-testid="gallery-viewer-backdrop">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex h-full flex-col"
        data-testid="gallery-viewer"
      >
        <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p className="text-sm font-semibold tabular-nums" aria-live="polite" data-testid="gallery-viewer-counter">
            <span className="sr-only">{t('viewer.photo')} </span>
            {t('viewer.counter', { index: n(index + 1), total: n(total) })}
          </p>
          <button ref={closeButton} type="button" onClick={onClose} className={round} aria-label={t('viewer.close')} data-testid="gallery-viewer-close">
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        {/* A click beside the photo closes, as on the backdrop of any pop-up. */}
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 sm:px-20"
          onClick={(e) => e.target === e.currentTarget && onClose()}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeX.current = null)}
        >
          <img
            key={item._id}
            src={item.url}
            srcSet={imageSrcSet(item.url)}
            sizes="100vw"
            alt={item.title}
            draggable={false}
            onLoad={() => setLoaded(item._id)}
            // A picture that fails still shows its title (its alt text), not an empty frame.
            onError={() => setLoaded(item._id)}
            className={`max-h-full max-w-full rounded-lg object-contain shadow-2xl transition-opacity duration-300 motion-reduce:transition-none ${loaded === item._id ? 'opacity-100' : 'opacity-0'}`}
            data-testid="gallery-viewer-image"
          />
          {total > 1 && (
            <>
              <button type="button" onClick={() => go(-1)} className={`${round} absolute top-1/2 left-2 -translate-y-1/2 sm:left-5`} aria-label={t('viewer.previous')} data-testid="gallery-viewer-previous">
                <ChevronLeft className="h-6 w-6" />
              </button>
              <button type="button" onClick={() => go(1)} className={`${round} absolute top-1/2 right-2 -translate-y-1/2 sm:right-5`} aria-label={t('viewer.next')} data-testid="gallery-viewer-next">
                <ChevronRight className="h-6 w-6" />
              </button>
            </>
          )}
        </div>
        <h2 id={titleId} className="px-4 py-4 text-center font-display text-lg sm:text-xl" data-testid="gallery-viewer-title">
          {item.title}
        </h2>
      </div>
    </div>,
    document.body,
  );
}
