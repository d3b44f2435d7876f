import type { SellerStatus } from '@curtaincall/contracts';
import { FileCheck2, FileUp, Info } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonStyles } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/form-errors';
import { useApplicantInfo } from '../api/get-applicant-info';
import { useApplyForSeller } from '../api/apply-for-seller';
import {
  checkDocument,
  documentAccept,
  draftFromStatus,
  validateApplication,
  type ApplicationDraft,
  type ApplicationErrors,
  type ApplicationField,
} from '../utils/application-form';
import {
  businessNumberLength,
  digitsOnly,
  formatBusinessNumber,
  formatPhone,
  phoneMaxLength,
} from '@/lib/business-format';
import { sellerTexts } from '../utils/seller-status-texts';

interface SellerApplicationFormProps {
  /** The caller's status; a re-application pre-fills from it and may reuse its document. */
  status: SellerStatus;
  onSubmitted: (message: string) => void;
}

const fieldOrder: ApplicationField[] = [
  'companyName',
  'businessNumber',
  'representativeName',
  'representativePhone',
  'document',
];

/** The message of a failed application: the server's text for a refusal, else the fallback. */
function applyErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return sellerTexts.applyFailed;
}

/**
 * The seller application (seller-admin-side.md §2, §5): company, business number (3-2-5),
 * representative and phone (grouped), the licence file, and the same-as-applicant checkbox.
 * Number fields keep digits only; what is shown is grouped with hyphens.
 */
