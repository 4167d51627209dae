import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  /** What is counted ("Arrivals to check in"). */
  label: string;
  /** The count, in the reader's digits. */
  value: string;
  /** The filtered list that shows them. */
  to: string;
  icon: ReactNode;
  /** Tailwind classes of the icon's badge. */
  tone: string;
  testId: string;
  /** A line under the label (e.g. how many are late). */
  hint?: string;
}

/** One figure of the desk's day: a card that is a link to its filtered list. */
export function TodayFigure({ label, value, to, icon, tone, testId, hint }: Props) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-slate-900 no-underline transition-colors hover:border-brand-200 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:p-4"
      data-testid={testId}
    >
      <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-lg ${tone}`} aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-2xl leading-tight font-semibold text-slate-900" data-testid={`${testId}-count`}>
          {value}
        </span>
        <span className="block text-sm leading-snug text-slate-700">{label}</span>
        {hint && <span className="block text-xs text-amber-800">{hint}</span>}
      </span>
      <RightOutlined className="text-slate-400 group-hover:text-brand-700" aria-hidden />
    </Link>
  );
}
