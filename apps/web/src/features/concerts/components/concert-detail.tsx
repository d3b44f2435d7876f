import {
  formatShowDateRange,
  type PerformanceAvailability,
  type ShowSummary,
} from '@curtaincall/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  ArrowLeft,
  CalendarDays,
  Clock,
  Info,
  MapPin,
  ShieldAlert,
  Ticket,
  UserRound,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { isApiError, getErrorMessage } from '@/lib/api-client';
import {
  formatConcertDate,
  formatConcertSchedule,
  formatNumber,
  formatTimeRange,
} from '@/lib/format';
import { concertQueryOptions, type ConcertDetailResponse } from '../api/get-concert';
import { usePerformanceChoice } from '../hooks/use-performance-choice';
import { getBookingAction } from '../utils/booking-action';
import {
  formatAgeLimit,
  formatBookingPeriod,
  formatMaxTickets,
  formatRunningTime,
} from '../utils/concert-info';
import { withPerformance } from '../utils/performance-choice';
import { ConcertAiSummary } from './concert-ai-summary';
import {
  DetailMessageFrame,
  DetailSkeleton,
  FactRow,
  InfoCard,
  InfoList,
} from './concert-detail-parts';

// The wait, reserve and detail routes show their id messages with it, from here as before.
export { ConcertDetailMessage } from './concert-detail-parts';
import { ConcertBookingButton } from './concert-booking-button';
import { ConcertDetailTabs } from './concert-detail-tabs';
import { ConcertPoster } from './concert-poster';
import { ConcertStatusBadge } from './concert-status-badge';
import { PerformancePicker } from './performance-picker';
import {
  ConcertSeatGrades,
  formatPriceRange,
  noGradesText,
  SeatGradeList,
} from './seat-grade-list';

export const concertDetailTexts = {
  notFound: '콘서트 정보를 찾을 수 없습니다.',
  loadFailed: '콘서트 정보를 불러올 수 없습니다.',
  empty: '표시할 콘서트 정보가 없습니다.',
  noGrades: noGradesText,
  noDescription: '공연 소개가 아직 등록되지 않았습니다.',
} as const;

/** Notices of buyer-side.md §9, shown under the booking information. */
export const bookingNotices = [
  '예매 취소는 공연일 3일 전까지만 가능합니다.',
  '공연 당일 신분증과 예매 확인 내역을 지참해주세요.',
  '공연 시작 이후에는 입장이 제한될 수 있습니다.',
] as const;

type LoadedConcert = NonNullable<ConcertDetailResponse>;

interface ConcertDetailProps {
  concertId: number;
  /** Called by an enabled 예매하기; the page decides where it leads. */
  onBook: () => void;
  /** The booking is on its way (queue entry): the button shows a spinner and waits. */
  isBooking?: boolean;
  /** The 관람후기 and 기대평 tabs' content (community feature). */
  reviews?: ReactNode;
  expectations?: ReactNode;
  /** Under the booking button: the alert a buyer may ask for (notifications feature). */
  renderAlert?: (concert: { concertId: number; status: string }) => ReactNode;
  /**
   * 회차 (issue 26): the performance of the opened concert's show the page should show (the
   * URL's choice), and how a new choice is made. Without `onChoosePerformance` the choice is
   * kept by the component itself.
   */
  performanceId?: number | null;
  onChoosePerformance?: (concertId: number) => void;
}

/** The show's 회차 as the page has them: the summary, the polled list, the chosen one. */
interface ShowContext {
  show: ShowSummary;
  query: Parameters<typeof PerformancePicker>[0]['query'];
  performance: PerformanceAvailability | undefined;
  onChoose: (concertId: number) => void;
}

