import { useCallback, useState, type ImgHTMLAttributes } from 'react';

type RoomImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  /** The photo; none (or one that fails to load) draws the placeholder instead. */
  src: string | undefined;
  /** The room type's name, written on the placeholder. */
  name: string;
  /** The photo's text; empty for a decorative photo, whose placeholder is then hidden from screen readers too. */
  alt: string;
  /** What the placeholder says to screen readers instead of `alt` (e.g. "No photos yet"). */
  fallbackLabel?: string;
  /** Classes of the placeholder box (it fills its parent by default). */
  fallbackClassName?: string;
};

/**
 * A room photo with a fallback: when there is no photo, or it fails to load, a neutral drawn
 * placeholder with the room type's name takes its place, at the same size. Nothing waits on a
 * photo that will never come (no spinner, no broken-image icon).
 */
export function RoomImage({ src, name, alt, fallbackLabel, fallbackClassName = 'h-full w-full', className, ...img }: RoomImageProps) {
  // The address that failed: a new `src` gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  // A photo that failed before React listened (e.g. from the cache) has loaded with no pixels.
  const check = useCallback(
    (el: HTMLImageElement | null) => {
      if (el && src && el.complete && el.naturalWidth === 0 && el.currentSrc) setFailed(src);
    },
    [src],
  );

  if (!src || failed === src) {
    return <RoomImageFallback name={name} label={fallbackLabel ?? alt} className={fallbackClassName} />;
  }
  return <img ref={check} src={src} alt={alt} className={className} onError={() => setFailed(src)} {...img} />;
}

/** The drawn placeholder: a soft tile with a bed outline and the room type's name. */
export function RoomImageFallback({ name, label, className = 'h-full w-full' }: { name: string; label: string; className?: string }) {
  const described = label !== '';
  return (
    <div
      className={`relative flex flex-col items-center justify-center gap-2 overflow-hidden bg-sand-100 p-4 text-center text-brand-700 ${className}`}
      role={described ? 'img' : undefined}
      aria-label={described ? label : undefined}
      aria-hidden={described ? undefined : true}
      data-testid="image-fallback"
    >
      <svg
        viewBox="0 0 48 32"
        className="h-10 w-14 shrink-0 opacity-70"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M4 26V8M44 26V17M4 20h40M4 17h40" />
        <path d="M10 17v-4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4M26 17v-4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4" />
      </svg>
      <span className="line-clamp-2 max-w-full font-display text-base text-brand-800 sm:text-lg" aria-hidden="true">
        {name}
      </span>
    </div>
  );
}
