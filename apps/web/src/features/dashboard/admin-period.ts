import { isIsoDate } from '@residency/shared/dates';
import { periodProblem, reportingPeriod } from '@residency/shared/reporting-period';

/** The periods the admin dashboard offers; `last-12-months` is the default. */
export const PERIOD_CHOICES = ['this-month', 'last-12-months', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export interface AdminPeriod {
  choice: PeriodChoice;
  /** Both days included, ISO. */
  from: string;
  to: string;
}

/**
 * The period the URL asks for (`?period=this-month`, `?period=custom&from=…&to=…`; none: the last
 * twelve months), resolved at the hotel's `today`. A custom range that is missing, malformed or
 * refused by the server's rule (upside down, too long) falls back to the default, so a
 * hand-edited link still shows figures.
 */
export function periodFromSearch(params: URLSearchParams, today: string): AdminPeriod {
  const asked = params.get('period');
  if (asked === 'this-month') return { choice: 'this-month', from: `${today.slice(0, 7)}-01`, to: today };
  if (asked === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (isIsoDate(from) && isIsoDate(to) && !periodProblem({ from, to })) return { choice: 'custom', from, to };
  }
  return { choice: 'last-12-months', ...reportingPeriod(today) };
}

/** The URL query of a period: the default one leaves the URL clean. */
export function searchOfPeriod(period: AdminPeriod): Record<string, string> {
  if (period.choice === 'last-12-months') return {};
  if (period.choice === 'this-month') return { period: 'this-month' };
  return { period: 'custom', from: period.from, to: period.to };
}
