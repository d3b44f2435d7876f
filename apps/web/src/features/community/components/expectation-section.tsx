import { expectationRatingLabels, limits, type Expectation } from '@curtaincall/contracts';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getRatingLabel } from '@/components/ui/rating';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { useBreakpoint } from '@/lib/use-breakpoint';
import { useCreateExpectation } from '../api/create-expectation';
import { useDeleteExpectation } from '../api/delete-expectation';
import { useExpectations } from '../api/get-expectations';
import { useUpdateExpectation } from '../api/update-expectation';
import type { ExpectationFormValues } from '../utils/form-schemas';
import { getPageAfterChange } from '../utils/list-page';
import { isOwnItem, type CommunityUser } from '../utils/ownership';
import { CommunityDeleteDialog } from './community-delete-dialog';
import { ITEM_TEXT_LIMIT, ITEM_TEXT_LIMIT_MOBILE, CommunityItem } from './community-item';
import { CommunityList, CommunityPanel } from './community-panel';
import { ExpectationFormDialog } from './expectation-form-dialog';

export const expectationTexts = {
  loadFailed: '기대평 목록을 불러오는 중 오류가 발생했습니다.',
  createFailed: '기대평 작성에 실패했습니다.',
  updateFailed: '기대평 수정에 실패했습니다.',
  deleteFailed: '기대평 삭제에 실패했습니다.',
  empty: '아직 작성된 기대평이 없습니다.',
  emptyHint: '공연을 기다리는 마음을 가장 먼저 남겨주세요.',
} as const;

function failureText(title: string, error: unknown): string {
  const reason = getErrorMessage(error, '');
  return reason ? `${title} ${reason}` : title;
}

interface ExpectationSectionProps {
  concertId: number;
  user: CommunityUser | null;
  onLoginRequired: () => void;
}

type Dialog =
  | { type: 'form'; expectation: Expectation | null }
  | { type: 'delete'; expectation: Expectation }
  | null;

/**
 * 기대평 (buyer-side.md §2, §5): paged list, newest first, write / edit / delete for the
 * author, and the page rules after each change (buyer-side.md §4 "Lists").
 */
export function ExpectationSection({ concertId, user, onLoginRequired }: ExpectationSectionProps) {
  const { isMobile } = useBreakpoint();
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const size = limits.expectationPageSize;
  const expectations = useExpectations(concertId, { page, size });
  const createExpectation = useCreateExpectation(concertId);
  const updateExpectation = useUpdateExpectation(concertId);
  const deleteExpectation = useDeleteExpectation(concertId);
  const itemsOnPage = expectations.data?.content.length ?? 0;

  const open = (next: Dialog) => {
    setActionError(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const startWriting = () => {
    if (!user) {
      onLoginRequired();
      return;
    }
    open({ type: 'form', expectation: null });
  };

  const submit = (values: ExpectationFormValues) => {
    if (!user || dialog?.type !== 'form') return;
    const body = { ...values, userNickname: user.nickname, userId: user.userId };
    const editing = dialog.expectation;
    if (editing) {
      updateExpectation.mutate(
        { expectationId: editing.id, body },
        {
          onSuccess: (message) => {
            close();
            toast.success(message);
            setPage(getPageAfterChange('updated', { page, itemsOnPage }));
          },
          onError: (error) => setActionError(failureText(expectationTexts.updateFailed, error)),
        },
      );
      return;
    }
    createExpectation.mutate(body, {
      onSuccess: (message) => {
        close();
        toast.success(message);
        setPage(getPageAfterChange('created', { page, itemsOnPage }));
      },
      onError: (error) => setActionError(failureText(expectationTexts.createFailed, error)),
    });
  };

  const confirmDelete = () => {
    if (dialog?.type !== 'delete') return;
    deleteExpectation.mutate(dialog.expectation.id, {
      onSuccess: (message) => {
        close();
        toast.success(message);
        setPage(getPageAfterChange('deleted', { page, itemsOnPage }));
      },
      onError: (error) => setActionError(failureText(expectationTexts.deleteFailed, error)),
    });
  };

  return (
    <CommunityPanel
      id="expectations-heading"
      title="기대평"
      subtitle="공연을 기다리는 관객들의 한마디"
      count={expectations.data?.totalElements}
      actions={
        <Button size="sm" onClick={startWriting}>
          <PenLine className="size-4" aria-hidden />
          기대평 작성
        </Button>
      }
    >
      <CommunityList
        items={expectations.data?.content}
        isPending={expectations.isPending}
        isError={expectations.isError}
        error={expectations.error}
        errorText={expectationTexts.loadFailed}
        emptyText={expectationTexts.empty}
        emptyHint={expectationTexts.emptyHint}
        onRetry={() => void expectations.refetch()}
        isRetrying={expectations.isFetching}
        isRefreshing={expectations.isPlaceholderData}
        getKey={(expectation) => expectation.id}
        renderItem={(expectation) => (
          <CommunityItem
            nickname={expectation.userNickname}
            createdAt={expectation.createdAt}
            rating={expectation.expectationRating}
            ratingLabel={getRatingLabel(expectationRatingLabels, expectation.expectationRating)}
            text={expectation.comment}
            textLimit={isMobile ? ITEM_TEXT_LIMIT_MOBILE : ITEM_TEXT_LIMIT}
            isOwn={isOwnItem(user, expectation)}
            noun="기대평"
            onEdit={() => open({ type: 'form', expectation })}
            onDelete={() => open({ type: 'delete', expectation })}
          />
        )}
        page={expectations.data?.number ?? page}
        totalPages={expectations.data?.totalPages ?? 0}
        totalElements={expectations.data?.totalElements ?? 0}
        pageSize={size}
        onPageChange={setPage}
        isCompact={isMobile}
        label="기대평 목록"
      />
      <ExpectationFormDialog
        isOpen={dialog?.type === 'form'}
        initial={dialog?.type === 'form' ? dialog.expectation : null}
        onClose={close}
        onSubmit={submit}
        isSubmitting={createExpectation.isPending || updateExpectation.isPending}
        submitError={actionError}
      />
      <CommunityDeleteDialog
        isOpen={dialog?.type === 'delete'}
        noun="기대평"
        onClose={close}
        onConfirm={confirmDelete}
        isDeleting={deleteExpectation.isPending}
        error={actionError}
      />
    </CommunityPanel>
  );
}