export function SellerApplicationForm({ status, onSubmitted }: SellerApplicationFormProps) {
  const isReapplication = status.approvalStatus !== null;
  const previousDocumentUrl = isReapplication ? status.uploadedFileUrl : null;
  const [draft, setDraft] = useState<ApplicationDraft>(() =>
    isReapplication ? draftFromStatus(status) : draftFromStatus(undefined),
  );
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sameAsApplicant, setSameAsApplicant] = useState(false);
  const applicant = useApplicantInfo();
  const apply = useApplyForSeller();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const formErrorId = useId();
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const setField = (field: keyof ApplicationDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const toggleSameAsApplicant = (checked: boolean) => {
    setSameAsApplicant(checked);
    if (checked && applicant.data) {
      setDraft((current) => ({
        ...current,
        representativeName: applicant.data.name,
        representativePhone: digitsOnly(applicant.data.phone, phoneMaxLength),
      }));
      setErrors((current) => ({
        ...current,
        representativeName: undefined,
        representativePhone: undefined,
      }));
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const { body, errors: found } = validateApplication(draft, document, !!previousDocumentUrl);
    setErrors(found);
    if (!body) {
      // The first field with a problem takes the focus, so its message is read out.
      const first = fieldOrder.find((field) => found[field]);
      const element = first ? event.currentTarget.elements.namedItem(first) : null;
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    apply.mutate(
      { body, document },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          // A refused file (a renamed .txt) or another field the server names shows under that
          // field, which takes the focus; anything else is the form's error line.
          const byField = serverFieldErrors(error);
          const named = fieldOrder.filter((field) => byField[field] !== undefined);
          if (named.length === 0) {
            setFormError(applyErrorMessage(error));
            return;
          }
          setErrors((current) => ({
            ...current,
            ...Object.fromEntries(named.map((field) => [field, byField[field]])),
          }));
          focusFirstInvalid();
        },
      },
    );
  };

  const usesApplicant = sameAsApplicant && !!applicant.data;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-6"
      aria-describedby={formError ? formErrorId : undefined}
    >
      <p className="flex items-start gap-2 rounded-xl border border-sky-400/30 bg-sky-500/10 px-4 py-3 text-sm text-sky-100">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {sellerTexts.reviewGuidance} 심사 결과는 판매자 신청 현황 페이지에서 확인할 수 있습니다.
        </span>
      </p>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-bold text-white">사업자 정보</legend>
        <TextField
          label="업체명"
          name="companyName"
          value={draft.companyName}
          maxLength={100}
          autoComplete="organization"
          onChange={(event) => setField('companyName', event.target.value)}
          error={errors.companyName}
        />
        <TextField
          label="사업자등록번호"
          name="businessNumber"
          inputMode="numeric"
          placeholder="123-45-67890"
          hint="숫자 10자리 (하이픈은 자동으로 입력됩니다)"
          value={formatBusinessNumber(draft.businessNumber)}
          onChange={(event) =>
            setField('businessNumber', digitsOnly(event.target.value, businessNumberLength))
          }
          error={errors.businessNumber}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-bold text-white">대표자 정보</legend>
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-surface-700 bg-surface-900/60 px-4 py-3 text-sm text-zinc-200">
          <input
            type="checkbox"
            className="size-5 shrink-0 cursor-pointer accent-rose-500"
            checked={sameAsApplicant}
            disabled={!applicant.data}
            onChange={(event) => toggleSameAsApplicant(event.target.checked)}
          />
          <span>
            신청자 정보와 동일
            {applicant.data && (
              <span className="ml-1 text-zinc-400">
                ({applicant.data.name}, {formatPhone(applicant.data.phone)})
              </span>
            )}
          </span>
        </label>
        <TextField
          label="대표자명"
          name="representativeName"
          value={draft.representativeName}
          maxLength={50}
          autoComplete="name"
          readOnly={usesApplicant}
          onChange={(event) => setField('representativeName', event.target.value)}
          error={errors.representativeName}
        />
        <TextField
          label="대표자 연락처"
          name="representativePhone"
          type="tel"
          inputMode="numeric"
          placeholder="010-1234-5678"
          hint="0으로 시작하는 숫자 10~11자리"
          autoComplete="tel"
          readOnly={usesApplicant}
          value={formatPhone(draft.representativePhone)}
          onChange={(event) =>
            setField('representativePhone', digitsOnly(event.target.value, phoneMaxLength))
          }
          error={errors.representativePhone}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-base font-bold text-white">사업자등록증</legend>
        {previousDocumentUrl && (
          <div className="flex flex-col gap-2 rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100 tablet:flex-row tablet:items-center tablet:justify-between">
            <span className="flex items-center gap-2">
              <FileCheck2 className="size-4 shrink-0" aria-hidden />
              이전에 제출한 사업자등록증이 있습니다. 새 파일을 올리지 않으면 그대로 사용됩니다.
            </span>
            <a
              href={previousDocumentUrl}
              target="_blank"
              rel="noreferrer"
              className="shrink-0 font-semibold text-emerald-200 underline underline-offset-4"
            >
              이전 서류 보기
            </a>
          </div>
        )}
        <label htmlFor={fileInputId} className="text-sm font-medium text-zinc-200">
          사업자등록증 파일
          <span className="ml-1 text-xs font-normal text-zinc-400">
            {previousDocumentUrl ? '(선택)' : '(필수)'}
          </span>
        </label>
        <div className="flex flex-col gap-2 tablet:flex-row tablet:items-center">
          <input
            ref={fileInputRef}
            id={fileInputId}
            type="file"
            name="document"
            accept={documentAccept}
            aria-invalid={errors.document ? true : undefined}
            aria-describedby={[fileHintId, errors.document ? fileErrorId : null]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setDocument(file);
              setErrors((current) => ({
                ...current,
                document: file ? (checkDocument(file) ?? undefined) : undefined,
              }));
            }}
            // The browser's own button speaks the browser's language ("Choose File"); ours is
            // Korean, drawn by the label below, and the input stays reachable by keyboard.
            className="peer sr-only"
          />
          <label
            htmlFor={fileInputId}
            aria-hidden
            className={`${buttonStyles({ variant: 'outline', size: 'sm' })} cursor-pointer self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-400 tablet:self-auto`}
          >
            <FileUp className="size-4" aria-hidden />
            파일 선택
          </label>
          <span className="min-w-0 truncate text-sm text-zinc-300">
            {document ? document.name : '선택된 파일 없음'}
          </span>
          {document && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDocument(null);
                setErrors((current) => ({ ...current, document: undefined }));
                if (fileInputRef.current) fileInputRef.current.value = '';
              }}
            >
              파일 선택 취소
            </Button>
          )}
        </div>
        <p id={fileHintId} className="flex items-center gap-1.5 text-xs text-zinc-400">
          <FileUp className="size-3.5" aria-hidden />
          PDF, JPG, PNG, WEBP 파일 (최대 10MB)
        </p>
        {errors.document && (
          <p id={fileErrorId} className="text-sm text-rose-300">
            {errors.document}
          </p>
        )}
      </fieldset>

      {formError && (
        <p
          id={formErrorId}
          role="alert"
          className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
        >
          {formError}
        </p>
      )}

      <Button type="submit" size="lg" fullWidth isLoading={apply.isPending}>
        {isReapplication ? '판매자 권한 재신청' : '판매자 권한 신청'}
      </Button>
    </form>
  );
}
