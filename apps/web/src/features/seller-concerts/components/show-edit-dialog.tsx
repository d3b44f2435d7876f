import { showUpdateSchema, type FieldError, type SellerShow } from '@curtaincall/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CharCounter } from '@/components/ui/char-counter';
import { Modal, ModalDismissButton } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { TextField } from '@/components/ui/text-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { invalidateConcertViews, uploadPoster } from '../api/seller-concerts-api';
import { updateShow, useSellerShow } from '../api/seller-shows-api';
import { checkPosterFile } from '../utils/concert-form';
import { discardUnusedUploads, rollbackPosterUploads } from '../utils/poster-rollback';
import { sellerConcertTexts } from '../utils/seller-concert-texts';
import type { ShowGroup } from '../utils/show-groups';
import { parseMaxTicketsPerShow } from '../utils/show-validation';
import { FormSection as Section } from './form-section';
import { PosterField } from './poster-field';

interface ShowEditDialogProps {
  sellerId: number;
  show: ShowGroup | null;
  onClose: () => void;
}

type ShowField =
  | 'title'
  | 'artist'
  | 'description'
  | 'venueName'
  | 'venueAddress'
  | 'minAge'
  | 'posterImageUrl'
  | 'maxTicketsPerShow';
type ShowDraft = Record<ShowField, string>;
type ShowErrors = Partial<Record<ShowField, string>>;

const showFields: ShowField[] = [
  'title',
  'artist',
  'description',
  'venueName',
  'venueAddress',
  'minAge',
  'posterImageUrl',
  'maxTicketsPerShow',
];

/** The shared fields as the show has them: the latest performance still open carries them. */
function draftFromShow(show: SellerShow): ShowDraft {
  const open = show.performances.filter(
    (p) => p.status !== 'CANCELLED' && p.status !== 'COMPLETED',
  );
  const source = open.at(-1) ?? show.performances.at(-1);
  return {
    title: show.title,
    artist: show.artist,
    description: source?.description ?? '',
    venueName: show.venueName,
    venueAddress: source?.venueAddress ?? '',
    minAge: String(source?.minAge ?? 0),
    posterImageUrl: show.posterImageUrl ?? '',
    maxTicketsPerShow: show.maxTicketsPerShow === null ? '' : String(show.maxTicketsPerShow),
  };
}

function errorsOf(list: readonly FieldError[]): ShowErrors {
  const errors: ShowErrors = {};
  for (const { field, message } of list) {
    const known = showFields.find((name) => name === field);
    if (known) errors[known] ??= message;
  }
  return errors;
}

/**
 * 공연 정보 수정 (`PUT /seller/shows/{showId}`, issue 26): the fields every performance shares,
 * edited once: title, artist, description, poster, venue name and address, age limit, and the
 * limit across performances. Schedules, seats and statuses stay each performance's own (수정 on
 * its row). Uploads of this dialog are removed again when it closes unsaved or the save fails.
 */
export function ShowEditDialog({ sellerId, show, onClose }: ShowEditDialogProps) {
  const detail = useSellerShow(sellerId, show?.showId ?? null);
  if (!show) return null;
  if (!detail.data) {
    return (
      <Modal isOpen onClose={onClose} title="공연 정보 수정" description={show.title} size="large">
        {detail.isError ? (
          <ErrorState
            compact
            title={getErrorMessage(detail.error, sellerConcertTexts.submitFailed)}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner label="공연 정보를 불러오는 중입니다" />
          </div>
        )}
      </Modal>
    );
  }
  return (
    <ShowEditForm key={show.showId} sellerId={sellerId} show={detail.data} onClose={onClose} />
  );
}

