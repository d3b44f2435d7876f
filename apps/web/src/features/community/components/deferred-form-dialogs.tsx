import type { Expectation, Review } from '@curtaincall/contracts';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { PostFormDialogState } from '../hooks/use-post-actions';
import type { ExpectationFormValues, ReviewFormValues } from '../utils/form-schemas';

/**
 * A form dialog whose code (react-hook-form, the fields, the resolver) loads when it is first
 * opened, not with the concert page: most visitors only read. Once opened it stays mounted, so
 * closing animates as before and reopening is instant.
 */
function deferred<P extends { isOpen: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function DeferredDialog(props: P) {
    const [opened, setOpened] = useState(props.isOpen);
    if (props.isOpen && !opened) setOpened(true);
    if (!opened && !props.isOpen) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

export const ReviewFormDialog = deferred<PostFormDialogState<Review, ReviewFormValues>>(
  async () => (await import('./review-form-dialog')).ReviewFormDialog,
);

export const ExpectationFormDialog = deferred<
  PostFormDialogState<Expectation, ExpectationFormValues>
>(async () => (await import('./expectation-form-dialog')).ExpectationFormDialog);
