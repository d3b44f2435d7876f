import { queueMessages } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import {
  ArrowLeft,
  CircleCheck,
  Clock3,
  Info,
  RotateCw,
  UsersRound,
  Wifi,
  WifiOff,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { useQueueEntry } from '../hooks/use-queue-entry';
import { useWaitQueue, type WaitQueueState } from '../hooks/use-wait-queue';
import { formatEta } from '../utils/format-eta';
import { SoldOutAlternatives, soldOutAnnouncement } from './sold-out-alternatives';
import type { WaitRouteState } from '../utils/queue-entry';

export const waitingRoomTexts = {
  admitted: '입장 순서가 되었습니다! 좌석 선택 페이지로 이동합니다.',
  refreshNotice:
    '새로고침해도 대기 순번은 유지됩니다. 다만 창을 닫고 5분이 지나면 대기열에서 제외됩니다.',
  notInQueueHelp:
    '대기 시간이 지났거나 창을 닫은 뒤 5분이 넘어 대기열에서 제외되었을 수 있어요. 다시 입장하면 맨 뒤에서부터 기다리게 됩니다.',
  reenter: '대기열 다시 입장',
  backToConcert: '콘서트 정보로 돌아가기',
  soldOutRank: '매진된 회차예요. 취소표가 나오면 이 순서대로 입장해요',
} as const;

interface WaitingRoomProps {
  concertId: number;
  /** Shown under the heading once the concert has loaded. */
  concertTitle?: string | undefined;
  /** The rank and estimate the queue entry answered with (history state). */
  initial: WaitRouteState;
}

/**
 * 0..1: how far along the user is, as the share of the queue (from the first rank seen this
 * visit) already behind them; rank 1 is nearly full ("다음 차례입니다").
 */
function progressOf({ rank, startRank }: WaitQueueState): number {
  if (rank === null) return 0.05;
  const start = Math.max(startRank ?? rank, rank);
  return Math.min(0.97, Math.max(0.05, 1 - (rank - 1) / start));
}

function ConnectionLine({ connection }: { connection: WaitQueueState['connection'] }) {
  if (connection === 'open') {
    return (
      <p className="flex items-center gap-2 text-xs text-emerald-300">
        <Wifi className="size-4" aria-hidden />
        실시간으로 순번을 받고 있어요
      </p>
    );
  }
  if (connection === 'reconnecting') {
    return (
      <p className="flex items-center gap-2 text-xs text-amber-300">
        <WifiOff className="size-4" aria-hidden />
        연결이 끊겨 5초마다 순번을 확인하고 있어요. 자동으로 다시 연결합니다.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-400">
      <span className="size-2 animate-pulse rounded-full bg-zinc-400" aria-hidden />
      대기열에 연결하는 중입니다
    </p>
  );
}

/**
 * The rank card. For a sold-out performance the rank stays (a returned ticket admits in this
 * order) but the progress bar and the estimate go: both would promise an entry that only a
 * cancellation can bring, and invite the fan to stay instead of moving to another 회차.
 */
function WaitingCard({ state }: { state: WaitQueueState }) {
  const { rank, etaSeconds } = state;
  const progress = progressOf(state);
  const soldOut = state.soldOut;
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <div>
        <p className="text-sm font-semibold text-zinc-400">나의 대기 순번</p>
        <p className="mt-2 flex items-baseline justify-center gap-1 text-white">
          <span
            className="text-6xl font-black tracking-tight tabular-nums tablet:text-7xl"
            data-testid="queue-rank"
          >
            {rank === null ? '—' : formatNumber(rank)}
          </span>
          {rank !== null && <span className="text-2xl font-bold text-zinc-300">번</span>}
        </p>
        <p className="mt-2 flex items-center justify-center gap-1.5 text-sm text-zinc-400">
          <UsersRound className="size-4" aria-hidden />
          {rank === null
            ? '대기 순번을 확인하고 있어요'
            : soldOut
              ? waitingRoomTexts.soldOutRank
              : rank === 1
                ? '다음 차례입니다'
                : `내 앞에 ${formatNumber(rank - 1)}명이 기다리고 있어요`}
        </p>
      </div>

      {!soldOut && (
        <>
          <div className="w-full max-w-md">
            <div
              role="progressbar"
              aria-label="대기 진행률"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="relative h-3 overflow-hidden rounded-full bg-surface-800"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-rose-600 to-amber-400 transition-[width] duration-700 ease-out"
                style={{ width: `${progress * 100}%` }}
              />
              <div
                className="absolute inset-0 animate-pulse bg-gradient-to-r from-transparent via-white/10 to-transparent"
                aria-hidden
              />
            </div>
          </div>

          <dl className="grid w-full max-w-md grid-cols-1 gap-3 text-left">
            <div className="flex items-center justify-between rounded-xl bg-surface-850 px-4 py-3">
              <dt className="flex items-center gap-2 text-sm text-zinc-400">
                <Clock3 className="size-4" aria-hidden />
                예상 대기 시간
              </dt>
              <dd className="text-sm font-bold text-white">{formatEta(etaSeconds)}</dd>
            </div>
          </dl>
        </>
      )}

      <ConnectionLine connection={state.connection} />
    </div>
  );
}

function NotInQueue({ concertId }: { concertId: number }) {
  const { enter, isEntering } = useQueueEntry(concertId);
  return (
    <div className="flex flex-col items-center gap-4 text-center" role="alert">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-500/15 text-amber-300">
        <Info className="size-7" aria-hidden />
      </span>
      <p className="text-lg font-bold text-white">{queueMessages.notInQueue}</p>
      <p className="max-w-md text-sm leading-relaxed text-zinc-400">
        {waitingRoomTexts.notInQueueHelp}
      </p>
      <div className="mt-2 flex w-full flex-col justify-center gap-3 tablet:flex-row">
        <Button size="lg" onClick={enter} isLoading={isEntering}>
          {!isEntering && <RotateCw className="size-4" aria-hidden />}
          {waitingRoomTexts.reenter}
        </Button>
        <Link
          to={`/concerts/${concertId}`}
          className={buttonStyles({ variant: 'outline', size: 'lg' })}
        >
          <ArrowLeft className="size-4" aria-hidden />
          {waitingRoomTexts.backToConcert}
        </Link>
      </div>
    </div>
  );
}

/**
 * /concerts/{id}/wait (buyer-side.md §2 and §4): the rank, the estimated wait and a progress
 * bar, kept current by the socket (or the 5 s status poll while it is down); the admission
 * message before the move to the seat page; a clear way back when the queue has forgotten us.
 */
export function WaitingRoom({ concertId, concertTitle, initial }: WaitingRoomProps) {
  const state = useWaitQueue(concertId, initial);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pt-8 pb-16 tablet:pt-14">
      <header className="text-center">
        <p className="text-sm font-semibold text-rose-300">예매 대기실</p>
        <h1 className="mt-2 text-2xl font-extrabold text-white tablet:text-3xl">
          예매 대기 중입니다
        </h1>
        {concertTitle && <p className="mt-2 text-base text-zinc-300">{concertTitle}</p>}
      </header>

      {/* Always present, so the sell-out is announced the moment it arrives. */}
      <p
        role="status"
        aria-live="assertive"
        aria-atomic="true"
        className="sr-only"
        data-testid="sold-out-announcement"
      >
        {state.soldOut && state.phase === 'waiting' ? soldOutAnnouncement(state.alternatives) : ''}
      </p>
      {state.soldOut && state.phase === 'waiting' && (
        <SoldOutAlternatives concertId={concertId} alternatives={state.alternatives} />
      )}

      <section
        aria-label="대기 현황"
        className={clsx(
          'rounded-3xl border bg-surface-900/80 px-5 py-8 shadow-2xl shadow-black/40 tablet:px-10',
          state.phase === 'admitted' ? 'border-emerald-400/40' : 'border-surface-700',
        )}
      >
        {state.phase === 'admitted' ? (
          <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
            <CircleCheck className="size-14 text-emerald-300" aria-hidden />
            <p className="text-lg font-bold text-white">{waitingRoomTexts.admitted}</p>
          </div>
        ) : state.phase === 'not-in-queue' ? (
          <NotInQueue concertId={concertId} />
        ) : (
          <WaitingCard state={state} />
        )}
      </section>

      <aside
        aria-label="대기 안내"
        className="rounded-2xl border border-amber-400/30 bg-amber-500/5 px-5 py-4 text-sm text-zinc-300"
      >
        <p className="flex items-center gap-2 font-semibold text-amber-200">
          <Info className="size-4" aria-hidden />
          페이지를 떠나기 전에 확인해주세요
        </p>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 leading-relaxed marker:text-amber-300/70">
          <li>{waitingRoomTexts.refreshNotice}</li>
          <li>순서가 되면 이 화면에서 자동으로 좌석 선택 페이지로 이동합니다.</li>
          <li>이 화면을 벗어나면 순서가 되어도 자동으로 입장되지 않으니 화면을 열어두세요.</li>
        </ul>
      </aside>
    </div>
  );
}
