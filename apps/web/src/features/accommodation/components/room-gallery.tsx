import { formatWholeNumber } from '@residency/shared/display';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RoomImage } from '../../../components/room-image';
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './photo-size';
import { ChevronLeftIcon, ChevronRightIcon } from './room-icons';


/**
 * The photo carousel of the details pop-up: one photo at a time in a fixed 3:2 box (nothing
 * moves while photos load), previous and next buttons, dots, arrow keys and swipes.
 */
export function RoomGallery({ images, name, initialIndex = 0 }: { images: string[]; name: string; initialIndex?: number }) {
  const { t, i18n } = useTranslation('accommodation');
  const lng = i18n.resolvedLanguage ?? 'en';
  const total = images.length;
  const [index, setIndex] = useState(Math.min(Math.max(initialIndex, 0), Math.max(total - 1, 0)));
  const touchX = useRef<number | null>(null);
  const go = (to: number) => setIndex(((to % total) + total) % total);
  const n = (value: number) => formatWholeNumber(value, lng);

  if (total === 0) {
    return (
      <RoomImage src={undefined} name={name} alt="" fallbackLabel={t('noPhotos')} fallbackClassName="aspect-[3/2] w-full sm:rounded-xl" />
    );
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'ArrowRight') go(index + 1);
    else return;
    e.preventDefault();
  };
  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const end = e.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    go(end < start ? index + 1 : index - 1);
  };

  return (
    <div role="region" aria-roledescription={t('dialog.carousel')} aria-label={t('dialog.gallery', { name })} onKeyDown={onKeyDown} data-testid="room-gallery">
      <div className="relative aspect-[3/2] overflow-hidden bg-sand-100 sm:rounded-xl" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div
          className="flex h-full transition-transform duration-300 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {images.map((url, i) => (
            <div
              key={`${url}-${i}`}
              className="h-full w-full shrink-0"
              role="group"
              aria-roledescription={t('dialog.slide')}
              aria-label={t('dialog.slideOf', { index: n(i + 1), total: n(total) })}
              aria-hidden={i !== index}
              data-testid="gallery-slide"
              data-active={i === index}
            >
              <RoomImage
                src={url}
                name={name}
                srcSet={imageSrcSet(url)}
                sizes="(min-width: 768px) 720px, 100vw"
                width={PHOTO_WIDTH}
                height={PHOTO_HEIGHT}
                alt={t('photoAlt', { name, index: n(i + 1), total: n(total) })}
                className="h-full w-full object-cover"
                draggable={false}
                decoding="async"
              />
            </div>
          ))}
        </div>
        {total > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              className="absolute top-1/2 left-3 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow-md transition hover:bg-white"
              aria-label={t('dialog.previous')}
              data-testid="gallery-previous"
            >
              <ChevronLeftIcon className="h-6 w-6" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              className="absolute top-1/2 right-3 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow-md transition hover:bg-white"
              aria-label={t('dialog.next')}
              data-testid="gallery-next"
            >
              <ChevronRightIcon className="h-6 w-6" />
            </button>
            <p className="absolute top-3 right-3 rounded-full bg-brand-900/70 px-3 py-1 text-xs font-semibold text-white" aria-live="polite" data-testid="gallery-counter">
              {t('dialog.counter', { index: n(index + 1), total: n(total) })}
            </p>
          </>
        )}
      </div>
      {total > 1 && (
        <div className="mt-2 flex justify-center gap-1">
          {images.map((url, i) => (
            <button
              key={`${url}-dot-${i}`}
              type="button"
              onClick={() => go(i)}
              className="flex h-8 min-w-8 items-center justify-center rounded-full"
              aria-label={t('dialog.goTo', { index: n(i + 1), total: n(total) })}
              aria-current={i === index ? 'true' : undefined}
              data-testid="gallery-dot"
            >
              <span className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-brand-700' : 'w-2.5 bg-slate-300'}`} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
