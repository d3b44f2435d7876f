import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { invalidateConcertPricing } from '../api/seller-ticket-types';
import { noProblems, problemsByField, type FormProblems } from '../utils/form-problems';

interface PricingFormOptions<
  D extends { gradeKeys: string[] },
  F extends string,
  B extends { gradeKeys: string[] },
> {
  concertId: number;
  initial: D;
  fields: readonly F[];
  /** The contract schema's check of the draft: the body to send, or the problems. */
  check: (draft: D) => { body: B | null; problems: FormProblems<F> };
  /** Sends the body; answers the server's sentence. */
  save: (body: B) => Promise<string>;
  /** What to say when a refusal carries no message of its own. */
  saveFailed: string;
  onSaved: () => void;
}

/**
 * The 권종 and 할인 코드 forms' state: the draft, its problems by field (the schema's before
 * sending, the server's `errors[]` after, the same words), the first invalid field focused, and
 * on success the server's sentence as a toast and the page's reads refreshed.
 */
export function usePricingForm<
  D extends { gradeKeys: string[] },
  F extends string,
  B extends { gradeKeys: string[] },
>({ concertId, initial, fields, check, save, saveFailed, onSaved }: PricingFormOptions<D, F, B>) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<FormProblems<F>>(noProblems);
  const [formError, setFormError] = useState<string | null>(null);
  // The grades sent (or checked) last, so a `gradeKeys[i]` problem can name its checkbox.
  const [checkedGradeKeys, setCheckedGradeKeys] = useState<string[]>([]);
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (message) => {
      toast.success(message);
      void invalidateConcertPricing(queryClient, concertId);
      onSaved();
    },
    onError: (error) => {
      const found = problemsByField(isApiError(error) ? error.fieldErrors : [], fields);
      setProblems(found);
      // A field's own problem shows beside it; anything else (a duplicate kind, a closed
      // concert, the network) in the line above the buttons.
      const hasFieldError = Object.keys(found.errors).length > 0;
      if (!hasFieldError) setFormError(getErrorMessage(error, saveFailed));
      else setFormError(found.rest.length > 0 ? found.rest.join(' ') : null);
      focusFirstInvalid();
    },
  });

  /** Changes the draft and clears what was said about the fields it touches. */
  const change = (patch: Partial<D>, touched: readonly F[]) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems((current) => {
      const errors = { ...current.errors };
      for (const field of touched) delete errors[field];
      const gradeIndexes = touched.some((field) => field === 'gradeKeys')
        ? []
        : current.gradeIndexes;
      return { ...current, errors, gradeIndexes };
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const checked = check(draft);
    setProblems(checked.problems);
    if (!checked.body) {
      setCheckedGradeKeys(draft.gradeKeys);
      focusFirstInvalid();
      return;
    }
    setCheckedGradeKeys(checked.body.gradeKeys);
    mutation.mutate(checked.body);
  };

  const invalidGradeKeys = problems.gradeIndexes
    .map((index) => checkedGradeKeys[index])
    .filter((key): key is string => key !== undefined);

  return {
    draft,
    change,
    problems,
    invalidGradeKeys,
    formError,
    submit,
    isSaving: mutation.isPending,
    formRef: containerRef,
  };
}
