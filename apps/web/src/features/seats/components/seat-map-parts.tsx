import { Skeleton } from '@/components/ui/skeleton';

/** The quick plan's stage above the rows: every section faces it. */
export function Stage() {
  return (
    <div className="mx-auto mb-6 flex w-full max-w-xl flex-col items-center" aria-hidden>
      <div className="flex h-10 w-full items-center justify-center rounded-b-[2.5rem] border border-t-0 border-zinc-500/40 bg-gradient-to-b from-zinc-200/25 to-zinc-400/5 text-sm font-black tracking-[0.5em] text-zinc-200 shadow-[0_12px_40px_rgba(255,255,255,0.06)]">
        무대
      </div>
    </div>
  );
}

/** Rows of placeholders while the layout or the seats load. */
export function MapSkeleton() {
  return (
    <div className="flex flex-col items-center gap-2 py-6" aria-busy="true">
      <span className="sr-only" role="status">
        좌석 정보를 불러오는 중입니다
      </span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-7 w-full max-w-md" />
      ))}
    </div>
  );
}
