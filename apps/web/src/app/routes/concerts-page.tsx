import { ConcertCatalog } from '@/features/concerts/components/concert-catalog';

/** /concerts, 모든 콘서트 (buyer-side.md §2). */
export function ConcertsPage() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-8 pb-16 tablet:px-6 tablet:pt-12 desktop:px-8">
      <header className="mb-6 tablet:mb-8">
        <p className="text-sm font-semibold text-rose-300">공연 둘러보기</p>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-white tablet:text-4xl">
          모든 콘서트
        </h1>
        <p className="mt-2 text-sm text-zinc-400 tablet:text-base">
          공연명, 아티스트, 공연장으로 찾고 원하는 기간의 공연만 골라보세요.
        </p>
      </header>
      <ConcertCatalog />
    </div>
  );
}
