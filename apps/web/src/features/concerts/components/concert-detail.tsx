import type { ConcertGradeAvailability, SeatGrade } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import {
  ArrowLeft,
  CalendarDays,
  Clock,
  FileQuestion,
  Info,
  MapPin,
  ShieldAlert,
  Ticket,
  UserRound,
} from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { isApiError, getErrorMessage } from '@/lib/api-client';
import {
  formatConcertDate,
  formatConcertSchedule,
  formatNumber,
  formatPrice,
  formatTimeRange,
} from '@/lib/format';
import { gradeColorAt, formatPlacesLeft } from '@/lib/grades';
import { useConcert, type ConcertDetailResponse } from '../api/get-concert';
import { useConcertGrades } from '../api/get-concert-grades';
import { getBookingAction } from '../utils/booking-action';
import {
  formatAgeLimit,
  formatBookingPeriod,
  formatMaxTickets,
  formatRunningTime,
} from '../utils/concert-info';
import { ConcertAiSummary } from './concert-ai-summary';
import { ConcertBookingButton } from './concert-booking-button';
import { ConcertDetailTabs } from './concert-detail-tabs';
import { ConcertPoster } from './concert-poster';
import { ConcertStatusBadge } from './concert-status-badge';

export const concertDetailTexts = {
  notFound: '콘서트 정보를 찾을 수 없습니다.',
  loadFailed: '콘서트 정보를 불러올 수 없습니다.',
  empty: '표시할 콘서트 정보가 없습니다.',
  noGrades: '좌석 등급과 가격은 아직 공개되지 않았습니다.',
  noDescription: '공연 소개가 아직 등록되지 않았습니다.',
} as const;

/** Notices of buyer-side.md §9, shown under the booking information. */
export const bookingNotices = [
  '예매 취소는 공연일 3일 전까지만 가능합니다.',
  '공연 당일 신분증과 예매 확인 내역을 지참해주세요.',
  '공연 시작 이후에는 입장이 제한될 수 있습니다.',
] as const;

type LoadedConcert = NonNullable<ConcertDetailResponse>;

function FactRow({
  icon: Icon,
  label,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <dt className="flex w-20 shrink-0 items-center gap-1.5 text-sm text-zinc-400">
        <Icon className="size-4 shrink-0 text-zinc-400" aria-hidden />
        {label}
      </dt>
      <dd className="min-w-0 flex-1 text-sm text-zinc-100">{children}</dd>
    </div>
  );
}

function InfoCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-surface-700/70 bg-surface-900/70 p-5"
    >
      <h2 id={id} className="mb-4 text-base font-bold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function InfoList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="flex flex-col gap-3 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">{term}</dt>
          <dd className="text-right font-medium text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function sortGrades(grades: readonly SeatGrade[]): SeatGrade[] {
  return [...grades].sort((a, b) => b.price - a.price);
}

