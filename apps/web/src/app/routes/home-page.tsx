import { ArrowRight, Armchair, Search, ShieldCheck, Timer, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { ConcertSearchResults } from '@/features/concerts/components/concert-search-results';
import { FeaturedConcerts } from '@/features/concerts/components/featured-concerts';

const searchPlaceholder = '콘서트나 아티스트를 검색하세요';

const highlights = [
  {
    icon: Timer,
    title: '공정한 대기열',
    text: '접속 순서대로 입장해 누구에게나 같은 기회를 드려요.',
  },
  {
    icon: Armchair,
    title: '실시간 좌석 선택',
    text: '다른 관객의 선택이 바로 반영되는 좌석 배치도.',
  },
  {
    icon: ShieldCheck,
    title: '안전한 결제',
    text: '좌석 선점 후 5분 안에 안전하게 결제를 마치세요.',
  },
] as const;

function HeroSearch({
  onSearch,
  onReset,
  hasSearch,
}: {
  onSearch: (query: string) => void;
  onReset: () => void;
  hasSearch: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const isBlank = keyword.trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank) return;
    onSearch(keyword.trim());
  };

  const reset = () => {
    setKeyword('');
    onReset();
  };

  return (
    <form role="search" onSubmit={submit} className="mx-auto mt-8 w-full max-w-2xl">
      <div className="flex items-center gap-2 rounded-2xl border border-white/10 bg-surface-900/80 p-2 shadow-2xl shadow-black/40 backdrop-blur focus-within:border-rose-400/60 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-400">
        <label htmlFor="home-search" className="sr-only">
          콘서트 검색
        </label>
        <Search className="ml-1 size-5 shrink-0 text-zinc-400 tablet:ml-2" aria-hidden />
        <input
          id="home-search"
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          // The placeholder is a size smaller on a phone so the spec's whole sentence fits at
          // 375 px; typed text stays 16 px (smaller makes iOS zoom in on focus).
          className="h-11 min-w-0 flex-1 bg-transparent text-base text-zinc-50 placeholder:text-sm placeholder:text-zinc-400 focus:outline-none tablet:placeholder:text-base [&::-webkit-search-cancel-button]:hidden"
        />
        {(keyword !== '' || hasSearch) && (
          <button
            type="button"
            onClick={reset}
            aria-label="검색 초기화"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-zinc-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
        <Button type="submit" disabled={isBlank} className="shrink-0 px-4 tablet:px-5">
          검색
        </Button>
      </div>
    </form>
  );
}

export function HomePage() {
  const [searchQuery, setSearchQuery] = useState<string | null>(null);

  return (
    <>
      <section className="relative isolate overflow-hidden border-b border-white/5">
        <div className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_20%_-10%,rgba(244,63,94,0.35),transparent_55%),radial-gradient(ellipse_at_85%_0%,rgba(168,85,247,0.28),transparent_50%),radial-gradient(ellipse_at_50%_120%,rgba(251,191,36,0.12),transparent_60%)]" />
        <div className="absolute inset-0 -z-10 bg-[linear-gradient(to_bottom,transparent,var(--color-surface-950))]" />
        <div className="mx-auto max-w-7xl px-4 pt-16 pb-14 text-center tablet:px-6 tablet:pt-24 tablet:pb-20 desktop:px-8">
          <p className="inline-flex items-center gap-2 rounded-full border border-rose-400/30 bg-rose-500/10 px-3 py-1 text-xs font-semibold text-rose-200">
            <span className="size-1.5 animate-pulse rounded-full bg-rose-400" aria-hidden />
            지금 예매 오픈
          </p>
          <h1 className="mt-5 text-3xl leading-tight font-extrabold tracking-tight text-white tablet:text-5xl desktop:text-6xl">
            오늘 밤, 무대의 주인공을
            <br />
            <span className="bg-gradient-to-r from-rose-400 via-fuchsia-400 to-amber-300 bg-clip-text text-transparent">
              가장 가까이에서
            </span>
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-base text-zinc-300 tablet:text-lg">
            좋아하는 아티스트의 콘서트를 찾고, 원하는 좌석을 직접 골라 예매하세요.
          </p>
          <HeroSearch
            onSearch={setSearchQuery}
            onReset={() => setSearchQuery(null)}
            hasSearch={searchQuery !== null}
          />
        </div>
      </section>

      <div className="mx-auto flex w-full max-w-7xl flex-col gap-14 px-4 py-12 tablet:px-6 desktop:px-8">
        {searchQuery !== null && (
          <section aria-labelledby="search-results-heading">
            <h2
              id="search-results-heading"
              className="mb-5 text-xl font-bold text-white tablet:text-2xl"
            >
              검색 결과
            </h2>
            <ConcertSearchResults query={searchQuery} />
          </section>
        )}

        <section aria-labelledby="featured-heading">
          <div className="mb-6 flex items-end justify-between gap-4">
            <div>
              <p className="text-sm font-semibold text-rose-300">인기 공연</p>
              <h2
                id="featured-heading"
                className="mt-1 text-xl font-bold text-white tablet:text-2xl"
              >
                지금 주목할 공연
              </h2>
            </div>
            <Link
              to="/concerts"
              className="hidden items-center gap-1 text-sm font-semibold text-zinc-300 hover:text-white tablet:inline-flex"
            >
              더보기
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
          <FeaturedConcerts />
          <div className="mt-8 flex justify-center">
            <Link to="/concerts" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              전체 콘서트 보기
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </section>

        <section
          aria-label="커튼콜 서비스 특징"
          className="grid grid-cols-1 gap-3 tablet:grid-cols-3 tablet:gap-5"
        >
          {highlights.map(({ icon: Icon, title, text }) => (
            <div
              key={title}
              className="flex gap-4 rounded-2xl border border-surface-700/70 bg-surface-900/60 p-5"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-rose-500/10 text-rose-300">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold text-zinc-50">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-zinc-400">{text}</p>
              </div>
            </div>
          ))}
        </section>
      </div>
    </>
  );
}
