import { Inbox, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConsoleCard, ConsolePage } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { ErrorState, EmptyState } from '@/components/ui/state-panel';
import { Spinner } from '@/components/ui/spinner';
import { useMailOutbox } from '@/features/account-email/api/account-email';
import { MailOutboxList } from '@/features/account-email/components/mail-outbox-list';

/**
 * /admin/mail-outbox (메일 발신함): the mail the embedded mailer kept instead of sending
 * (no SMTP_URL), newest first, so a demo can open a verification or reset link.
 */
export function AdminMailOutboxPage() {
  const [query, setQuery] = useState('');
  const [to, setTo] = useState('');
  const outbox = useMailOutbox(to);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setTo(query.trim());
  };
  return (
    <ConsolePage
      title="메일 발신함"
      description="SMTP 서버 없이 보관된 계정 메일(이메일 인증, 아이디 찾기, 비밀번호 재설정)을 최신순으로 보여줍니다."
    >
      <ConsoleCard>
        <form role="search" onSubmit={onSearch} className="mb-4 flex items-end gap-2">
          <label className="flex flex-1 flex-col gap-1.5 text-sm font-medium text-zinc-200">
            받는 사람으로 찾기
            <span className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
                aria-hidden
              />
              <input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="이메일 주소 일부"
                maxLength={255}
                className="h-11 w-full rounded-xl border border-surface-700 bg-surface-900 pr-3 pl-9 text-base text-zinc-50 placeholder:text-zinc-400 focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none"
              />
            </span>
          </label>
          <Button type="submit" variant="secondary">
            찾기
          </Button>
        </form>
        {outbox.isPending && (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        )}
        {outbox.isError && (
          <ErrorState
            title="메일 발신함을 불러오지 못했습니다."
            onRetry={() => void outbox.refetch()}
            isRetrying={outbox.isFetching}
          />
        )}
        {outbox.data?.delivery === 'smtp' && (
          <EmptyState
            icon={Inbox}
            title="메일이 SMTP 서버로 발송되고 있습니다."
            description="SMTP_URL이 설정되어 있어 보관된 메일이 없습니다."
          />
        )}
        {outbox.data?.delivery === 'outbox' &&
          (outbox.data.mails.length === 0 ? (
            <EmptyState icon={Inbox} title="보관된 메일이 없습니다." />
          ) : (
            <MailOutboxList mails={outbox.data.mails} />
          ))}
      </ConsoleCard>
    </ConsolePage>
  );
}
