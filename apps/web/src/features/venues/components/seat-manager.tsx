import type { SellerSeat, VenueLayout } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { Ban, Hand, MousePointer2, Ticket, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { killSeats, releaseSeats, type SeatActionResult } from '../api/concert-seats-api';
import { useSeatPicker } from '../hooks/use-seat-picker';
import { measureLayout } from '../utils/layout-geometry';
import { describeSeats } from '../utils/layout-selection';
import {
  describeManagedSeat,
  indexSellerSeats,
  seatCount,
  summarizeSelection,
  takenSeatsOf,
} from '../utils/seat-management';
import { panelClass } from './field-classes';
import { LayoutCanvas, type CanvasTool } from './layout-canvas';
import { SeatActionDialog, type SeatActionRequest } from './seat-action-dialog';

interface SeatManagerProps {
  concertId: number;
  layout: VenueLayout;
  seats: readonly SellerSeat[];
  /** A cancelled or finished concert: its seats can no longer change. */
  isClosed: boolean;
  announce: (text: string) => void;
  /** After a release or a stop: refresh and say the server's message. */
  onChanged: (result: SeatActionResult) => Promise<void> | void;
  /** After a refusal: read the seats again (their states may have moved). */
  onRefused: () => void;
}

const alertFans = '이 콘서트의 취소표 알림을 신청한 관객에게 알림이 갑니다.';

/**
 * The drawing of a concert made from a layout, for its seller: held seats outlined, stopped
 * seats grey, seats buyers have dotted; seats picked by rectangle, click or keys; the held ones
 * put on sale, or seats stopped for good, each after a confirmation that says what happens.
 */
export function SeatManager({
  concertId,
  layout,
  seats,
  isClosed,
  announce,
  onChanged,
  onRefused,
}: SeatManagerProps) {
  const id = useId();
  const [tool, setTool] = useState<CanvasTool>('select');
  const [request, setRequest] = useState<SeatActionRequest | null>(null);
  const geometry = useMemo(() => measureLayout(layout), [layout]);
  const byInfo = useMemo(() => indexSellerSeats(seats), [seats]);
  const taken = useMemo(() => takenSeatsOf(layout, byInfo), [layout, byInfo]);
  const heldTotal = useMemo(() => seats.filter((seat) => seat.block === 'HELD').length, [seats]);
  const picker = useSeatPicker({
    layout,
    describeSeat: (ref) => describeManagedSeat(layout, ref, byInfo),
    announce,
  });
  const summary = useMemo(
    () => summarizeSelection(layout, picker.groups, byInfo),
    [layout, picker.groups, byInfo],
  );
  const what = describeSeats(layout, picker.groups);

  const done = async (result: SeatActionResult) => {
    picker.clear();
    await onChanged(result);
  };

  const askReleaseSelected = () => {
    const count = summary.heldIds.length;
    const others = summary.total - count;
    setRequest({
      title: '선택한 홀드석 판매 전환',
      confirmLabel: `${seatCount(count)} 판매 전환`,
      body: (
        <>
          <p>
            선택한 홀드석 <strong className="text-white">{seatCount(count)}</strong>을 지금 바로
            판매로 전환합니다. {alertFans}
          </p>
          {others > 0 && <p>선택한 좌석 중 홀드석이 아닌 {seatCount(others)}은 그대로 둡니다.</p>}
        </>
      ),
      run: () => releaseSeats(concertId, { seatIds: summary.heldIds }),
    });
  };

  const askReleaseAll = () => {
    setRequest({
      title: '홀드석 모두 판매 전환',
      confirmLabel: `${seatCount(heldTotal)} 모두 판매 전환`,
      body: (
        <p>
          홀드석 <strong className="text-white">{seatCount(heldTotal)}</strong>을 모두 지금 바로
          판매로 전환합니다. {alertFans}
        </p>
      ),
      run: () => releaseSeats(concertId, { all: true }),
    });
  };

  const askStop = () => {
    const count = summary.stoppableIds.length;
    setRequest({
      title: '선택한 좌석 판매 중지',
      confirmLabel: `${seatCount(count)} 판매 중지`,
      body: (
        <>
          <p>
            선택한 좌석 <strong className="text-white">{seatCount(count)}</strong>을 판매
            중지합니다. 판매 중지한 좌석은 다시 판매할 수 없으며 되돌릴 수 없습니다.
          </p>
          <p>
            비어 있는 좌석과 홀드석만 판매 중지할 수 있습니다. 구매자가 선점했거나 결제 중이거나
            예매된 좌석이 하나라도 있으면 요청 전체가 거절됩니다.
          </p>
          {summary.takenCount > 0 && (
            <p className="rounded-xl border border-amber-400/40 bg-amber-500/10 px-3 py-2 text-amber-100">
              선택한 좌석 중 {seatCount(summary.takenCount)}은 지금 구매자가 선점했거나 예매한
              좌석이라 이대로는 거절됩니다.
            </p>
          )}
          {summary.killedCount > 0 && (
            <p>이미 판매 중지된 {seatCount(summary.killedCount)}은 빼고 보냅니다.</p>
          )}
        </>
      ),
      run: () => killSeats(concertId, summary.stoppableIds),
    });
  };

  const helpId = `${id}-help`;
  const hasSelection = picker.groups.length > 0;
  return (
    <div className="grid gap-4 desktop:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap gap-1" role="group" aria-label="캔버스 도구">
          {(
            [
              ['select', '좌석 선택', MousePointer2],
              ['pan', '화면 이동', Hand],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={tool === value}
              onClick={() => setTool(value)}
              className={clsx(
                'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400',
                tool === value
                  ? 'border-rose-400 bg-rose-500/15 text-rose-100'
                  : 'border-surface-600 text-zinc-300 hover:border-zinc-400 hover:text-white',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </button>
          ))}
        </div>
        <LayoutCanvas
          layout={layout}
          geometry={geometry}
          label={`${layout.name} 좌석 배치`}
          roleDescription="좌석 관리 배치도"
          describedBy={helpId}
          tool={tool}
          selection={picker.selection}
          cursor={picker.cursor}
          outlineHeld
          taken={taken}
          onSeatGesture={picker.onSeatGesture}
          onKeyDown={picker.onKeyDown}
        />
        <ul
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-300"
          aria-label="배치도 표시"
        >
          <li className="flex items-center gap-1.5">
            <span
              className="inline-block size-3 rounded-sm border border-violet-300 bg-violet-300/30"
              aria-hidden
            />
            홀드석: 흐린 색에 보라 테두리
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-zinc-700" aria-hidden />
            판매 중지: 회색
          </li>
          <li className="flex items-center gap-1.5">
            <span
              className="relative inline-block size-3 rounded-sm bg-rose-500 after:absolute after:inset-1 after:rounded-[1px] after:bg-zinc-950"
              aria-hidden
            />
            예매·선점: 가운데 검은 점
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm border-2 border-white" aria-hidden />
            선택한 좌석: 흰 테두리
          </li>
        </ul>
        <details className="text-xs text-zinc-400">
          <summary className="cursor-pointer text-sm text-zinc-300">키보드 사용법</summary>
          <p id={helpId} className="mt-2 leading-relaxed">
            배치도에서 화살표로 좌석 이동, Home/End로 열의 처음과 끝, PageUp/PageDown으로 이전·다음
            구역. Space로 좌석 선택, Shift+화살표로 범위 선택, Ctrl+A로 구역 전체 선택, Esc로 선택
            해제. +/-로 확대·축소. 마우스로는 끌어서 범위 선택, Shift나 Ctrl을 누르고 클릭하면
            더하기.
          </p>
        </details>
      </div>

      <section aria-labelledby={`${id}-selection`} className={clsx(panelClass, 'self-start')}>
        <h2 id={`${id}-selection`} className="mb-2 text-base font-bold text-white">
          선택한 좌석
        </h2>
        {hasSelection ? (
          <dl className="mb-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm tabular-nums">
            <dt className="text-zinc-400">선택</dt>
            <dd className="text-right text-zinc-100" data-testid="selection-total">
              {what}
            </dd>
            <dt className="text-zinc-400">홀드석</dt>
            <dd className="text-right text-violet-200">{formatNumber(summary.heldIds.length)}석</dd>
            <dt className="text-zinc-400">예매·선점</dt>
            <dd className="text-right text-zinc-200">{formatNumber(summary.takenCount)}석</dd>
            <dt className="text-zinc-400">판매 중지됨</dt>
            <dd className="text-right text-zinc-200">{formatNumber(summary.killedCount)}석</dd>
          </dl>
        ) : (
          <p className="mb-3 text-sm text-zinc-400">
            배치도에서 좌석을 끌어서 고르거나, 클릭하거나, 키보드로 고르세요.
          </p>
        )}
        <div className="flex flex-col gap-2">
          <Button
            variant="primary"
            size="sm"
            disabled={isClosed || summary.heldIds.length === 0}
            onClick={askReleaseSelected}
          >
            <Ticket className="size-4" aria-hidden />
            선택한 홀드석 판매 전환
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={isClosed || summary.stoppableIds.length === 0}
            onClick={askStop}
          >
            <Ban className="size-4" aria-hidden />
            선택한 좌석 판매 중지
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={!hasSelection}
            onClick={() => {
              picker.clear();
              announce('선택을 해제함');
            }}
          >
            <X className="size-4" aria-hidden />
            선택 해제
          </Button>
        </div>
        <div className="mt-4 border-t border-white/5 pt-4">
          <p className="mb-2 text-sm text-zinc-300">
            남은 홀드석 <strong className="text-white">{formatNumber(heldTotal)}석</strong>
          </p>
          <Button
            variant="secondary"
            size="sm"
            fullWidth
            disabled={isClosed || heldTotal === 0}
            onClick={askReleaseAll}
          >
            홀드석 모두 판매 전환
          </Button>
        </div>
      </section>

      <SeatActionDialog
        request={request}
        onClose={() => setRequest(null)}
        onDone={done}
        onRefused={onRefused}
      />
    </div>
  );
}
