import { useId, type ReactNode } from 'react';

/** The props a Field hands its input: its id, style and error wiring. */
export interface FieldInputProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A labelled input of the booking form with its error, wired for screen readers. */
export function Field({ label, error, children }: { label: string; error?: string | false; children: (props: FieldInputProps) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, className: 'field-input', 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
