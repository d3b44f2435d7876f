import {
  SOCIAL_ERROR_QUERY,
  SOCIAL_LINKED_QUERY,
  socialErrorMessages,
  socialErrorReasonSchema,
  socialMessages,
  socialProviderLabels,
  socialProviderSchema,
  type LinkedSocialAccount,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonStyles, Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { socialAuthorizationUrl } from '@/lib/social-login';
import { getErrorMessage } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { useSocialAccounts, useUnlinkSocialAccount } from '../api/social-accounts';

/** What the OAuth callback said when it sent the browser back here (`?linked=` / `?socialError=`). */
function useLinkOutcome(): { kind: 'success' | 'error'; message: string } | null {
  const [searchParams] = useSearchParams();
  const linked = socialProviderSchema.safeParse(searchParams.get(SOCIAL_LINKED_QUERY));
  if (linked.success) return { kind: 'success', message: socialMessages.linked(linked.data) };
  const failed = socialErrorReasonSchema.safeParse(searchParams.get(SOCIAL_ERROR_QUERY));
  if (failed.success) return { kind: 'error', message: socialErrorMessages[failed.data] };
  return null;
}

function AccountRow({ account, canUnlink }: { account: LinkedSocialAccount; canUnlink: boolean }) {
  const hintId = useId();
  const unlink = useUnlinkSocialAccount();
  const label = socialProviderLabels[account.provider];
  let action;
  if (account.linked) {
    action = (
      <Button
        variant="outline"
        size="sm"
        disabled={unlink.isPending}
        aria-label={`${label} 연결 해제`}
        onClick={() =>
          unlink.mutate(account.provider, {
            onSuccess: (message) =>
              toast.success(message ?? socialMessages.unlinked(account.provider)),
            onError: (error) => toast.error(getErrorMessage(error)),
          })
        }
      >
        연결 해제
      </Button>
    );
  } else if (account.enabled) {
    action = (
      <a
        href={socialAuthorizationUrl(account.provider, 'link')}
        aria-label={`${label} 계정 연결하기`}
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        연결하기
      </a>
    );
  } else {
    action = (
      <Button variant="outline" size="sm" disabled aria-describedby={hintId}>
        연결하기
      </Button>
    );
  }
  return (
    <li
      data-provider={account.provider}
      className="flex flex-wrap items-center gap-3 border-t border-surface-700/60 py-3 first:border-t-0"
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-zinc-100">{label}</span>
        {account.linked ? (
          <span className="truncate text-sm text-emerald-300">
            연결됨{account.email ? ` · ${account.email}` : ''}
            {account.linkedAt ? ` · ${formatShortDate(account.linkedAt)}` : ''}
          </span>
        ) : (
          <span className="text-sm text-zinc-400">연결되지 않음</span>
        )}
        {!account.linked && !account.enabled && (
          <span id={hintId} className="mt-0.5 text-xs text-amber-200/90">
            {socialMessages.disabledHint(account.provider)}
          </span>
        )}
        {account.linked && !canUnlink && (
          <span className="mt-0.5 text-xs text-zinc-400">
            마지막 로그인 수단이라 연결을 해제할 수 없습니다.
          </span>
        )}
      </div>
      {action}
    </li>
  );
}

/**
 * 소셜 계정 연결 (buyer-side §2 my page, product-rules §10): which providers are linked, link
 * one (a navigation to the provider, back to this page), unlink one. The server refuses to
 * unlink a password-less account's last provider (409 A012); the page says so beforehand too.
 */
export function LinkedAccountsPanel() {
  const titleId = useId();
  const accounts = useSocialAccounts();
  const outcome = useLinkOutcome();
  const [outcomeDismissed, setOutcomeDismissed] = useState(false);
  const linkedCount = accounts.data?.accounts.filter((a) => a.linked).length ?? 0;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-6"
      onClickCapture={() => setOutcomeDismissed(true)}
    >
      <h2 id={titleId} className="mb-1 flex items-center gap-2 font-semibold text-zinc-100">
        <Link2 className="size-5 text-zinc-400" aria-hidden />
        소셜 계정 연결
      </h2>
      <p className="mb-3 text-sm text-zinc-400">연결한 계정으로도 로그인할 수 있습니다.</p>
      {outcome && !outcomeDismissed && (
        <p
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          className={clsx(
            'mb-3 flex items-start gap-2 rounded-xl border px-3 py-2 text-sm',
            outcome.kind === 'error'
              ? 'border-rose-400/40 bg-rose-500/10 text-rose-100'
              : 'border-emerald-400/40 bg-emerald-500/10 text-emerald-100',
          )}
        >
          {outcome.kind === 'error' ? (
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          )}
          {outcome.message}
        </p>
      )}
      {accounts.isError && (
        <p role="alert" className="text-sm text-rose-200">
          {getErrorMessage(accounts.error, '연결된 소셜 계정을 불러오지 못했습니다.')}
        </p>
      )}
      {accounts.data && (
        <ul aria-label="소셜 계정 목록">
          {accounts.data.accounts.map((account) => (
            <AccountRow
              key={account.provider}
              account={account}
              canUnlink={accounts.data.hasPassword || linkedCount > 1}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
