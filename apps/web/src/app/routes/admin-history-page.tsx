import { useSearchParams } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { HistoryBrowser } from '@/features/admin/components/history-browser';
import { parseHistorySearch, toHistorySearchParams } from '@/features/admin/utils/history-params';

/** /admin/history: the state lives in the URL (userId, userNickname, keyword, page, size, typeFilter). */
export function AdminHistoryPage() {
  const [params, setParams] = useSearchParams();
  const search = parseHistorySearch(params);
  return (
    <ConsolePage
      title="승인 이력"
      description="판매자 신청, 승인, 반려, 철회, 강제 해제의 모든 기록입니다."
    >
      {/* A new URL (a link from the dashboard) starts the search box from that URL. */}
      <HistoryBrowser
        key={`${search.userId ?? ''}|${search.keyword ?? ''}`}
        search={search}
        onSearchChange={(next) => setParams(toHistorySearchParams(next))}
      />
    </ConsolePage>
  );
}
