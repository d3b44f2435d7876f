import {
  concertStatusLabels,
  createPerformanceAddSchema,
  type FieldError,
} from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal, ModalDismissButton } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { todayInSeoul } from '@/lib/dates';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { invalidateConcertViews } from '../api/seller-concerts-api';
import { addPerformance } from '../api/seller-shows-api';
import { sellerConcertTexts } from '../utils/seller-concert-texts';
import type { ShowGroup } from '../utils/show-groups';
import { selectClass } from './concert-form-fields';
import { DateCalendar } from './date-calendar';

interface AddPerformanceDialogProps {
  sellerId: number;
  show: ShowGroup | null;
  onClose: () => void;
}

type AddField =
  'concertDate' | 'startTime' | 'endTime' | 'bookingStartDate' | 'bookingEndDate' | 'status';
type AddDraft = Record<AddField, string>;

const fields: AddField[] = [
  'concertDate',
  'startTime',
  'endTime',
  'bookingStartDate',
  'bookingEndDate',
  'status',
];
const pickerClass = '[color-scheme:dark]';

/** The date and times a new performance starts from: the show's last one's hours, no date. */
function startingDraft(show: ShowGroup): AddDraft {
  const last = show.performances.at(-1);
  return {
    concertDate: '',
    startTime: last?.startTime.slice(0, 5) ?? '',
    endTime: last?.endTime.slice(0, 5) ?? '',
    bookingStartDate: '',
    bookingEndDate: '',
    status: 'SCHEDULED',
  };
}

function fieldErrorsOf(list: readonly FieldError[]): Partial<Record<AddField, string>> {
  const errors: Partial<Record<AddField, string>> = {};
  for (const { field, message } of list) {
    const known = fields.find((name) => name === field);
    if (known) errors[known] ??= message;
  }
  return errors;
}

/**
 * 회차 추가 (`POST /seller/shows/{showId}/performances`, issue 26): a date on the calendar (the
 * show's dates marked), its start and end, its booking window and status. Its seats and prices
 * are the show's latest performance's. Problems show on their fields, in the contract's words.
 */
export function AddPerformanceDialog({ sellerId, show, onClose }: AddPerformanceDialogProps) {
  return show ? (
    <AddPerformanceForm key={show.showId} sellerId={sellerId} show={show} onClose={onClose} />
  ) : null;
}

function AddPerformanceForm({
  sellerId,
  show,
  onClose,
}: {
  sellerId: number;
  show: ShowGroup;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const statusId = useId();
  const [initial] = useState(() => startingDraft(show));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<AddField, string>>>({});
  const [typedDate, setTypedDate] = useState<string | undefined>(undefined);
  // A refusal about no field of the dialog (a show that is gone, another seller's): said on top.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const today = todayInSeoul();
  const existingDates = new Set(
    show.performances
      .filter((concert) => concert.status !== 'CANCELLED')
      .map((concert) => concert.concertDate),
  );

  const add = useMutation({
    mutationFn: (body: AddDraft) =>
      addPerformance(sellerId, show.showId, {
        ...body,
        status: body.status === 'ON_SALE' ? 'ON_SALE' : 'SCHEDULED',
      }),
    onSuccess: async ({ message }) => {
      toast.success(message);
      onClose();
      await invalidateConcertViews(queryClient);
    },
    onError: (error) => {
      const found = isApiError(error) ? fieldErrorsOf(error.fieldErrors) : {};
      setErrors(found);
      if (Object.keys(found).length > 0) focusFirstInvalid();
      else setRefusal(getErrorMessage(error, sellerConcertTexts.submitFailed));
    },
  });

  const set = (field: AddField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    setRefusal(null);
    const checked = createPerformanceAddSchema(() => today).safeParse(draft);
    if (!checked.success) {
      setErrors(
        fieldErrorsOf(
          checked.error.issues.map((issue) => ({
            field: String(issue.path[0] ?? ''),
            message: issue.message,
          })),
        ),
      );
      focusFirstInvalid();
      return;
    }
    setErrors({});
    add.mutate(draft);
  };

  const isChanged = fields.some((field) => draft[field] !== initial[field]);

  const text = (field: AddField, label: string, type: string, hint?: string) => (
    <TextField
      label={label}
      name={field}
      type={type}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field]}
      hint={hint}
      className={pickerClass}
    />
  );

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="회차 추가"
      description={show.title}
      size="large"
      hasUnsavedChanges={isChanged && !add.isPending}
      footer={
        <>
          <ModalDismissButton disabled={add.isPending}>닫기</ModalDismissButton>
          <Button type="submit" form={formId} isLoading={add.isPending}>
            회차 추가
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={containerRef}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-zinc-400">
          좌석과 가격은 이 공연의 마지막 회차와 같게 만들어집니다.
        </p>
        <div className="grid gap-4 tablet:grid-cols-[auto_1fr] tablet:items-start">
          <DateCalendar
            title="공연 날짜 선택"
            selected={new Set(draft.concertDate ? [draft.concertDate] : [])}
            onToggle={(date) => set('concertDate', date === draft.concertDate ? '' : date)}
            isDisabled={(date) => date <= today}
            today={today}
            isMultiple={false}
            marked={existingDates}
            markedLabel="이미 회차가 있는 날"
            revealDate={typedDate}
          />
          <div className="flex min-w-0 flex-col gap-4">
            <TextField
              label="공연 날짜"
              name="concertDate"
              type="date"
              value={draft.concertDate}
              onChange={(event) => {
                set('concertDate', event.target.value);
                setTypedDate(event.target.value);
              }}
              error={errors.concertDate}
              className={pickerClass}
            />
            <div className="grid grid-cols-2 gap-3">
              {text('startTime', '시작 시간', 'time')}
              {text('endTime', '종료 시간', 'time')}
            </div>
          </div>
        </div>
        <div className="grid gap-4 tablet:grid-cols-2">
          {text('bookingStartDate', '예매 시작일시', 'datetime-local')}
          {text(
            'bookingEndDate',
            '예매 종료일시',
            'datetime-local',
            '공연 시작 전에 끝나야 합니다.',
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={statusId} className="text-sm font-medium text-zinc-200">
            판매 상태
          </label>
          <select
            id={statusId}
            name="status"
            value={draft.status}
            onChange={(event) => set('status', event.target.value)}
            className={selectClass}
          >
            {(['SCHEDULED', 'ON_SALE'] as const).map((status) => (
              <option key={status} value={status}>
                {concertStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
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
