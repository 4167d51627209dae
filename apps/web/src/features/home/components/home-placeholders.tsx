import {
  PHOTO_TILE,
  ROOM_CARD,
  ROOM_CARD_BODY,
  STORY_CARD,
  STORY_CONTROLS,
  STORY_ROW_PLACEHOLDER,
  STRIP_CONTROLS,
  STRIP_PLACEHOLDER,
} from './home-strips';

/**
 * The places of the home page's lists while their code and data arrive, drawn in the first
 * paint at the lists' own sizes (home-strips.ts). Announced once as loading; their bars are
 * decoration.
 */
const BAR = 'rounded bg-sand-100';

function Loading({ label, className, controls, children }: { label: string; className: string; controls: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-label={label}>
      <div className={`${className} animate-pulse motion-reduce:animate-none`}>{children}</div>
      <div className={controls} />
    </div>
  );
}

export function RoomsPlaceholder({ label }: { label: string }) {
  return (
    <Loading label={label} className={STRIP_PLACEHOLDER} controls={STRIP_CONTROLS}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={`${ROOM_CARD} overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/70`}>
          <div className="aspect-[3/2] bg-sand-100" />
          <div className={ROOM_CARD_BODY}>
            <div className={`h-7 w-2/3 ${BAR}`} />
            <div className={`mt-1 h-5 w-1/2 ${BAR}`} />
            <div className={`mt-auto h-11 ${BAR}`} />
          </div>
        </div>
      ))}
    </Loading>
  );
}

export function PhotosPlaceholder({ label }: { label: string }) {
  return (
    <Loading label={label} className={STRIP_PLACEHOLDER} controls={STRIP_CONTROLS}>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className={`${PHOTO_TILE} rounded-2xl bg-brand-100/60`} />
      ))}
    </Loading>
  );
}

/** Exactly BlogCard's parts and heights (blogs/components/blog-card.tsx). */
export function StoriesPlaceholder({ label }: { label: string }) {
  return (
    <Loading label={label} className={STORY_ROW_PLACEHOLDER} controls={STORY_CONTROLS}>
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${STORY_CARD} overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/70`}>
          <div className="aspect-[3/2] bg-sand-100" />
          <div className="p-5">
            <div className={`h-5 w-28 ${BAR}`} />
            <div className={`mt-1.5 h-14 ${BAR}`} />
            <div className={`mt-2 h-[4.5rem] ${BAR}`} />
          </div>
        </div>
      ))}
    </Loading>
  );
}
