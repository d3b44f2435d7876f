import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * The envelope's `errors[]` of a failed call (api-contract.md §1.3) by field name, the first
 * message of each field; empty for anything that is not an ApiError.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (!isApiError(error)) return byField;
  for (const { field, message } of error.fieldErrors) {
    if (!(field in byField)) byField[field] = message;
  }
  return byField;
}

/**
 * Puts the server's field errors onto the react-hook-form fields the form has, so each shows
 * under its field (aria-invalid, aria-describedby by the field component). Returns the errors
 * of fields the form does not manage (e.g. a file input kept in state), for the caller to show.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): Record<string, string> {
  const rest: Record<string, string> = {};
  for (const [field, message] of Object.entries(serverFieldErrors(error))) {
    const known = formFields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message });
    else rest[field] = message;
  }
  return rest;
}

/** The first element marked invalid inside `container`, in document order. */
export function firstInvalidElement(container: ParentNode): HTMLElement | null {
  return container.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/**
 * Moves the focus to the form's first invalid field once the errors are on screen, so the
 * message is read out with it (WCAG 3.3.1). `focusFirstInvalid()` after setting errors; the
 * focus happens after React has rendered them.
 */
export function useFocusFirstInvalid<E extends HTMLElement = HTMLFormElement>() {
  const containerRef = useRef<E>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0 || !containerRef.current) return;
    firstInvalidElement(containerRef.current)?.focus();
  }, [request]);
  const focusFirstInvalid = useCallback(() => setRequest((count) => count + 1), []);
  return { containerRef, focusFirstInvalid };
}
