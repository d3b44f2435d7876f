import {
  concertStatusLabels,
  concertStatusSchema,
  isAllowedStatusChange,
  type ConcertStatus,
  type SellerConcert,
} from '@curtaincall/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Button } from '@/components/ui/button';
import { CharCounter } from '@/components/ui/char-counter';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { isApiError, timeoutErrorMessage } from '@/lib/api-client';
import { todayInSeoul } from '@/lib/dates';
import {
  createConcert,
  invalidateConcertViews,
  updateConcert,
  uploadPoster,
  type ConcertCreatePayload,
  type SavedConcert,
} from '../api/seller-concerts-api';
import {
  checkPosterFile,
  concertFieldOrder,
  draftFromConcert,
  emptyConcertDraft,
  errorsFromServer,
  isDraftChanged,
  validateConcertDraft,
  type ConcertDraft,
  type ConcertErrors,
  type ConcertField,
} from '../utils/concert-form';
import {
  discardUnusedUploads,
  rollbackPosterUploads,
  type PosterRollbackTarget,
} from '../utils/poster-rollback';
import { sellerConcertTexts } from '../utils/seller-concert-texts';

import { PosterField } from './poster-field';

/** A saved form shows its message this long before it closes (seller-admin-side.md §4, §9). */
export const formCloseDelayMs = 1500;

/**
 * Where a new concert's seats come from when not the quick plan (issue 25), given by the page:
 * the form draws `render` in 예매 설정 and sends `fields` in place of `totalSeats`.
 */
export interface SeatSourceChoice {
  /** The quick plan chosen: the form asks for the seat count, as the spec's form does. */
  isQuickPlan: boolean;
  /** The body fields that replace `totalSeats` (`venueId`…, `seatLayout`), or null: quick plan. */
  fields: Record<string, unknown> | null;
  /** Why the choice cannot be sent yet (no venue chosen, a layout with problems), or null. */
  problem: string | null;
  /** The chooser, with the layout problems of the last refused save. */
  render: (layoutProblems: string[]) => ReactNode;
}

export interface ConcertFormHandle {
  /** Closes the form, asking first when there are unsaved changes or uploads. */
  requestClose: () => void;
}

interface ConcertFormProps {
  sellerId: number;
  /** Edit mode when given. */
  concert?: SellerConcert | undefined;
  /** Called after a save, once the success message has shown for 1.5 s. */
  onSaved: (saved: SavedConcert) => void;
  /** Called when the form closes without saving (after any rollback). */
  onClosed: () => void;
  /** The footer's close button text. */
  closeLabel?: string;
  /** Create mode: the seat source chooser (the quick plan's seat count when absent). */
  seatSource?: SeatSourceChoice | undefined;
  ref?: Ref<ConcertFormHandle>;
}

/** The statuses the form offers: create SCHEDULED or ON_SALE; edit the allowed changes. */
function statusOptions(original: ConcertStatus | null): ConcertStatus[] {
  if (original === null) return ['SCHEDULED', 'ON_SALE'];
  // Cancelling has its own button on the list, with the refund warning.
  return concertStatusSchema.options.filter(
    (status) =>
      status === original || (status !== 'CANCELLED' && isAllowedStatusChange(original, status)),
  );
}

/** What the seller reads when a save fails: the server's text, or the §8 fallbacks. */
function submitErrorMessage(error: unknown): string {
  if (!isApiError(error)) return sellerConcertTexts.submitFailed;
  if (error.isNetworkError) return sellerConcertTexts.networkFailed;
  return error.message || sellerConcertTexts.submitFailed;
}

function uploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return sellerConcertTexts.submitFailed;
  if (error.isNetworkError) {
    return error.message === timeoutErrorMessage
      ? sellerConcertTexts.uploadTimeout
      : sellerConcertTexts.uploadNetworkFailed;
  }
  return error.message;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-surface-700 bg-surface-950/40 p-4 tablet:p-5">
      <legend className="px-1 text-base font-bold text-white">{title}</legend>
      {children}
    </fieldset>
  );
}

const selectClass =
  'h-12 w-full rounded-xl border border-surface-700 bg-surface-900 px-4 text-base text-zinc-50 [color-scheme:dark] focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none';
const pickerClass = '[color-scheme:dark]';

/**
 * The concert form (seller-admin-side.md §2 "Concert registration", §4 "Concert form", §5):
 * six sections, the §5 rules with the server's messages before sending, the server's own
 * `errors[]` on the fields, the poster upload with preview, and the rollback of this session's
 * uploads when the form closes unsaved or a save fails.
 */
