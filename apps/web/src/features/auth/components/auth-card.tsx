import { useEffect, type ReactNode } from 'react';
import { getSite } from '../../../lib/site';

/** The frame of the sign-in screens: a centred card on a soft background. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | ${getSite().name}`;
  }, [title]);
  return (
    <section className="bg-gradient-to-b from-brand-50 to-sand-50 py-12 sm:py-16">
      <div className="container-page flex justify-center">
        <div className="card w-full max-w-md p-6 sm:p-8">
          <h1 className="font-display text-3xl text-brand-800">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
          {footer && <div className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">{footer}</div>}
        </div>
      </div>
    </section>
  );
}