function ConcertDetailContent({
  concert,
  onBook,
  isBooking = false,
  reviews,
  expectations,
  renderAlert,
  showContext,
}: {
  concert: LoadedConcert;
  onBook: () => void;
  isBooking?: boolean;
  reviews?: ReactNode;
  expectations?: ReactNode;
  renderAlert?: ConcertDetailProps['renderAlert'];
  showContext: ShowContext | null;
}) {
  const priceRange = formatPriceRange(concert.seatGrades);
  const performance = showContext?.performance;
  // The poll is fresher than the detail: a 회차 that sells out while the page is open says so.
  const status = performance?.status ?? concert.status;
  return (
    <article className={clsx(getBookingAction(status) && 'pb-28 tablet:pb-0')}>
      <div className="relative isolate overflow-hidden border-b border-white/5">
        <div className="absolute inset-0 -z-10 opacity-30 blur-3xl saturate-150" aria-hidden>
          <ConcertPoster src={concert.posterImageUrl} title={concert.title} priority />
        </div>
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-surface-950/60 via-surface-950/85 to-surface-950" />
        <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-8 tablet:px-6 tablet:pt-8 tablet:pb-12 desktop:px-8">
          <nav aria-label="이동 경로" className="mb-5 text-sm text-zinc-400">
            <Link to="/concerts" className="inline-flex items-center gap-1 hover:text-white">
              <ArrowLeft className="size-4" aria-hidden />
              모든 콘서트
            </Link>
          </nav>
          <div className="grid gap-6 tablet:grid-cols-[260px_1fr] tablet:gap-8 desktop:grid-cols-[320px_1fr] desktop:gap-12">
            <div className="mx-auto w-full max-w-[260px] tablet:max-w-none">
              <div className="aspect-[3/4] overflow-hidden rounded-2xl border border-white/10 bg-surface-800 shadow-2xl shadow-black/60">
                <ConcertPoster src={concert.posterImageUrl} title={concert.title} priority />
              </div>
            </div>
            <div className="flex min-w-0 flex-col">
              <div>
                <ConcertStatusBadge status={status} />
              </div>
              <h1 className="mt-3 text-2xl leading-tight font-extrabold tracking-tight break-keep text-white tablet:text-3xl desktop:text-4xl">
                {concert.title}
              </h1>
              <p className="mt-2 flex items-center gap-1.5 text-base font-semibold text-rose-300 tablet:text-lg">
                <UserRound className="size-4" aria-hidden />
                {concert.artist}
              </p>
              <div role="group" aria-label="한눈에 보기" className="mt-5">
                <dl className="grid grid-cols-2 gap-2 tablet:grid-cols-4">
                  {[
                    [
                      '공연기간',
                      showContext
                        ? formatShowDateRange(showContext.show)
                        : formatConcertDate(concert.concertDate),
                    ],
                    ['러닝타임', formatRunningTime(concert.startTime, concert.endTime)],
                    ['관람연령', formatAgeLimit(concert.minAge)],
                    ['1인 매수 제한', formatMaxTickets(concert.maxTicketsPerUser)],
                  ].map(([term, value]) => (
                    <div key={term} className="rounded-xl bg-white/5 px-3 py-2">
                      <dt className="text-xs text-zinc-400">{term}</dt>
                      <dd className="mt-0.5 text-sm font-semibold text-zinc-100">{value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
              <dl className="mt-5 flex flex-col gap-3 border-t border-white/10 pt-5">
                <FactRow icon={CalendarDays} label="일시">
                  {formatConcertSchedule(concert.concertDate, concert.startTime)}
                </FactRow>
                <FactRow icon={Clock} label="시간">
                  {formatTimeRange(concert.startTime, concert.endTime)}
                </FactRow>
                <FactRow icon={MapPin} label="장소">
                  <span className="font-semibold">{concert.venueName}</span>
                  {concert.venueAddress && (
                    <span className="mt-0.5 block text-zinc-400">{concert.venueAddress}</span>
                  )}
                </FactRow>
                <FactRow icon={Ticket} label="가격">
                  {priceRange ?? '가격 미정'}
                </FactRow>
              </dl>
              {showContext && (
                <PerformancePicker
                  show={showContext.show}
                  query={showContext.query}
                  chosenConcertId={concert.concertId}
                  grades={concert.seatGrades}
                  onChoose={showContext.onChoose}
                />
              )}
              <div className="mt-8">
                <ConcertBookingButton
                  status={status}
                  onBook={onBook}
                  isBooking={isBooking}
                  {...(priceRange ? { caption: priceRange } : {})}
                />
                {renderAlert && (
                  <div className="mt-3 empty:hidden">
                    {renderAlert({ concertId: concert.concertId, status })}
                  </div>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>

      <ConcertDetailTabs
        panels={{
          info: (
            <div className="flex min-w-0 flex-col gap-6">
              <section aria-labelledby="description-heading">
                <h2 id="description-heading" className="mb-3 text-lg font-bold text-white">
                  공연 소개
                </h2>
                <p className="text-[15px] leading-7 break-words whitespace-pre-line text-zinc-300">
                  {concert.description?.trim() || concertDetailTexts.noDescription}
                </p>
              </section>
              <InfoCard title="공연 정보" id="concert-info-heading">
                <InfoList
                  items={[
                    ['공연일', formatConcertDate(concert.concertDate)],
                    ['공연 시간', formatTimeRange(concert.startTime, concert.endTime)],
                    ['러닝타임', formatRunningTime(concert.startTime, concert.endTime)],
                    ['총 좌석', `${formatNumber(concert.totalSeats)}석`],
                    ['공연장', concert.venueName],
                  ]}
                />
              </InfoCard>
              <ConcertAiSummary concertId={concert.concertId} />
            </div>
          ),
          sales: (
            <div className="flex min-w-0 flex-col gap-4">
              <InfoCard title="예매 정보" id="booking-info-heading">
                <InfoList
                  items={[
                    [
                      '예매 기간',
                      formatBookingPeriod(concert.bookingStartDate, concert.bookingEndDate),
                    ],
                    ['관람 연령', formatAgeLimit(concert.minAge)],
                    ['예매 한도', formatMaxTickets(concert.maxTicketsPerUser)],
                  ]}
                />
              </InfoCard>
              <InfoCard title="좌석 등급 및 가격" id="seat-grades-heading">
                {showContext ? (
                  <SeatGradeList grades={concert.seatGrades} availability={performance?.grades} />
                ) : (
                  <ConcertSeatGrades concertId={concert.concertId} grades={concert.seatGrades} />
                )}
              </InfoCard>
              <section
                aria-label="예매 안내"
                className="rounded-2xl border border-amber-400/15 bg-amber-400/5 p-5"
              >
                <h2 className="mb-3 flex items-center gap-1.5 text-sm font-bold text-amber-200">
                  <Info className="size-4" aria-hidden />
                  예매 안내
                </h2>
                <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm leading-relaxed text-zinc-300">
                  {bookingNotices.map((notice) => (
                    <li key={notice}>{notice}</li>
                  ))}
                </ul>
              </section>
            </div>
          ),
          reviews: reviews ?? null,
          expectations: expectations ?? null,
        }}
      />
    </article>
  );
}

/**
 * The concert detail page (buyer-side.md §2): poster, status, schedule, venue, booking button,
 * the summary (공연기간, 러닝타임, 관람연령, 1인 매수 제한), then the tabs 공연정보 (description,
 * 공연 정보, AI summary) / 판매정보 (예매 정보, seat grades, notices) / 관람후기 / 기대평 (what the
 * page passes). Loading, not found, error with retry and empty states.
 */
export function ConcertDetail({
  concertId,
  onBook,
  isBooking,
  reviews,
  expectations,
  renderAlert,
  performanceId = null,
  onChoosePerformance,
}: ConcertDetailProps) {
  const [ownChoice, setOwnChoice] = useState<number | null>(null);
  const choose = onChoosePerformance ?? setOwnChoice;
  const choice = usePerformanceChoice(concertId, onChoosePerformance ? performanceId : ownChoice);
  const entryData = choice.entry.data;
  const chosenRow = choice.performances.data?.performances.find(
    (performance) => performance.concertId === choice.concertId,
  );
  // Another 회차's detail is asked for by its own id (its status, window and limits are its
  // own); until it answers, the one on screen with that 회차's own fields stands in, so the page
  // keeps its place and the focus stays on the time just chosen.
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...concertQueryOptions(choice.concertId),
    enabled: !choice.isResolving,
    placeholderData: (previous) => {
      const base = previous ?? entryData;
      return base && chosenRow ? withPerformance(base, chosenRow) : undefined;
    },
  });

  if (isPending || choice.isResolving) return <DetailSkeleton />;

  if (isError) {
    if (isApiError(error) && error.status === 404) {
      return (
        <DetailMessageFrame>
          <EmptyState
            icon={ShieldAlert}
            title={concertDetailTexts.notFound}
            description="삭제되었거나 주소가 잘못된 공연일 수 있어요."
          />
        </DetailMessageFrame>
      );
    }
    return (
      <DetailMessageFrame>
        <ErrorState
          title={concertDetailTexts.loadFailed}
          description={getErrorMessage(error)}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      </DetailMessageFrame>
    );
  }

  if (!data) {
    return (
      <DetailMessageFrame>
        <ErrorState
          title={concertDetailTexts.empty}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      </DetailMessageFrame>
    );
  }

  return (
    <ConcertDetailContent
      concert={data}
      onBook={onBook}
      isBooking={isBooking ?? false}
      reviews={reviews}
      expectations={expectations}
      {...(renderAlert ? { renderAlert } : {})}
      showContext={
        choice.show
          ? {
              show: choice.show,
              query: choice.performances,
              performance: chosenRow,
              onChoose: (id) => {
                if (id !== choice.concertId) choose(id);
              },
            }
          : null
      }
    />
  );
}
