import type { ReactNode } from 'react';

/** A form's error line, announced when it appears; `id` is what the field's `aria-describedby` names. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
