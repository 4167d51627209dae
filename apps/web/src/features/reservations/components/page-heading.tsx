import type { ReactNode } from 'react';

/** The band at the top of the booking pages. */
export function PageHeading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="container-page py-8 sm:py-10">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase [&:lang(bn)]:tracking-normal">{eyebrow}</p>
        <h1 className="mt-2 font-display text-3xl sm:text-4xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
