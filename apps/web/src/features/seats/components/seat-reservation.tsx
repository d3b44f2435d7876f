import { limits } from '@curtaincall/contracts';
import { ArrowLeft, CalendarDays, Info, Keyboard, LayoutGrid, MapPin } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { formatPrice } from '@/lib/format';
import { useSeatMap } from '../api/get-seat-map';
import { useSeatStatuses, type SeatScope } from '../api/get-seat-status';
import { useSeatSummary } from '../api/get-seat-summary';
import { useDrawnVenue } from '../hooks/use-drawn-venue';
import { useSeatActions } from '../hooks/use-seat-actions';
import {
  useSeatCheckout,
  type SeatCheckoutOrder,
  type SeatCheckoutRefusal,
} from '../hooks/use-seat-checkout';
import { useSeatPageModel } from '../hooks/use-seat-page-model';
import { useSeatPricing } from '../hooks/use-seat-pricing';
import { useSeatPolling } from '../hooks/use-seat-polling';
import { useSeatSummaryRefresh } from '../hooks/use-seat-summary-refresh';
import { companionHint, wheelchairTexts } from '../utils/drawn-layout';
import { isAccessKeyError } from '../utils/seat-errors';
import {
  isBigVenue,
  seatGradeName,
  seatPlaceName,
  wholeStatusMaxSeats,
  type GradeInfo,
  type SeatView,
} from '../utils/seat-layout';
import { withOwnHolds, type SeatRecord } from '../utils/seat-records';
import { RestrictedViewDialog } from './restricted-view-dialog';
import { MapSkeleton, Stage } from './seat-map-parts';
import { SeatLegend } from './seat-legend';
import { SeatMapGrid } from './seat-map-grid';
import { SeatMapViewport } from './seat-map-viewport';
import { SeatSidePanel, ticketRulesText, type PaymentStepRenderer } from './seat-side-panel';
import { SectionOverview } from './section-overview';
import { StandingZoneList, VenuePlan, venuePlanTexts } from './venue-plan';

export const seatPageTexts = {
  holdExpired: '선점 시간이 만료되었습니다.',
  layoutFailed: '좌석 배치 정보를 불러올 수 없습니다.',
  statusFailed: '좌석 정보를 불러올 수 없습니다.',
  leaving: '예매 시간이 만료되어 콘서트 정보로 이동합니다.',
  keyboardHint: '방향키로 좌석을 이동하고 Enter 또는 Space로 선택하거나 해제할 수 있어요.',
} as const;

/** What the page header shows of the concert (the app passes it from the concert's detail). */
export interface SeatPageConcert {
  title: string;
  schedule: string;
  venueName: string;
  seatGrades: GradeInfo[];
  /** Tickets one account may book for the concert ('1인 최대 N매'). */
  maxTicketsPerUser?: number;
}

interface SeatReservationProps {
  concertId: number;
  concert: SeatPageConcert | undefined;
  /**
   * Books the held seats and opens the payment window (the app passes the checkout feature's);
   * resolves when the buyer is back on this page, with the refusal's field errors if the
   * server refused the booking.
   */
  onCheckout: (order: SeatCheckoutOrder) => Promise<SeatCheckoutRefusal | void>;
  /** The payment step's method choice under the price (issue 28; the checkout feature's). */
  renderPaymentStep?: PaymentStepRenderer;
}

const wholeVenue: SeatScope = { type: 'all' };
const noHolds: SeatRecord[] = [];

/**
 * /concerts/{id}/reserve (buyer-side.md §2 "Seat page"): legend, STAGE, the seat map (a big
 * venue opens on its section overview), the selection panel; seat states kept live by long
 * polling; holds released and the user told when the countdown runs out.
 */
