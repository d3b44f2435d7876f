import { expectationRatingLabels, limits, type Expectation } from '@curtaincall/contracts';
import { useState } from 'react';
import { getRatingLabel } from '@/components/ui/rating';
import { useBreakpoint } from '@/lib/use-breakpoint';
import { useCreateExpectation } from '../api/create-expectation';
import { useDeleteExpectation } from '../api/delete-expectation';
import { useExpectations } from '../api/get-expectations';
import { useUpdateExpectation, type UpdateExpectationInput } from '../api/update-expectation';
import { usePostActions } from '../hooks/use-post-actions';
import type { ExpectationFormValues } from '../utils/form-schemas';
import { isOwnItem, type CommunityUser } from '../utils/ownership';
import { CommunityDeleteDialog } from './community-delete-dialog';
import { ITEM_TEXT_LIMIT, ITEM_TEXT_LIMIT_MOBILE, CommunityItem } from './community-item';
import { CommunityList, CommunityPanel } from './community-panel';
import { ExpectationFormDialog } from './deferred-form-dialogs';
import { WriteButton } from './write-button';

export const expectationTexts = {
  loadFailed: '기대평 목록을 불러오는 중 오류가 발생했습니다.',
  createFailed: '기대평 작성에 실패했습니다.',
  updateFailed: '기대평 수정에 실패했습니다.',
  deleteFailed: '기대평 삭제에 실패했습니다.',
  empty: '아직 작성된 기대평이 없습니다.',
  emptyHint: '공연을 기다리는 마음을 가장 먼저 남겨주세요.',
} as const;

interface ExpectationSectionProps {
  concertId: number;
  user: CommunityUser | null;
  onLoginRequired: () => void;
}

/**
 * 기대평 (buyer-side.md §2, §5): paged list, newest first, write / edit / delete for the
 * author, and the page rules after each change (buyer-side.md §4 "Lists").
 */
export function ExpectationSection({ concertId, user, onLoginRequired }: ExpectationSectionProps) {
  const { isMobile } = useBreakpoint();
  const [page, setPage] = useState(0);
  const size = limits.expectationPageSize;
  const expectations = useExpectations(concertId, { page, size });
  const createExpectation = useCreateExpectation(concertId);
  const updateExpectation = useUpdateExpectation(concertId);
  const deleteExpectation = useDeleteExpectation(concertId);
  const itemsOnPage = expectations.data?.content.length ?? 0;

  const { startWriting, startEditing, startDeleting, formDialogProps, deleteDialogProps } =
    usePostActions<Expectation, ExpectationFormValues, UpdateExpectationInput>({
      user,
      onLoginRequired,
      page,
      itemsOnPage,
      setPage,
      create: createExpectation,
      update: updateExpectation,
      toUpdateInput: (expectation, body) => ({ expectationId: expectation.id, body }),
      remove: deleteExpectation,
      failureTexts: expectationTexts,
    });

  return (
    <CommunityPanel
      id="expectations-heading"
      title="기대평"
      subtitle="공연을 기다리는 관객들의 한마디"
      count={expectations.data?.totalElements}
      actions={
        <WriteButton
          user={user}
          label="기대평 작성"
          onWrite={startWriting}
          onLoginRequired={onLoginRequired}
        />
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
            onEdit={() => startEditing(expectation)}
            onDelete={() => startDeleting(expectation)}
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
      <ExpectationFormDialog {...formDialogProps} />
      <CommunityDeleteDialog noun="기대평" {...deleteDialogProps} />
    </CommunityPanel>
  );
}
