import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Sections below the first screen: the browser skips their style, layout and paint until they
 * come near the screen (content-visibility), so the first screen is ready sooner; their space is
 * held meanwhile by an estimate, then by their real height once drawn (`auto`).
 */
export const LATER = '[content-visibility:auto] [contain-intrinsic-size:auto_36rem]';

/** A section with a list that loads later: heading, intro and a link to the full page on the right. */
export function HomeSection({ id, title, intro, link, tinted = false, later = false, children }: {
  id: string;
  title: string;
  intro: string;
  link: { to: string; label: string };
  tinted?: boolean;
  /** Below the first screen (see LATER). */
  later?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`py-12 sm:py-16 ${tinted ? 'mt-12 bg-white sm:mt-16' : ''} ${later ? LATER : ''}`}>
      <div className="container-page">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div className="max-w-2xl">
            <h2 id={id} className="font-display text-3xl text-brand-800 sm:text-4xl">
              {title}
            </h2>
            <p className="mt-2 text-slate-700">{intro}</p>
          </div>
          <Link to={link.to} className="btn-outline shrink-0">
            {link.label}
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}

