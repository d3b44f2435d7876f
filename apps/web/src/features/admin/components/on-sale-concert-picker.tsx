import { concertStatusLabels, type OnSaleConcert } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, ConsoleCard } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useOnSaleConcerts } from '@/features/admin/api/get-on-sale';
import { formatConcertDate } from '@/lib/format';

/** Chooses the concert to watch: on-sale concerts first, searchable by title or artist. */
export function OnSaleConcertPicker({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (concertId: number) => void;
}) {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const concerts = useOnSaleConcerts(keyword);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(text.trim());
  };

  return (
    <ConsoleCard title="공연 선택">
      <form role="search" aria-label="공연 검색" onSubmit={submit} className="mb-4 flex gap-2">
        <label htmlFor="on-sale-search" className="sr-only">
          공연명 또는 아티스트
        </label>
        <input
          id="on-sale-search"
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          placeholder="공연명 또는 아티스트"
          className="h-11 min-w-0 flex-1 rounded-xl border border-surface-700 bg-surface-900 px-4 text-sm text-zinc-50 placeholder:text-zinc-400 focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none"
        />
        <Button type="submit" variant="outline" size="sm" className="h-11">
          <Search className="size-4" aria-hidden />
          검색
        </Button>
      </form>
      {concerts.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : concerts.isError ? (
        <ErrorState
          compact
          title="공연 목록을 불러오지 못했습니다."
          description={concerts.error.message}
          onRetry={() => void concerts.refetch()}
          isRetrying={concerts.isFetching}
        />
      ) : concerts.data.length === 0 ? (
        <EmptyState
          icon={Search}
          title={
            keyword
              ? `'${keyword}'에 맞는 공연이 없습니다.`
              : '판매 예정이거나 판매 중인 공연이 없습니다.'
          }
        />
      ) : (
        <ul aria-label="공연 목록" className="flex max-h-[28rem] flex-col gap-1.5 overflow-y-auto">
          {concerts.data.map((concert) => (
            <li key={concert.concertId}>
              <ConcertOption
                concert={concert}
                selected={concert.concertId === selectedId}
                onSelect={onSelect}
              />
            </li>
          ))}
        </ul>
      )}
    </ConsoleCard>
  );
}

function ConcertOption({
  concert,
  selected,
  onSelect,
}: {
  concert: OnSaleConcert;
  selected: boolean;
  onSelect: (concertId: number) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(concert.concertId)}
      className={clsx(
        'flex w-full items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-left transition-colors',
        selected
          ? 'bg-rose-500/15 ring-1 ring-rose-400/40'
          : 'hover:bg-white/5 focus-visible:bg-white/5',
      )}
    >
      <span className="min-w-0">
        <span className="block truncate font-semibold text-zinc-100">{concert.title}</span>
        <span className="block truncate text-xs text-zinc-400">
          {concert.artist} · {formatConcertDate(concert.concertDate)}
        </span>
      </span>
      <Badge tone={concert.status === 'ON_SALE' ? 'success' : 'neutral'}>
        {concertStatusLabels[concert.status]}
      </Badge>
    </button>
  );
}
