import { mypageMessages } from '@curtaincall/contracts';
import { LogOut, MonitorSmartphone, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { useLogoutEverywhere } from '../api/logout-everywhere';

export const logoutEverywhereTexts = {
  title: '로그인 기기 관리',
  description:
    '공용 PC에서 로그아웃하지 않았거나 휴대폰을 잃어버렸다면, 로그인된 모든 기기에서 한 번에 로그아웃하세요.',
  button: '모든 기기에서 로그아웃',
  dialogTitle: '모든 기기에서 로그아웃할까요?',
  dialogBody:
    '지금 사용 중인 이 기기를 포함해 로그인된 모든 기기(PC, 휴대폰, 태블릿)에서 로그아웃됩니다. 이후 다시 로그인해야 하며, 로그인했던 기기로 기억된 정보도 모두 지워집니다.',
  confirm: '모두 로그아웃',
  cancel: '취소',
  failed: '모든 기기에서 로그아웃하지 못했습니다. 잠시 후 다시 시도해주세요.',
} as const;

/**
 * 모든 기기에서 로그아웃 on my page: a confirmation dialog, then the server ends every session of
 * the account (this one included) and the browser goes to the login page.
 */
export function LogoutEverywherePanel({
  onLoggedOut,
}: {
  /** This browser's session is gone too: forget the logged-in user (the app's session state). */
  onLoggedOut?: (() => void) | undefined;
}) {
  const titleId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logoutEverywhere = useLogoutEverywhere();
  const navigate = useNavigate();

  const close = () => {
    if (logoutEverywhere.isPending) return;
    setIsConfirming(false);
    setError(null);
  };

  const confirm = () => {
    setError(null);
    logoutEverywhere.mutate(undefined, {
      onSuccess: (message) => {
        toast.success(message ?? mypageMessages.loggedOutEverywhere);
        onLoggedOut?.();
        void navigate('/login', { replace: true });
      },
      onError: (failure) => setError(getErrorMessage(failure, logoutEverywhereTexts.failed)),
    });
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-6"
    >
      <h2 id={titleId} className="mb-1 flex items-center gap-2 font-semibold text-zinc-100">
        <MonitorSmartphone className="size-5 text-zinc-400" aria-hidden />
        {logoutEverywhereTexts.title}
      </h2>
      <div className="flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
        <p className="text-sm text-zinc-400">{logoutEverywhereTexts.description}</p>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start tablet:self-auto"
          onClick={() => setIsConfirming(true)}
        >
          <LogOut className="size-4" aria-hidden />
          {logoutEverywhereTexts.button}
        </Button>
      </div>
      <Modal
        isOpen={isConfirming}
        onClose={close}
        size="small"
        title={logoutEverywhereTexts.dialogTitle}
        footer={
          <>
            {/* Focus starts on the harmless choice: Enter alone must not log everything out. */}
            <Button
              variant="ghost"
              onClick={close}
              disabled={logoutEverywhere.isPending}
              data-autofocus
            >
              {logoutEverywhereTexts.cancel}
            </Button>
            <Button onClick={confirm} isLoading={logoutEverywhere.isPending}>
              {logoutEverywhereTexts.confirm}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <p className="flex items-start gap-2 rounded-xl border border-amber-400/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {logoutEverywhereTexts.dialogBody}
          </p>
          {error && (
            <p role="alert" className="text-sm text-rose-300">
              {error}
            </p>
          )}
        </div>
      </Modal>
    </section>
  );
}