function ShowEditForm({
  sellerId,
  show,
  onClose,
}: {
  sellerId: number;
  show: SellerShow;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [initial] = useState(() => draftFromShow(show));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ShowErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploads, setUploads] = useState<string[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const perUserLimit = Math.max(0, ...show.performances.map((p) => p.maxTicketsPerUser));

  const set = (field: ShowField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const closeDiscarding = () => {
    void rollbackPosterUploads({ mode: 'create', sellerId }, uploads);
    onClose();
  };

  const handleFile = async (file: File) => {
    const problem = checkPosterFile(file);
    setUploadError(problem);
    if (problem) return;
    setIsUploading(true);
    try {
      const url = await uploadPoster(file);
      setUploads((current) => [...current, url]);
      set('posterImageUrl', url);
    } catch (error) {
      setUploadError(getErrorMessage(error, sellerConcertTexts.uploadNetworkFailed));
    } finally {
      setIsUploading(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || isUploading) return;
    setRefusal(null);
    const limit = parseMaxTicketsPerShow(draft.maxTicketsPerShow, perUserLimit || null);
    const { maxTicketsPerShow: _typed, ...shared } = draft;
    const checked = showUpdateSchema.safeParse({ ...shared, maxTicketsPerShow: limit.value });
    const found = checked.success
      ? {}
      : errorsOf(
          checked.error.issues.map((issue) => ({
            field: String(issue.path[0] ?? ''),
            message: issue.message,
          })),
        );
    if (limit.error) found.maxTicketsPerShow = limit.error;
    if (!checked.success || limit.error) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setIsSaving(true);
    try {
      const saved = await updateShow(sellerId, show.showId, checked.data);
      await discardUnusedUploads(sellerId, uploads, saved.show.posterImageUrl);
      toast.success(saved.message);
      onClose();
      await invalidateConcertViews(queryClient);
    } catch (error) {
      const fromServer = isApiError(error) ? errorsOf(error.fieldErrors) : {};
      setErrors(fromServer);
      let message = getErrorMessage(error, sellerConcertTexts.submitFailed);
      if (uploads.length > 0) {
        await rollbackPosterUploads({ mode: 'create', sellerId }, uploads);
        setUploads([]);
        setDraft((current) => ({ ...current, posterImageUrl: initial.posterImageUrl }));
        message = `${message} ${sellerConcertTexts.uploadsRolledBack}`;
      }
      setRefusal(message);
      focusFirstInvalid();
    } finally {
      setIsSaving(false);
    }
  };

  const isChanged =
    uploads.length > 0 || showFields.some((field) => draft[field] !== initial[field]);
  const text = (field: ShowField, label: string, max: number, extra = {}) => (
    <TextField
      label={label}
      name={field}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field]}
      hint={<CharCounter length={draft[field].length} max={max} />}
      {...extra}
    />
  );

  return (
    <Modal
      isOpen
      onClose={closeDiscarding}
      title="공연 정보 수정"
      description={`${show.title} · 모든 회차(${show.performances.length}개)에 함께 반영됩니다.`}
      size="large"
      hasUnsavedChanges={isChanged && !isSaving}
      footer={
        <>
          <ModalDismissButton disabled={isSaving}>닫기</ModalDismissButton>
          <Button type="submit" form={formId} isLoading={isSaving} disabled={isUploading}>
            수정 저장
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={containerRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-5"
      >
        <Section title="기본 정보">
          {text('title', '콘서트 제목', 100)}
          {text('artist', '아티스트', 50)}
          <TextAreaField
            label="콘서트 설명 (선택)"
            name="description"
            rows={4}
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
            error={errors.description}
            aside={<CharCounter length={draft.description.length} max={1000} />}
          />
        </Section>
        <Section title="공연장 정보">
          {text('venueName', '공연장명', 100)}
          {text('venueAddress', '공연장 주소', 200, { labelSuffix: '(선택)' })}
        </Section>
        <Section title="추가 설정">
          <div className="grid gap-4 tablet:grid-cols-2">
            <TextField
              label="관람 연령 (세 이상)"
              name="minAge"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={draft.minAge}
              onChange={(event) => set('minAge', event.target.value)}
              error={errors.minAge}
              hint="0은 연령 제한 없음"
            />
            <TextField
              label="공연 전체 1인 최대 예매 수"
              labelSuffix="(선택)"
              name="maxTicketsPerShow"
              type="number"
              inputMode="numeric"
              min={1}
              max={40}
              value={draft.maxTicketsPerShow}
              onChange={(event) => set('maxTicketsPerShow', event.target.value)}
              error={errors.maxTicketsPerShow}
              hint="모든 회차를 합쳐 한 사람이 예매할 수 있는 매수 (1~40매, 비우면 회차별 제한만)"
            />
          </div>
        </Section>
        <Section title="포스터 이미지">
          <PosterField
            url={draft.posterImageUrl}
            error={errors.posterImageUrl}
            uploadError={uploadError}
            isUploading={isUploading}
            onUrlChange={(url) => set('posterImageUrl', url)}
            onFileSelected={(file) => void handleFile(file)}
            onRemove={() => set('posterImageUrl', '')}
          />
        </Section>
        {refusal && (
          <p
            role="alert"
            className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
          >
            {refusal}
          </p>
        )}
      </form>
    </Modal>
  );
}
