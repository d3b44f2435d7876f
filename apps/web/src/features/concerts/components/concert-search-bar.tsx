import { Search, X } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';

export const catalogSearchPlaceholder = '콘서트나 아티스트를 검색하세요';

interface ConcertSearchBarProps {
  /** The search in effect (from the URL). */
  activeQuery: string | undefined;
  onSearch: (query: string) => void;
  onClear: () => void;
}

/**
 * The all-concerts search bar (buyer-side.md §2): Enter or the button searches, Escape and the
 * clear button clear, and an empty input just takes the focus back.
 */
export function ConcertSearchBar({ activeQuery, onSearch, onClear }: ConcertSearchBarProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [keyword, setKeyword] = useState(activeQuery ?? '');
  const [shownQuery, setShownQuery] = useState(activeQuery);

  // The URL can change under the bar (전체 보기, back button): the field follows it.
  if (shownQuery !== activeQuery) {
    setShownQuery(activeQuery);
    setKeyword(activeQuery ?? '');
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (!trimmed) {
      setKeyword('');
      inputRef.current?.focus();
      return;
    }
    onSearch(trimmed);
  };

  const clear = () => {
    setKeyword('');
    if (activeQuery) onClear();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    }
  };

  return (
    <form role="search" onSubmit={submit} className="w-full">
      <div className="flex items-center gap-2 rounded-2xl border border-surface-700 bg-surface-900 p-1.5 pl-4 transition-colors focus-within:border-rose-400/70 focus-within:ring-2 focus-within:ring-rose-500/20">
        <Search className="size-5 shrink-0 text-zinc-400" aria-hidden />
        <label htmlFor="catalog-search" className="sr-only">
          콘서트 검색
        </label>
        <input
          ref={inputRef}
          id="catalog-search"
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={catalogSearchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="h-11 min-w-0 flex-1 bg-transparent text-base text-zinc-50 placeholder:text-zinc-400 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {(keyword !== '' || activeQuery) && (
          <button
            type="button"
            onClick={clear}
            aria-label="검색어 지우기"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-zinc-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
        <Button type="submit" className="shrink-0 px-5">
          검색
        </Button>
      </div>
    </form>
  );
}
