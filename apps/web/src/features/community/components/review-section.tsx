import {
  limits,
  reviewRatingLabels,
  reviewSortLabels,
  verifiedReviewLabel,
  type Review,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { getRatingLabel } from '@/components/ui/rating';
import { useBreakpoint } from '@/lib/use-breakpoint';
import { useCreateReview } from '../api/create-review';
import { useDeleteReview } from '../api/delete-review';
import { useReviews, type ReviewSortKey } from '../api/get-reviews';
import { useUpdateReview, type UpdateReviewInput } from '../api/update-review';
import { usePostActions } from '../hooks/use-post-actions';
import type { ReviewFormValues } from '../utils/form-schemas';
import { isOwnItem, type CommunityUser } from '../utils/ownership';
import { CommunityDeleteDialog } from './community-delete-dialog';
import { ITEM_TEXT_LIMIT, ITEM_TEXT_LIMIT_MOBILE, CommunityItem } from './community-item';
import { CommunityList, CommunityPanel } from './community-panel';
import { ReviewFormDialog } from './deferred-form-dialogs';
import { WriteButton } from './write-button';

export const reviewTexts = {
  loadFailed: '리뷰 목록을 불러오는 중 오류가 발생했습니다.',
  createFailed: '리뷰 작성에 실패했습니다.',
  updateFailed: '리뷰 수정에 실패했습니다.',
  deleteFailed: '리뷰 삭제에 실패했습니다.',
  empty: '아직 작성된 관람평이 없습니다.',
  emptyHint: '공연을 관람하셨다면 첫 관람평을 남겨주세요.',
  emptyVerified: '아직 예매자 관람평이 없습니다.',
  emptyVerifiedHint: '공연이 시작된 뒤, 이 공연을 예매하고 결제한 관객의 관람평이 여기에 모입니다.',
  verifiedExplained: '이 공연을 예매하고 결제한 관객이 공연이 시작된 뒤 남긴 관람평입니다.',
  verifiedFilter: '예매자 관람평만',
} as const;

/** The 예매자 관람평 mark (issue 23), with what it means for anyone who asks. */
export function VerifiedBadge() {
  return (
    <span
      title={reviewTexts.verifiedExplained}
      className="inline-flex shrink-0 items-center gap-0.5 rounded-md bg-emerald-500/15 px-1.5 py-0.5 text-[11px] font-bold text-emerald-200"
    >
      <BadgeCheck className="size-3.5" aria-hidden />
      {verifiedReviewLabel}
    </span>
  );
}

/** 최신순 and 평점순 put the newest and the best first; 제목순 reads A to Z (가나다). */
const sortDirections: Record<ReviewSortKey, 'asc' | 'desc'> = {
  createdAt: 'desc',
  rating: 'desc',
  title: 'asc',
};
const sortKeys: readonly ReviewSortKey[] = ['createdAt', 'rating', 'title'];

interface ReviewSectionProps {
  concertId: number;
  /** The logged-in user, or null. */
  user: CommunityUser | null;
  /** An anonymous visitor tried to write: the page tells them and sends them to log in. */
  onLoginRequired: () => void;
}

/**
 * 관람평 (buyer-side.md §2, §5): sortable paged list, write / edit / delete for the author,
 * and the page rules after each change (buyer-side.md §4 "Lists").
 */
export function ReviewSection({ concertId, user, onLoginRequired }: ReviewSectionProps) {
  const { isMobile } = useBreakpoint();
  const [page, setPage] = useState(0);
  const [sortBy, setSortBy] = useState<ReviewSortKey>('createdAt');
  // Kept here like the sort and the page: the list keeps no state in the URL.
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const size = limits.reviewPageSize;
  const reviews = useReviews(concertId, {
    page,
    size,
    sortBy,
    sortDir: sortDirections[sortBy],
    verifiedOnly,
  });
  const createReview = useCreateReview(concertId);
  const updateReview = useUpdateReview(concertId);
  const deleteReview = useDeleteReview(concertId);
  const itemsOnPage = reviews.data?.content.length ?? 0;

  const { startWriting, startEditing, startDeleting, formDialogProps, deleteDialogProps } =
    usePostActions<Review, ReviewFormValues, UpdateReviewInput>({
      user,
      onLoginRequired,
      page,
      itemsOnPage,
      setPage,
      create: createReview,
      update: updateReview,
      toUpdateInput: (review, body) => ({ reviewId: review.id, body }),
      remove: deleteReview,
      failureTexts: reviewTexts,
    });

  return (
    <CommunityPanel
      id="reviews-heading"
      title="관람평"
      subtitle="공연을 관람한 관객들의 솔직한 후기"
      count={reviews.data?.totalElements}
      actions={
        <>
          <div
            role="group"
            aria-label="관람평 정렬"
            className="flex rounded-lg bg-surface-850 p-0.5"
          >
            {sortKeys.map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={sortBy === key}
                onClick={() => {
                  setSortBy(key);
                  setPage(0);
                }}
                className={clsx(
                  'h-8 rounded-md px-2.5 text-xs font-semibold transition-colors',
                  sortBy === key
                    ? 'bg-surface-700 text-white'
                    : 'text-zinc-400 hover:text-zinc-100',
                )}
              >
                {reviewSortLabels[key]}
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-pressed={verifiedOnly}
            title={reviewTexts.verifiedExplained}
            onClick={() => {
              setVerifiedOnly((only) => !only);
              setPage(0);
            }}
            className={clsx(
              'inline-flex h-9 items-center gap-1 rounded-full border px-3 text-xs font-semibold transition-colors',
              verifiedOnly
                ? 'border-emerald-400/60 bg-emerald-500/15 text-emerald-100'
                : 'border-surface-600 text-zinc-300 hover:border-zinc-400 hover:text-white',
            )}
          >
            <BadgeCheck className="size-4" aria-hidden />
            {reviewTexts.verifiedFilter}
          </button>
          <WriteButton
            user={user}
            label="관람평 작성"
            onWrite={startWriting}
            onLoginRequired={onLoginRequired}
          />
        </>
      }
    >
      <CommunityList
        items={reviews.data?.content}
        isPending={reviews.isPending}
        isError={reviews.isError}
        error={reviews.error}
        errorText={reviewTexts.loadFailed}
        emptyText={verifiedOnly ? reviewTexts.emptyVerified : reviewTexts.empty}
        emptyHint={verifiedOnly ? reviewTexts.emptyVerifiedHint : reviewTexts.emptyHint}
        onRetry={() => void reviews.refetch()}
        isRetrying={reviews.isFetching}
        isRefreshing={reviews.isPlaceholderData}
        getKey={(review) => review.id}
        renderItem={(review) => (
          <CommunityItem
            nickname={review.userNickname}
            createdAt={review.createdAt}
            rating={review.rating}
            ratingLabel={getRatingLabel(reviewRatingLabels, review.rating)}
            title={review.title}
            text={review.description}
            textLimit={isMobile ? ITEM_TEXT_LIMIT_MOBILE : ITEM_TEXT_LIMIT}
            isOwn={isOwnItem(user, review)}
            badge={review.verified ? <VerifiedBadge /> : undefined}
            noun="관람평"
            onEdit={() => startEditing(review)}
            onDelete={() => startDeleting(review)}
          />
        )}
        page={reviews.data?.number ?? page}
        totalPages={reviews.data?.totalPages ?? 0}
        totalElements={reviews.data?.totalElements ?? 0}
        pageSize={size}
        onPageChange={setPage}
        isCompact={isMobile}
        label="관람평 목록"
      />
      <ReviewFormDialog {...formDialogProps} />
      <CommunityDeleteDialog noun="관람평" {...deleteDialogProps} />
    </CommunityPanel>
  );
}
