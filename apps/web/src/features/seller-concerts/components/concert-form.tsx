import type { FieldError, SellerConcert } from '@curtaincall/contracts';
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
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import {
  ApiError,
  invalidResponseMessage,
  isApiError,
  timeoutErrorMessage,
} from '@/lib/api-client';
import { todayInSeoul } from '@/lib/dates';
import { firstInvalidElement } from '@/lib/form-errors';
import {
  createConcert,
  invalidateConcertViews,
  updateConcert,
  uploadPoster,
  type ConcertPayload,
  type SavedConcert,
} from '../api/seller-concerts-api';
import { createShow } from '../api/seller-shows-api';
import {
  checkPosterFile,
  concertFieldOrder,
  draftFromConcert,
  emptyConcertDraft,
  errorsFromServer,
  isDraftChanged,
  validateConcertDraft,
  type ConcertDraft,
  type ConcertField,
} from '../utils/concert-form';
import { prepareCreateRequest, type CreateRequest } from '../utils/create-request';
import {
  discardUnusedUploads,
  rollbackPosterUploads,
  type PosterRollbackTarget,
} from '../utils/poster-rollback';
import { sellerConcertTexts } from '../utils/seller-concert-texts';
import {
  noScheduleErrors,
  scheduleErrorsFromServer,
  type CreateErrors,
  type GradeOption,
} from '../utils/show-validation';
import { useShowSchedule } from '../hooks/use-show-schedule';
import { ExtraSection, InfoSections, statusOptions, type FormFields } from './concert-form-fields';
import { BookingSection, ScheduleSection, type NewShowSchedule } from './concert-form-schedule';
import { FormSection as Section } from './form-section';
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
  /** Issue 26: the chosen layout's grades at this show's prices (회차별 가격), or null. */
  grades?: GradeOption[] | null;
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
  /**
   * Edit mode for one performance of a show of several (issue 26): only what is its own
   * (schedule, seats, status, per-person limit); the shared fields change in 공연 정보 수정.
   */
  isPerformanceOfShow?: boolean;
  ref?: Ref<ConcertFormHandle>;
}

/** What one save sends: a concert's edit, or a new concert or show. */
type SaveRequest = { kind: 'update'; payload: ConcertPayload } | CreateRequest;

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

/**
 * The concert form (seller-admin-side.md §2 "Concert registration", §4 "Concert form", §5):
 * six sections, the §5 rules with the server's messages before sending, the server's own
 * `errors[]` on the fields, the poster upload with preview, and the rollback of this session's
 * uploads when the form closes unsaved or a save fails. A new one (issue 26) takes 회차: dates
 * from a calendar with their times, so one form registers a show of any number of performances.
 */
