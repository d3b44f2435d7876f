import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatNumber } from '@/lib/format';

/** How many problems are listed at most: a broken import can have thousands. */
const shownMax = 50;

interface LayoutProblemsProps {
  problems: string[];
  /** The server's refusals of the last save ('sections[2].name: …'), listed first. */
  serverProblems?: string[];
  isChecking: boolean;
  /** Moves the cursor to the seat or section a problem names, when it names one. */
  onPick?: (problem: string) => void;
}

/** The checker's problems with their paths, live; 'no problems' when the layout is valid. */
export function LayoutProblems({
  problems,
  serverProblems = [],
  isChecking,
  onPick,
}: LayoutProblemsProps) {
  const all = [
    ...serverProblems,
    ...problems.filter((problem) => !serverProblems.includes(problem)),
  ];
  if (all.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-300" role="status">
        <CircleCheck className="size-4" aria-hidden />
        {isChecking ? '좌석 배치를 확인하는 중입니다…' : '좌석 배치에 고칠 곳이 없습니다.'}
      </p>
    );
  }
  return (
    <section
      aria-label="좌석 배치의 고칠 곳"
      className="rounded-2xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-100"
    >
      <h3 className="mb-2 flex items-center gap-2 font-bold">
        <CircleAlert className="size-4" aria-hidden />
        고칠 곳 {formatNumber(all.length)}개{isChecking ? ' (확인 중)' : ''}
      </h3>
      <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto font-mono text-xs">
        {all.slice(0, shownMax).map((problem, index) => (
          <li key={`${index}-${problem}`}>
            {onPick && /^sections\[\d+\]/.test(problem) ? (
              <button
                type="button"
                onClick={() => onPick(problem)}
                className="text-left underline decoration-rose-300/40 underline-offset-2 hover:decoration-rose-200"
              >
                {problem}
              </button>
            ) : (
              problem
            )}
          </li>
        ))}
      </ul>
      {all.length > shownMax && (
        <p className="mt-2 text-xs">외 {formatNumber(all.length - shownMax)}개</p>
      )}
    </section>
  );
}
