import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's field errors (400 C001 `errors[]`, 409 A008) next to their fields; returns
 * whether any field took one, so the caller shows the message once, not twice.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<FieldPath<T>>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const fieldError of error.fieldErrors) {
    const field = fields.find((f) => f === fieldError.field);
    if (field) {
      setError(field, { type: 'server', message: fieldError.message });
      shown = true;
    }
  }
  return shown;
}
