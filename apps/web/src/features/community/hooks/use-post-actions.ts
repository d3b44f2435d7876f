import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { getPageAfterChange, type ListChange } from '../utils/list-page';
import type { CommunityUser } from '../utils/ownership';

/** The author fields every review or expectation body carries: taken from the session, never the form. */
export interface PostAuthor {
  userNickname: string;
  userId: number;
}

/**
 * What the flow needs of a TanStack mutation whose endpoint resolves with the server's message.
 * Structural rather than `UseMutationResult`, so a mutation over the contract's wider body
 * (e.g. `ReviewBody` with its optional `concertId`) still fits.
 */
export interface MessageMutation<TVariables> {
  mutate: (
    variables: TVariables,
    callbacks: { onSuccess: (message: string) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

/** The open dialog of a section: the form (`item` null for a new post) or the delete question. */
export type PostDialog<TItem> =
  { type: 'form'; item: TItem | null } | { type: 'delete'; item: TItem } | null;

/** The titles of the error line, one per action ('리뷰 작성에 실패했습니다.' and so on). */
export interface PostFailureTexts {
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

/** The props of a section's form dialog, as `formDialogProps` hands them over. */
export interface PostFormDialogState<TItem, TValues> {
  isOpen: boolean;
  /** The item being edited, or null for a new one. */
  initial: TItem | null;
  onClose: () => void;
  onSubmit: (values: TValues) => void;
  isSubmitting: boolean;
  submitError: string | null;
}

export interface UsePostActionsOptions<TItem extends { id: number }, TValues, TUpdateInput> {
  /** The logged-in user, or null. */
  user: CommunityUser | null;
  /** An anonymous visitor tried to write: the page tells them and sends them to log in. */
  onLoginRequired: () => void;
  /** The page on screen and how many items it shows, for the page rule after a change. */
  page: number;
  itemsOnPage: number;
  setPage: (page: number) => void;
  create: MessageMutation<TValues & PostAuthor>;
  update: MessageMutation<TUpdateInput>;
  /** Each update endpoint names its id differently (`reviewId`, `expectationId`). */
  toUpdateInput: (item: TItem, body: TValues & PostAuthor) => TUpdateInput;
  remove: MessageMutation<number>;
  failureTexts: PostFailureTexts;
}

/** `{title}: {reason}` so the user sees both what failed and the server's reason. */
function failureText(title: string, error: unknown): string {
  const reason = getErrorMessage(error, '');
  return reason ? `${title} ${reason}` : title;
}

/**
 * The write / edit / delete flow shared by 관람평 and 기대평 (buyer-side.md §5): which dialog is
 * open, the login-required branch, and after each change the toast and the page rule of
 * buyer-side.md §4 "Lists". A failure keeps the dialog open with the reason in its error line.
 */
export function usePostActions<TItem extends { id: number }, TValues, TUpdateInput>({
  user,
  onLoginRequired,
  page,
  itemsOnPage,
  setPage,
  create,
  update,
  toUpdateInput,
  remove,
  failureTexts,
}: UsePostActionsOptions<TItem, TValues, TUpdateInput>) {
  const [dialog, setDialog] = useState<PostDialog<TItem>>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // A new dialog never shows the error of the previous attempt.
  const open = (next: PostDialog<TItem>) => {
    setActionError(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  // Every action ends alike: success closes, toasts the server's message and applies the page
  // rule; failure keeps the dialog open with the reason.
  const callbacksFor = (change: ListChange, failedTitle: string) => ({
    onSuccess: (message: string) => {
      close();
      toast.success(message);
      setPage(getPageAfterChange(change, { page, itemsOnPage }));
    },
    onError: (error: unknown) => setActionError(failureText(failedTitle, error)),
  });

  const startWriting = () => {
    if (!user) {
      onLoginRequired();
      return;
    }
    open({ type: 'form', item: null });
  };
  const startEditing = (item: TItem) => open({ type: 'form', item });
  const startDeleting = (item: TItem) => open({ type: 'delete', item });

  const submit = (values: TValues) => {
    if (!user || dialog?.type !== 'form') return;
    const body = { ...values, userNickname: user.nickname, userId: user.userId };
    const editing = dialog.item;
    if (editing) {
      update.mutate(
        toUpdateInput(editing, body),
        callbacksFor('updated', failureTexts.updateFailed),
      );
      return;
    }
    create.mutate(body, callbacksFor('created', failureTexts.createFailed));
  };

  const confirmDelete = () => {
    if (dialog?.type !== 'delete') return;
    remove.mutate(dialog.item.id, callbacksFor('deleted', failureTexts.deleteFailed));
  };

  const formDialogProps: PostFormDialogState<TItem, TValues> = {
    isOpen: dialog?.type === 'form',
    initial: dialog?.type === 'form' ? dialog.item : null,
    onClose: close,
    onSubmit: submit,
    isSubmitting: create.isPending || update.isPending,
    submitError: actionError,
  };

  return {
    dialog,
    startWriting,
    startEditing,
    startDeleting,
    /** Spread onto the section's form dialog. */
    formDialogProps,
    /** Spread onto `CommunityDeleteDialog`. */
    deleteDialogProps: {
      isOpen: dialog?.type === 'delete',
      onClose: close,
      onConfirm: confirmDelete,
      isDeleting: remove.isPending,
      error: actionError,
    },
  };
}