export function SeatReservation({
  concertId,
  concert,
  onCheckout,
  renderPaymentStep,
}: SeatReservationProps) {
  const seatMap = useSeatMap(concertId);
  const layout = seatMap.data;
  const drawn = useDrawnVenue(concertId, layout);
  const drawnVenue = drawn.venue;
  const [openSection, setOpenSection] = useState<string | null>(null);
  const [visitedSections, setVisitedSections] = useState<readonly string[]>([]);

  // A drawn hall opens on its plan (sections around the stage), whatever its size; a big
  // quick-plan venue on its section overview; both then show one section at a time.
  const isBig = layout ? drawn.isDrawn || isBigVenue(layout) : false;
  const loadsWholeVenue = layout ? layout.totalSeats <= wholeStatusMaxSeats : false;
  const scopes: SeatScope[] = !layout
    ? []
    : loadsWholeVenue
      ? [wholeVenue]
      : visitedSections.map((section) => ({ type: 'section', section }));
  const currentScope: SeatScope | null = !layout
    ? null
    : loadsWholeVenue
      ? wholeVenue
      : openSection
        ? { type: 'section', section: openSection }
        : null;
  const { records, current } = useSeatStatuses(concertId, scopes, currentScope);
  // Venues loaded a section at a time learn their per-section counts and the caller's holds
  // elsewhere from the summary, fetched while the overview is on screen.
  const usesSummary = layout !== undefined && !loadsWholeVenue;
  const summary = useSeatSummary(concertId, usesSummary && openSection === null);
  const summaryData = usesSummary ? summary.data : undefined;
  const refreshSummary = useSeatSummaryRefresh(concertId);
  // Polling starts once the seats (or counts) on screen are known, so no change can slip in
  // between; a failed summary only costs the counts, so it does not hold polling back.
  const isStatusReady =
    currentScope === null
      ? !usesSummary || summary.data !== undefined || summary.isError
      : current?.data !== undefined;
  const { isDrawn, refreshAvailability } = drawn;
  // After every long-poll answer: a big venue's counts and a drawn hall's places per grade.
  const onPollAnswer = useMemo(
    () =>
      usesSummary || isDrawn
        ? () => {
            if (usesSummary) refreshSummary();
            if (isDrawn) refreshAvailability();
          }
        : undefined,
    [usesSummary, isDrawn, refreshSummary, refreshAvailability],
  );
  useSeatPolling(concertId, layout !== undefined && isStatusReady, onPollAnswer);
  // Holding a wheelchair seat tells the buyer which companion seat goes with it.
  const onHeld = useCallback((seat: SeatView) => {
    if (!seat.tags?.includes('WHEELCHAIR')) return;
    const hint = companionHint(seat, []);
    toast.info(hint ? `${wheelchairTexts.held} ${hint}` : wheelchairTexts.held);
  }, []);
  const actions = useSeatActions(concertId, { onHeld });
  const checkout = useSeatCheckout(concertId, onCheckout);
  const allRecords = useMemo(
    () => withOwnHolds(records, summaryData?.mine ?? noHolds),
    [records, summaryData?.mine],
  );
  const summaryCounts = summaryData?.sections;

  const isWholeStatusIn = loadsWholeVenue && current?.data !== undefined;
  const {
    grades,
    mine,
    shownSections,
    availability,
    planCounts,
    longestRow,
    sectionSwatches,
    venuePlan,
  } = useSeatPageModel({
    seatMap: layout,
    concertGrades: concert?.seatGrades,
    drawnVenue,
    allRecords,
    isBig,
    openSection,
    summaryCounts,
    isWholeStatusIn,
  });
  // The countdown is the earliest of the caller's holds, as the server set it: a hold's 5
  // minutes, or, once 결제하기 made a booking, that booking's payment deadline.
  const { deadline, isPaymentPending } = useMemo(() => {
    let first: SeatView | null = null;
    for (const seat of mine) {
      const end = seat.record.holdDeadline;
      if (end !== null && (first?.record.holdDeadline == null || end < first.record.holdDeadline)) {
        first = seat;
      }
    }
    return {
      deadline: first?.record.holdDeadline ?? null,
      isPaymentPending: first?.record.paymentPending === true,
    };
  }, [mine]);
  const seatPricing = useSeatPricing(concertId, mine);
  const rules = layout?.rules;
  const rulesText = ticketRulesText(
    rules?.maxSeatsPerHold ?? limits.maxHeldSeats,
    rules?.maxTicketsPerUser ?? concert?.maxTicketsPerUser ?? limits.maxTicketsPerUserDefault,
  );

  const heldCount = mine.length;
  const { toggle, holdStanding, release, releaseAll, pendingIds, pendingZones, announcement } =
    actions;
  // A restricted-view seat waits for the buyer's 선택 in the dialog before it is held.
  const [restrictedSeat, setRestrictedSeat] = useState<SeatView | null>(null);
  const onToggle = useCallback(
    (seat: SeatView) => {
      const asksFirst =
        seat.kind === 'available' &&
        seat.tags?.includes('RESTRICTED_VIEW') === true &&
        heldCount < limits.maxHeldSeats;
      if (asksFirst) setRestrictedSeat(seat);
      else toggle(seat, heldCount);
    },
    [toggle, heldCount],
  );
  const confirmRestricted = () => {
    if (restrictedSeat) toggle(restrictedSeat, heldCount);
    setRestrictedSeat(null);
  };
  const onHoldStanding = useCallback(
    (section: string) => holdStanding(section, heldCount),
    [holdStanding, heldCount],
  );

  const openSectionView = useCallback((section: string) => {
    setOpenSection(section);
    setVisitedSections((visited) => (visited.includes(section) ? visited : [...visited, section]));
  }, []);

  // A chosen section opens with its map at the top of the screen (below the site header): on
  // a phone the title, legend and toolbar would otherwise fill the first screen, and a tile
  // chosen far down the overview would leave the view mid-page.
  // Done once its seats are drawn: the overview's place taken by a short skeleton would not
  // leave the page tall enough to scroll there.
  const mapCardRef = useRef<HTMLDivElement>(null);
  const scrolledToSection = useRef<string | null>(null);
  const isSectionDrawn = openSection !== null && current?.data !== undefined;
  useEffect(() => {
    const card = mapCardRef.current;
    if (openSection === null) scrolledToSection.current = null;
    if (!isSectionDrawn || !card || scrolledToSection.current === openSection) return;
    scrolledToSection.current = openSection;
    const top = card.getBoundingClientRect().top;
    if (top < 0 || top > 96) card.scrollIntoView({ block: 'start' });
  }, [openSection, isSectionDrawn]);

  const onExpire = () => {
    void releaseAll(mine, { silent: true });
    browser.alert(seatPageTexts.holdExpired);
  };

  const leaving =
    (current?.isError && isAccessKeyError(current.error)) ||
    (usesSummary && summary.isError && isAccessKeyError(summary.error));

  let body: ReactNode;
  if (seatMap.isPending || (isDrawn && drawn.layout.isPending)) {
    body = <MapSkeleton />;
  } else if (seatMap.isError || !layout || drawn.layout.isError) {
    const failed = seatMap.isError ? seatMap : drawn.layout;
    body = (
      <ErrorState
        title={seatPageTexts.layoutFailed}
        description={getErrorMessage(failed.error)}
        onRetry={() => void failed.refetch()}
        isRetrying={failed.isFetching}
      />
    );
  } else if (leaving) {
    body = <PageSpinner label={seatPageTexts.leaving} />;
  } else if (isBig && openSection === null && drawnVenue) {
    body = (
      <>
        <p className="mb-3 flex items-center gap-2 text-sm text-zinc-300">
          <LayoutGrid className="size-4 text-zinc-400" aria-hidden />
          {drawnVenue.sections.some((section) => section.kind === 'STANDING')
            ? `${venuePlanTexts.hint} ${venuePlanTexts.standingHint}`
            : venuePlanTexts.hint}
        </p>
        <VenuePlan venue={drawnVenue} counts={planCounts} onOpenSection={openSectionView} />
        <StandingZoneList
          venue={drawnVenue}
          counts={planCounts}
          pendingZones={pendingZones}
          onHoldStanding={onHoldStanding}
        />
      </>
    );
  } else if (isBig && openSection === null) {
    body = (
      <>
        <p className="mb-3 flex items-center gap-2 text-sm text-zinc-300">
          <LayoutGrid className="size-4 text-zinc-400" aria-hidden />
          구역을 선택하면 좌석을 볼 수 있어요. 무대에 가까운 구역부터 표시됩니다.
        </p>
        <SectionOverview
          sections={layout.sections}
          grades={grades}
          availability={availability}
          onSelect={openSectionView}
        />
      </>
    );
  } else if (current?.isError) {
    body = (
      <ErrorState
        title={seatPageTexts.statusFailed}
        description={getErrorMessage(current.error)}
        onRetry={() => void current.refetch()}
        isRetrying={current.isFetching}
      />
    );
  } else if (!current?.data || shownSections.length === 0) {
    body =
      current?.isPending || current?.isFetching ? (
        <MapSkeleton />
      ) : (
        <p className="py-10 text-center text-sm text-zinc-400">표시할 좌석이 없습니다.</p>
      );
  } else {
    body = (
      <SeatMapGrid
        sections={shownSections}
        grades={grades}
        pendingIds={pendingIds}
        onToggle={onToggle}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 pb-10 tablet:px-6 desktop:px-8 desktop:pb-16">
      <header className="mb-6">
        <Link
          to={`/concerts/${concertId}`}
          className="inline-flex items-center gap-1.5 text-sm text-zinc-400 hover:text-white"
        >
          <ArrowLeft className="size-4" aria-hidden />
          공연 정보
        </Link>
        <p className="mt-4 text-sm font-semibold text-rose-300">좌석 고르기</p>
        <h1 className="mt-1 text-2xl font-extrabold text-white tablet:text-3xl">좌석 선택</h1>
        {concert && (
          <div className="mt-2 flex flex-col gap-1 text-sm text-zinc-300 tablet:flex-row tablet:flex-wrap tablet:gap-x-4">
            <span className="font-semibold text-zinc-100">{concert.title}</span>
            <span className="flex items-center gap-1.5">
              <CalendarDays className="size-4 text-zinc-400" aria-hidden />
              {concert.schedule}
            </span>
            <span className="flex items-center gap-1.5">
              <MapPin className="size-4 text-zinc-400" aria-hidden />
              {concert.venueName}
            </span>
          </div>
        )}
        <p className="mt-2 flex items-center gap-1.5 text-sm text-zinc-300" data-ticket-rules>
          <Info className="size-4 text-zinc-400" aria-hidden />
          {rulesText}
        </p>
      </header>

      <div className="flex flex-col gap-6 desktop:grid desktop:grid-cols-[minmax(0,1fr)_22rem] desktop:items-start desktop:gap-8">
        <section aria-label="좌석 배치" className="flex min-w-0 flex-col gap-4">
          {grades.length > 0 && (
            <SeatLegend
              grades={grades}
              availability={drawn.availability}
              marks={drawnVenue?.hasTag}
            />
          )}
          <div
            ref={mapCardRef}
            className="rounded-3xl border border-surface-700/70 bg-surface-900/50 px-2 pt-0 pb-6 tablet:px-6"
          >
            {/* A drawn hall's plan draws its own stage; its sections face it from any side. */}
            {!isDrawn && <Stage />}
            {isDrawn && <div className="h-4" aria-hidden />}
            {isBig && openSection !== null && (
              <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                <button
                  type="button"
                  onClick={() => setOpenSection(null)}
                  className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-zinc-300 hover:bg-white/5 hover:text-white"
                >
                  <ArrowLeft className="size-4" aria-hidden />
                  전체 구역 보기
                </button>
                <span className="text-sm font-bold text-white">{openSection}구역</span>
              </div>
            )}
            {isBig && openSection === null ? (
              body
            ) : (
              <SeatMapViewport
                longestRow={longestRow}
                sectionSwatches={sectionSwatches}
                venue={
                  isBig && openSection !== null
                    ? { sections: venuePlan, current: openSection, onSelect: openSectionView }
                    : undefined
                }
              >
                {body}
              </SeatMapViewport>
            )}
            {!(isBig && openSection === null) && layout && (
              <p className="mt-4 flex items-center justify-center gap-2 text-xs text-zinc-400">
                <Keyboard className="size-4" aria-hidden />
                {seatPageTexts.keyboardHint}
              </p>
            )}
          </div>
        </section>

        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        <RestrictedViewDialog
          seatName={
            restrictedSeat
              ? `${seatGradeName(restrictedSeat)} ${seatPlaceName(restrictedSeat.position)} · ${formatPrice(restrictedSeat.price)}`
              : null
          }
          onConfirm={confirmRestricted}
          onCancel={() => setRestrictedSeat(null)}
        />
        <SeatSidePanel
          seats={mine}
          grades={grades}
          deadline={deadline}
          isPaymentPending={isPaymentPending}
          rules={rules}
          ticketRules={rulesText}
          pricing={seatPricing.panel}
          pendingIds={pendingIds}
          onRemove={(seat) => void release(seat)}
          onClearAll={() => void releaseAll(mine)}
          isPaying={checkout.isPaying}
          renderPaymentStep={renderPaymentStep}
          onPay={() =>
            void checkout.pay(mine, deadline, {
              pricing: seatPricing.panel.pricing,
              extras: seatPricing.orderExtras(mine),
            })
          }
          onExpire={onExpire}
        />
      </div>
    </div>
  );
}
