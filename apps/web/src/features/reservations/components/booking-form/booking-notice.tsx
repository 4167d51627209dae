import type { ReactNode } from 'react';

/** A notice of the booking form (a stay, plan or room that needs the guest's eye before Confirm). */
export function BookingNotice({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p role="status" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid={testId}>
      {children}
    </p>
  );
}