/** '50,000원 ~ 150,000원', or one price, or null without grades. */
export function formatPriceRange(grades: readonly SeatGrade[]): string | null {
  if (grades.length === 0) return null;
  const prices = grades.map((grade) => grade.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatPrice(low) : `${formatPrice(low)} ~ ${formatPrice(high)}`;
}

/** The quick plan's grade dots, dearest first (the seat page paints its seats the same). */
const quickPlanDots = ['bg-amber-400', 'bg-rose-400', 'bg-sky-400'] as const;

/**
 * A quick-plan concert's grades are named by their code (contracts: `/grades`); a drawn one's
 * are the seller's, in the seller's order and colours.
 */
function isQuickPlan(grades: readonly ConcertGradeAvailability[]): boolean {
  return grades.every((grade) => grade.code === grade.name && grade.color === null);
}

interface GradeRow {
  name: string;
  price: number;
  /** A drawn grade's `#RRGGBB`, else null (a quick-plan dot class by rank). */
  color: string | null;
  left: ConcertGradeAvailability | null;
}

/** The rows to show: `/grades` once it answered, the detail's grades before (or without it). */
export function gradeRows(
  detailGrades: readonly SeatGrade[],
  availability: readonly ConcertGradeAvailability[] | undefined,
): GradeRow[] {
  if (!availability || availability.length === 0) {
    return sortGrades(detailGrades).map((grade) => ({ ...grade, color: null, left: null }));
  }
  if (isQuickPlan(availability)) {
    return [...availability]
      .sort((a, b) => b.price - a.price)
      .map((grade) => ({ name: grade.name, price: grade.price, color: null, left: grade }));
  }
  // A drawn grade without a single place (a template's grade the seller never painted) is not
  // on sale at all: '매진' would say otherwise. Colours keep the layout's index.
  return availability.flatMap((grade, index) =>
    grade.totalPlaces > 0
      ? [
          {
            name: grade.name,
            price: grade.price,
            color: gradeColorAt(grade.color, index),
            left: grade,
          },
        ]
      : [],
  );
}

function SeatGrades({ concertId, grades }: { concertId: number; grades: readonly SeatGrade[] }) {
  const availability = useConcertGrades(concertId);
  const rows = gradeRows(grades, availability.data);
  if (rows.length === 0) {
    return <p className="text-sm text-zinc-400">{concertDetailTexts.noGrades}</p>;
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="좌석 등급별 가격">
      {rows.map((grade, index) => {
        const isSoldOut = grade.left !== null && grade.left.available <= 0;
        return (
          <li
            key={grade.name}
            className={clsx(
              'flex items-center justify-between gap-3 rounded-xl bg-surface-850 px-4 py-3',
              isSoldOut && 'opacity-70',
            )}
          >
            <span className="flex min-w-0 items-center gap-2 text-sm font-semibold text-zinc-100">
              <span
                className={clsx(
                  'size-2.5 shrink-0 rounded-full',
                  grade.color === null && (quickPlanDots[index] ?? 'bg-zinc-400'),
                )}
                style={grade.color === null ? undefined : { backgroundColor: grade.color }}
                aria-hidden
              />
              {grade.name}
            </span>
            <span className="flex shrink-0 flex-col items-end">
              <span className="text-sm font-bold text-white tabular-nums">
                {formatPrice(grade.price)}
              </span>
              {grade.left && (
                <span
                  className={clsx(
                    'text-xs tabular-nums',
                    isSoldOut ? 'font-bold text-rose-300' : 'text-zinc-400',
                  )}
                  data-places-left
                >
                  {formatPlacesLeft(grade.left)}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 tablet:px-6 desktop:px-8" aria-busy="true">
      <span className="sr-only" role="status">
        콘서트 정보를 불러오는 중입니다
      </span>
      <div className="grid gap-8 tablet:grid-cols-[280px_1fr] desktop:grid-cols-[340px_1fr]">
        <Skeleton className="mx-auto aspect-[3/4] w-full max-w-[340px] rounded-2xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-6 w-20" />
          <Skeleton className="h-9 w-4/5" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="mt-4 h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="mt-4 h-12 w-60" />
        </div>
      </div>
    </div>
  );
}

function DetailMessageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-16 tablet:px-6">
      {children}
      <Link
        to="/concerts"
        className="mx-auto inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-300 hover:text-white"
      >
        <ArrowLeft className="size-4" aria-hidden />
        모든 콘서트 보기
      </Link>
    </div>
  );
}

/** What the page shows instead of a concert: a bad id, not found, or nothing. */
export function ConcertDetailMessage({ message }: { message: string }) {
  return (
    <DetailMessageFrame>
      <EmptyState icon={FileQuestion} title={message} />
    </DetailMessageFrame>
  );
}

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
}

function ConcertDetailContent({
  concert,
  onBook,
  isBooking = false,
  reviews,
  expectations,
  renderAlert,
}: {
  concert: LoadedConcert;
  onBook: () => void;
  isBooking?: boolean;
  reviews?: ReactNode;
  expectations?: ReactNode;
  renderAlert?: ConcertDetailProps['renderAlert'];
}) {
  const priceRange = formatPriceRange(concert.seatGrades);
  return (
    <article className={clsx(getBookingAction(concert.status) && 'pb-28 tablet:pb-0')}>
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
                <ConcertStatusBadge status={concert.status} />
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
                    ['공연기간', formatConcertDate(concert.concertDate)],
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
              <div className="mt-8">
                <ConcertBookingButton
                  status={concert.status}
                  onBook={onBook}
                  isBooking={isBooking}
                  {...(priceRange ? { caption: priceRange } : {})}
                />
                {renderAlert && <div className="mt-3 empty:hidden">{renderAlert(concert)}</div>}
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
                <SeatGrades concertId={concert.concertId} grades={concert.seatGrades} />
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
}: ConcertDetailProps) {
  const { data, isPending, isError, error, refetch, isFetching } = useConcert(concertId);

  if (isPending) return <DetailSkeleton />;

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
    />
  );
}
