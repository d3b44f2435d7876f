import { sellerMessages, type SellerApplication } from '@curtaincall/contracts';
import { Check, FileText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { InfoRow } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast-store';
import { formatBusinessNumber, formatPhone } from '@/lib/business-format';
import { formatDateTime } from '@/lib/format';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/form-errors';
import { useDecideApplication } from '../api/decide-application';
import { usePendingApplications } from '../api/get-pending-applications';
import { actionErrorMessage, adminTexts } from '../utils/admin-texts';
import { ApplicantFlags } from './applicant-flags';

interface NextPendingModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Reopened after the document viewer: focus goes back to '사업자등록증 보기'. */
  isReturningFromDocument?: boolean;
  onViewDocument: (application: SellerApplication) => void;
}

function NextPendingForm({
  application,
  headingRef,
  focusDocumentButton,
  reason,
  setReason,
  onDecided,
  onViewDocument,
}: {
  application: SellerApplication;
  /** After a decision the next applicant's name takes the focus, so the admin hears who. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Back from the document viewer: the focus returns to '사업자등록증 보기'. */
  focusDocumentButton: boolean;
  /** The typed reason lives above, so it survives a look at the document. */
  reason: string;
  setReason: (reason: string) => void;
  onDecided: (application: SellerApplication, approved: boolean) => void;
  onViewDocument: (application: SellerApplication) => void;
}) {
  /** A problem with the reason itself: shown under the field, which takes the focus. */
  const [reasonError, setReasonError] = useState<string | null>(null);
  /** Any other failure (another admin decided first, the network): under the buttons. */
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideApplication();
  const errorId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLDivElement>();

  const submit = (approve: boolean) => {
    if (!approve && !reason.trim()) {
      setReasonError(sellerMessages.rejectReasonRequired);
      setError(null);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    setError(null);
    // The promise, not mutate's callbacks: the refetched list may replace this applicant (and
    // unmount this form) before the call settles, and the result must still be announced.
    decide
      .mutateAsync(
        approve
          ? { userId: application.userId, approve: true }
          : { userId: application.userId, approve: false, reason },
      )
      .then(
        () => onDecided(application, approve),
        // Failures stay inside the modal (seller-admin-side.md §8): the reason's under its field.
        (failure: unknown) => {
          const fieldMessage = serverFieldErrors(failure).reason;
          if (fieldMessage) {
            setReasonError(fieldMessage);
            focusFirstInvalid();
          } else {
            setError(actionErrorMessage(failure, adminTexts.processFailed));
          }
        },
      );
  };

  return (
    <div ref={containerRef} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-white focus:outline-none"
          data-testid="next-applicant"
        >
          {application.userNickname}{' '}
          <span className="text-sm font-normal text-zinc-400">({application.username})</span>
        </h3>
        <ApplicantFlags
          reapplicant={application.reapplicant}
          everRevoked={application.everRevoked}
        />
      </div>
      <dl>
        <InfoRow label="업체명">{application.companyName}</InfoRow>
        <InfoRow label="사업자등록번호">{formatBusinessNumber(application.businessNumber)}</InfoRow>
        <InfoRow label="대표자">
          {application.representativeName} · {formatPhone(application.representativePhone)}
        </InfoRow>
        <InfoRow label="신청일">{formatDateTime(application.createdAt)}</InfoRow>
      </dl>
      {application.uploadedFileUrl && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          data-autofocus={focusDocumentButton || undefined}
          onClick={() => onViewDocument(application)}
        >
          <FileText className="size-4" aria-hidden />
          사업자등록증 보기
        </Button>
      )}
      <TextAreaField
        ref={reasonRef}
        label="반려 사유 (반려 시 필수)"
        rows={3}
        maxLength={255}
        value={reason}
        error={reasonError ?? undefined}
        onChange={(event) => {
          setReason(event.target.value);
          if (reasonError) setReasonError(null);
        }}
      />
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => submit(false)}
          disabled={decide.isPending}
          aria-describedby={error ? errorId : undefined}
        >
          <X className="size-4" aria-hidden />
          반려
        </Button>
        <Button
          onClick={() => submit(true)}
          isLoading={decide.isPending}
          aria-describedby={error ? errorId : undefined}
        >
          <Check className="size-4" aria-hidden />
          승인
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the status line says after a decision. */
export function decisionAnnouncement(
  application: SellerApplication,
  approved: boolean,
  remaining: number,
): string {
  const done = `${application.userNickname}(${application.username})님의 신청을 ${approved ? '승인' : '반려'}했습니다.`;
  return remaining > 0
    ? `${done} 다음 신청을 표시합니다. (남은 대기 ${remaining}건)`
    : `${done} 남은 대기 신청이 없습니다.`;
}

/**
 * 'Process the next pending application': the oldest SUBMITTED one, decided in place. After
 * 승인/반려 the dialog stays: a status line says what was done (read out by screen readers) and
 * the next applicant's name takes the focus, or the empty list's line when none remain.
 */
export function NextPendingModal({
  isOpen,
  onClose,
  isReturningFromDocument = false,
  onViewDocument,
}: NextPendingModalProps) {
  const pending = usePendingApplications();
  const [decidedIds, setDecidedIds] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [draft, setDraft] = useState<{ applicationId: number; reason: string } | null>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Bumped by each decision: the focus then moves to the next applicant or the empty line. */
  const [focusRequest, setFocusRequest] = useState(0);
  // Until the list is fetched again, the applications just decided are skipped.
  const remaining = (pending.data ?? []).filter((a) => !decidedIds.has(a.applicationId));
  const next = remaining[0];
  const reason = next && draft?.applicationId === next.applicationId ? draft.reason : '';

  // Closed by the admin (not hidden for the document viewer): the next opening starts afresh.
  const close = () => {
    setAnnouncement('');
    setDraft(null);
    onClose();
  };

  useEffect(() => {
    if (focusRequest === 0) return;
    (headingRef.current ?? emptyRef.current)?.focus();
  }, [focusRequest]);

  const onDecided = (application: SellerApplication, approved: boolean) => {
    toast.success(approved ? adminTexts.approvedToast : adminTexts.rejectedToast);
    setDecidedIds((ids) => new Set(ids).add(application.applicationId));
    setAnnouncement(decisionAnnouncement(application, approved, remaining.length - 1));
    setDraft(null);
    setFocusRequest((n) => n + 1);
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="다음 대기 신청 처리"
      hasUnsavedChanges={reason.trim() !== ''}
    >
      <p
        role="status"
        aria-live="polite"
        data-testid="decision-status"
        className={
          announcement
            ? 'mb-4 rounded-xl border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100'
            : 'sr-only'
        }
      >
        {announcement}
      </p>
      {pending.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="대기 신청을 불러오는 중입니다" />
        </div>
      ) : pending.isError ? (
        <ErrorState
          compact
          title={adminTexts.nextPendingLoadFailed}
          description={pending.error.message}
          onRetry={() => void pending.refetch()}
          isRetrying={pending.isFetching}
        />
      ) : next ? (
        <NextPendingForm
          key={next.applicationId}
          application={next}
          headingRef={headingRef}
          focusDocumentButton={isReturningFromDocument}
          reason={reason}
          setReason={(text) => setDraft({ applicationId: next.applicationId, reason: text })}
          onDecided={onDecided}
          onViewDocument={onViewDocument}
        />
      ) : (
        <p
          ref={emptyRef}
          tabIndex={-1}
          className="py-6 text-center text-zinc-300 focus:outline-none"
        >
          {adminTexts.noPending}
        </p>
      )}
    </Modal>
  );
}
