import type { ReactNode } from 'react';

/** A form-level message: the server's error, or a confirmation. */
export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const styles = tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`mb-4 rounded-lg px-4 py-3 text-sm ring-1 ${styles}`}>
      {children}
    </div>
  );
}
