import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import { useApprovalHistory } from '../api/get-approval-history';
import { adminTexts } from '../utils/admin-texts';
import { historySearchPath } from '../utils/history-params';
import { HistoryTypeBadge } from './history-entry-list';

/** Quick search sends size=10 (api-contract.md §12). */
const quickSearchSize = 10;

function SearchResults({ keyword, onNavigate }: { keyword: string; onNavigate: () => void }) {
  const results = useApprovalHistory({ page: 0, size: quickSearchSize, keyword });
  if (results.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="검색 중입니다" />
      </div>
    );
  }
  if (results.isError) {
    return (
      <ErrorState
        compact
        title={adminTexts.searchFailed}
        description={results.error.message}
        onRetry={() => void results.refetch()}
        isRetrying={results.isFetching}
      />
    );
  }
  if (results.data.content.length === 0) {
    return <p className="py-6 text-center text-zinc-300">{adminTexts.noSearchResults}</p>;
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="검색 결과">
      {results.data.content.map((entry) => (
        <li key={entry.id}>
          <Link
            to={historySearchPath({ userId: entry.userId, userNickname: entry.userNickname })}
            onClick={onNavigate}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-surface-700 px-4 py-3 hover:border-rose-400/50 hover:bg-surface-850"
          >
            <span className="min-w-0">
              <span className="font-semibold text-white">{entry.userNickname}</span>
              <span className="ml-1 text-xs text-zinc-400">
                ({entry.username}) · ID {entry.userId}
              </span>
            </span>
            <span className="flex items-center gap-2">
              <HistoryTypeBadge type={entry.type} />
              <span className="text-xs text-zinc-400">{formatDateTime(entry.createdAt)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's seller quick search: a keyword over the history (required). */
export function SellerSearchModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setText('');
    setKeyword(null);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(adminTexts.keywordRequired);
      setKeyword(null);
      return;
    }
    setError(null);
    setKeyword(trimmed);
  };

  return (
    <Modal isOpen={isOpen} onClose={close} title="판매자 빠른 검색" size="large">
      <div className="flex flex-col gap-4">
        <form role="search" onSubmit={submit} noValidate className="flex items-start gap-2">
          <TextField
            className="flex-1"
            label="검색어"
            type="search"
            value={text}
            maxLength={100}
            data-autofocus
            placeholder="아이디, 닉네임, 업체명, 사업자번호"
            onChange={(event) => setText(event.target.value)}
            error={error ?? undefined}
          />
          <Button type="submit" className="mt-[1.625rem] h-12">
            <Search className="size-4" aria-hidden />
            검색
          </Button>
        </form>
        {keyword && <SearchResults keyword={keyword} onNavigate={close} />}
      </div>
    </Modal>
  );
}