export function ConcertForm({
  sellerId,
  concert,
  onSaved,
  onClosed,
  closeLabel = '취소',
  seatSource,
  isPerformanceOfShow = false,
  ref,
}: ConcertFormProps) {
  const queryClient = useQueryClient();
  const isEdit = concert !== undefined;
  const initial = useMemo(
    () => (concert ? draftFromConcert(concert) : emptyConcertDraft()),
    [concert],
  );
  const [draft, setDraft] = useState<ConcertDraft>(initial);
  const [errors, setErrors] = useState<CreateErrors>({});
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
  // Issue 26: a new show's performances and its limit across them.
  const showSchedule = useShowSchedule();
  const { schedule, maxTicketsPerShow, setMaxTicketsPerShow } = showSchedule;
  const [focusRequest, setFocusRequest] = useState(0);
  const layoutFields = isEdit ? null : (seatSource?.fields ?? null);
  const asksSeatCount = isEdit || !seatSource || seatSource.isQuickPlan;
  const grades = seatSource?.grades ?? null;
  const newShow: NewShowSchedule | null = isEdit
    ? null
    : { ...showSchedule, today: todayInSeoul(), grades };
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

  const hasUnsavedWork =
    uploads.length > 0 ||
    isDraftChanged(draft, initial) ||
    !asksSeatCount ||
    (!isEdit && showSchedule.isTouched);

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

  // The first field marked invalid takes the focus once the errors are on screen (the rows of
  // a new show's performances exist only then).
  useEffect(() => {
    if (focusRequest > 0 && formRef.current) firstInvalidElement(formRef.current)?.focus();
  }, [focusRequest]);

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

  /** The request the form would send, or null after showing what is wrong. */
  const checkRequest = (): SaveRequest | null => {
    if (isEdit) {
      const { payload, errors: found } = validateConcertDraft(draft, todayInSeoul(), initial);
      setErrors(found);
      if (!payload) focusField(concertFieldOrder.find((field) => found[field]));
      return payload ? { kind: 'update', payload } : null;
    }
    const prepared = prepareCreateRequest({
      draft,
      schedule,
      maxTicketsPerShow,
      today: todayInSeoul(),
      asksSeatCount,
      layoutFields,
      grades,
    });
    setErrors(prepared.errors);
    showSchedule.setErrors(prepared.scheduleErrors);
    if (!prepared.request) setFocusRequest((count) => count + 1);
    return prepared.request;
  };

  const send = async (request: SaveRequest): Promise<SavedConcert> => {
    if (request.kind === 'update') {
      return updateConcert(sellerId, concert?.concertId ?? 0, request.payload);
    }
    if (request.kind === 'concert') return createConcert(sellerId, request.payload);
    const { show, message } = await createShow(sellerId, request.body);
    const [first] = show.performances;
    if (!first) throw new ApiError({ status: 200, message: invalidResponseMessage });
    return { concert: first, message };
  };

  /** A refused save's `errors[]` on the fields and the performance rows they are about. */
  const showServerErrors = (request: SaveRequest, fieldErrors: FieldError[]) => {
    const split =
      request.kind === 'update'
        ? { schedule: noScheduleErrors(), rest: fieldErrors }
        : scheduleErrorsFromServer(fieldErrors, schedule, {
            isSingleRequest: request.kind === 'concert',
          });
    const server = errorsFromServer(split.rest);
    const limit = split.rest.find(({ field }) => field === 'maxTicketsPerShow');
    setErrors(limit ? { ...server.errors, maxTicketsPerShow: limit.message } : server.errors);
    showSchedule.setErrors(split.schedule);
    // The layout's own problems go to the builder's list, by their path in the layout.
    setLayoutProblems(
      fieldErrors
        .filter(({ field }) => field.startsWith('seatLayout.'))
        .map(({ field, message }) => `${field.slice('seatLayout.'.length)}: ${message}`),
    );
    if (request.kind === 'update') focusField(concertFieldOrder.find((f) => server.errors[f]));
    else setFocusRequest((count) => count + 1);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || saved || isUploading) return;
    setFormError(null);
    setLayoutProblems([]);
    const request = checkRequest();
    if (!request) return;
    if (!isEdit && seatSource?.problem) {
      setFormError(seatSource.problem);
      return;
    }
    setIsSaving(true);
    try {
      const result = await send(request);
      await discardUnusedUploads(sellerId, uploads, result.concert.posterImageUrl);
      setUploads([]);
      setSaved(result);
      void invalidateConcertViews(queryClient);
    } catch (error) {
      if (isApiError(error)) showServerErrors(request, error.fieldErrors);
      let message = submitErrorMessage(error);
      // A failed save undoes this session's uploads (and restores the original poster).
      if (uploads.length > 0) {
        await rollbackPosterUploads(rollbackTarget, uploads);
        setUploads([]);
        setDraft((current) => ({ ...current, posterImageUrl: initial.posterImageUrl }));
        message = `${message} ${sellerConcertTexts.uploadsRolledBack}`;
      }
      setFormError(message);
    } finally {
      setIsSaving(false);
    }
  };

  const fields: FormFields = {
    draft,
    errors,
    setField,
    text: (field, label, extra = {}) => (
      <TextField
        label={label}
        name={field}
        value={draft[field]}
        onChange={(event) => setField(field, event.target.value)}
        error={errors[field]}
        {...extra}
      />
    ),
  };
  if (saved) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-12 text-center">
        <CircleCheck className="size-12 text-emerald-300" aria-hidden />
        <p className="text-lg font-bold text-white">{saved.message}</p>
        <p className="text-sm text-zinc-400">{saved.concert.title}</p>
      </div>
    );
  }

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-5"
        aria-describedby={formError ? formErrorId : undefined}
      >
        {!isPerformanceOfShow && (
          <InfoSections fields={fields} descriptionCounterId={descriptionCounterId} />
        )}

        <ScheduleSection fields={fields} show={newShow} />

        <BookingSection
          fields={fields}
          seatSource={isEdit ? null : seatSource?.render(layoutProblems)}
          asksSeatCount={asksSeatCount}
          statuses={statusOptions(concert?.status ?? null)}
          show={newShow}
        />

        <ExtraSection
          fields={fields}
          isEdit={isEdit}
          isPerformanceOfShow={isPerformanceOfShow}
          maxTicketsPerShow={maxTicketsPerShow}
          onMaxTicketsPerShowChange={(value) => {
            setMaxTicketsPerShow(value);
            setErrors((current) => ({ ...current, maxTicketsPerShow: undefined }));
          }}
        />

        {!isPerformanceOfShow && (
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
        )}

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