export function ConcertForm({
  sellerId,
  concert,
  onSaved,
  onClosed,
  closeLabel = '취소',
  seatSource,
  ref,
}: ConcertFormProps) {
  const queryClient = useQueryClient();
  const isEdit = concert !== undefined;
  const initial = useMemo(
    () => (concert ? draftFromConcert(concert) : emptyConcertDraft()),
    [concert],
  );
  const [draft, setDraft] = useState<ConcertDraft>(initial);
  const [errors, setErrors] = useState<ConcertErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploads, setUploads] = useState<string[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [saved, setSaved] = useState<SavedConcert | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [isClosing, setIsClosing] = useState(false);
  // Issue 25: the refused layout's problems, for the chooser (edit keeps the concert's seats).
  const [layoutProblems, setLayoutProblems] = useState<string[]>([]);
  const layoutFields = isEdit ? null : (seatSource?.fields ?? null);
  const asksSeatCount = isEdit || !seatSource || seatSource.isQuickPlan;
  const formRef = useRef<HTMLFormElement>(null);
  const formErrorId = useId();
  const descriptionCounterId = useId();

  const rollbackTarget: PosterRollbackTarget = concert
    ? {
        mode: 'edit',
        sellerId,
        concertId: concert.concertId,
        originalUrl: concert.posterImageUrl,
      }
    : { mode: 'create', sellerId };

  const hasUnsavedWork = uploads.length > 0 || isDraftChanged(draft, initial) || !asksSeatCount;

  const requestClose = () => {
    if (isClosing || confirmOpen || isSaving) return;
    if (saved || !hasUnsavedWork) {
      onClosed();
      return;
    }
    setConfirmOpen(true);
  };
  useImperativeHandle(ref, () => ({ requestClose }));

  const closeDiscarding = async () => {
    setIsClosing(true);
    await rollbackPosterUploads(rollbackTarget, uploads);
    setUploads([]);
    setConfirmOpen(false);
    onClosed();
  };

  // After a save the message stays 1.5 s, then the caller closes or navigates.
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => onSavedRef.current(saved), formCloseDelayMs);
    return () => clearTimeout(timer);
  }, [saved]);

  const setField = (field: ConcertField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusField = (field: ConcertField | undefined) => {
    const element = field ? formRef.current?.elements.namedItem(field) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const handleFile = async (file: File) => {
    const problem = checkPosterFile(file);
    setUploadError(problem);
    if (problem) return;
    setIsUploading(true);
    try {
      const url = await uploadPoster(file, { concertId: concert?.concertId });
      setUploads((current) => [...current, url]);
      setField('posterImageUrl', url);
    } catch (error) {
      setUploadError(uploadErrorMessage(error));
    } finally {
      setIsUploading(false);
    }
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || saved || isUploading) return;
    setFormError(null);
    setLayoutProblems([]);
    // A venue or a drawn layout brings its own places: the seat count is not asked for then.
    const { payload, errors: found } = validateConcertDraft(
      asksSeatCount ? draft : { ...draft, totalSeats: '1' },
      todayInSeoul(),
      isEdit ? initial : undefined,
    );
    setErrors(found);
    if (!payload) {
      focusField(concertFieldOrder.find((field) => found[field]));
      return;
    }
    if (!isEdit && seatSource?.problem) {
      setFormError(seatSource.problem);
      return;
    }
    setIsSaving(true);
    try {
      let result: SavedConcert;
      if (concert) result = await updateConcert(sellerId, concert.concertId, payload);
      else if (layoutFields) {
        const { totalSeats: _quickPlanOnly, ...rest } = payload;
        result = await createConcert(sellerId, {
          ...rest,
          ...layoutFields,
        } as ConcertCreatePayload);
      } else result = await createConcert(sellerId, payload);
      await discardUnusedUploads(sellerId, uploads, result.concert.posterImageUrl);
      setUploads([]);
      setSaved(result);
      void invalidateConcertViews(queryClient);
    } catch (error) {
      const server = isApiError(error) ? errorsFromServer(error.fieldErrors) : null;
      if (server) setErrors(server.errors);
      // The layout's own problems go to the builder's list, by their path in the layout.
      if (isApiError(error)) {
        setLayoutProblems(
          error.fieldErrors
            .filter(({ field }) => field.startsWith('seatLayout.'))
            .map(({ field, message }) => `${field.slice('seatLayout.'.length)}: ${message}`),
        );
      }
      let message = submitErrorMessage(error);
      // A failed save undoes this session's uploads (and restores the original poster).
      if (uploads.length > 0) {
        await rollbackPosterUploads(rollbackTarget, uploads);
        setUploads([]);
        setDraft((current) => ({ ...current, posterImageUrl: initial.posterImageUrl }));
        message = `${message} ${sellerConcertTexts.uploadsRolledBack}`;
      }
      setFormError(message);
      focusField(concertFieldOrder.find((field) => server?.errors[field]));
    } finally {
      setIsSaving(false);
    }
  };

  const text = (
    field: ConcertField,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      name={field}
      value={draft[field]}
      onChange={(event) => setField(field, event.target.value)}
      error={errors[field]}
      {...extra}
    />
  );

  if (saved) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-12 text-center">
        <CircleCheck className="size-12 text-emerald-300" aria-hidden />
        <p className="text-lg font-bold text-white">{saved.message}</p>
        <p className="text-sm text-zinc-400">{saved.concert.title}</p>
      </div>
    );
  }

  const statuses = statusOptions(concert?.status ?? null);

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-5"
        aria-describedby={formError ? formErrorId : undefined}
      >
        <Section title="기본 정보">
          {text('title', '콘서트 제목', {
            hint: <CharCounter length={draft.title.length} max={100} />,
          })}
          {text('artist', '아티스트', {
            hint: <CharCounter length={draft.artist.length} max={50} />,
          })}
          <TextAreaField
            label="콘서트 설명 (선택)"
            name="description"
            rows={4}
            value={draft.description}
            onChange={(event) => setField('description', event.target.value)}
            error={errors.description}
            aside={
              <CharCounter id={descriptionCounterId} length={draft.description.length} max={1000} />
            }
          />
        </Section>

        <Section title="공연장 정보">
          {text('venueName', '공연장명', {
            hint: <CharCounter length={draft.venueName.length} max={100} />,
          })}
          {text('venueAddress', '공연장 주소', {
            labelSuffix: '(선택)',
            autoComplete: 'street-address',
            hint: <CharCounter length={draft.venueAddress.length} max={200} />,
          })}
        </Section>

        <Section title="공연 일시">
          {text('concertDate', '공연 날짜', { type: 'date', className: pickerClass })}
          <div className="grid gap-4 tablet:grid-cols-2">
            {text('startTime', '시작 시간', { type: 'time', className: pickerClass })}
            {text('endTime', '종료 시간', { type: 'time', className: pickerClass })}
          </div>
        </Section>

        <Section title="예매 설정">
          {!isEdit && seatSource?.render(layoutProblems)}
          {asksSeatCount &&
            text('totalSeats', '총 좌석 수', {
              type: 'number',
              inputMode: 'numeric',
              min: 1,
              max: 100000,
              hint: '1석 이상 100,000석 이하 (좌석은 등급별 구역으로 자동 배치됩니다)',
            })}
          <div className="grid gap-4 tablet:grid-cols-2">
            {text('bookingStartDate', '예매 시작일시', {
              type: 'datetime-local',
              className: pickerClass,
            })}
            {text('bookingEndDate', '예매 종료일시', {
              type: 'datetime-local',
              className: pickerClass,
              hint: '공연 시작 전에 끝나야 합니다.',
            })}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${formErrorId}-status`} className="text-sm font-medium text-zinc-200">
              판매 상태
            </label>
            <select
              id={`${formErrorId}-status`}
              name="status"
              value={draft.status}
              onChange={(event) => {
                const parsed = concertStatusSchema.safeParse(event.target.value);
                if (parsed.success) setField('status', parsed.data);
              }}
              className={selectClass}
            >
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {concertStatusLabels[status]}
                </option>
              ))}
            </select>
            {errors.status && <p className="text-sm text-rose-300">{errors.status}</p>}
          </div>
        </Section>

        <Section title="추가 설정">
          <div className="grid gap-4 tablet:grid-cols-2">
            {text('minAge', '관람 연령 (세 이상)', {
              type: 'number',
              inputMode: 'numeric',
              min: 0,
              max: 100,
              hint: '0은 연령 제한 없음',
            })}
            {text('maxTicketsPerUser', '1인당 최대 예매 수', {
              type: 'number',
              inputMode: 'numeric',
              min: 1,
              max: 10,
              hint: '1매 이상 10매 이하',
            })}
          </div>
        </Section>

        <Section title="포스터 이미지">
          <PosterField
            url={draft.posterImageUrl}
            error={errors.posterImageUrl}
            uploadError={uploadError}
            isUploading={isUploading}
            onUrlChange={(url) => setField('posterImageUrl', url)}
            onFileSelected={(file) => void handleFile(file)}
            onRemove={() => setField('posterImageUrl', '')}
          />
        </Section>

        {formError && (
          <p
            id={formErrorId}
            role="alert"
            className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
          >
            {formError}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 tablet:flex-row tablet:justify-end">
          <Button variant="outline" size="lg" onClick={requestClose} disabled={isClosing}>
            {closeLabel}
          </Button>
          <Button type="submit" size="lg" isLoading={isSaving} disabled={isUploading}>
            {isEdit ? '수정 저장' : '콘서트 등록'}
          </Button>
        </div>
      </form>

      <Modal
        isOpen={confirmOpen}
        onClose={() => {
          if (!isClosing) setConfirmOpen(false);
        }}
        title="작성을 그만둘까요?"
        size="small"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmOpen(false)} disabled={isClosing}>
              계속 작성
            </Button>
            <Button onClick={() => void closeDiscarding()} isLoading={isClosing}>
              저장하지 않고 닫기
            </Button>
          </>
        }
      >
        <p className="text-sm leading-relaxed text-zinc-300">{sellerConcertTexts.confirmClose}</p>
      </Modal>
    </>
  );
}
