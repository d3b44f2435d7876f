import {
  concertStatusLabels,
  concertStatusSchema,
  isAllowedStatusChange,
  type ConcertStatus,
} from '@curtaincall/contracts';
import { useId, type ReactNode } from 'react';
import { CharCounter } from '@/components/ui/char-counter';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import type { ConcertDraft, ConcertField } from '../utils/concert-form';
import type { CreateErrors } from '../utils/show-validation';
import { CancelDeadlineField } from './cancel-deadline-field';
import { FormSection as Section } from './form-section';

/** What the concert form's sections need of its state: the values, errors and a field maker. */
export interface FormFields {
  draft: ConcertDraft;
  errors: CreateErrors;
  setField: (field: ConcertField, value: string) => void;
  /** A labelled input bound to one field, with its error. */
  text: (field: ConcertField, label: string, extra?: Partial<TextFieldProps>) => ReactNode;
}

export const selectClass =
  'h-12 w-full rounded-xl border border-surface-700 bg-surface-900 px-4 text-base text-zinc-50 [color-scheme:dark] focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none';

/** The statuses the form offers: create SCHEDULED or ON_SALE; edit the allowed changes. */
export function statusOptions(original: ConcertStatus | null): ConcertStatus[] {
  if (original === null) return ['SCHEDULED', 'ON_SALE'];
  // Cancelling has its own button on the list, with the refund warning.
  return concertStatusSchema.options.filter(
    (status) =>
      status === original || (status !== 'CANCELLED' && isAllowedStatusChange(original, status)),
  );
}

/** 기본 정보 and 공연장 정보: the fields a show's performances share. */
export function InfoSections({
  fields: { draft, errors, setField, text },
  descriptionCounterId,
}: {
  fields: FormFields;
  descriptionCounterId: string;
}) {
  return (
    <>
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
    </>
  );
}

/** 판매 상태: the statuses the seller may choose here (cancelling has its own dialog). */
export function StatusField({
  fields: { draft, errors, setField },
  statuses,
}: {
  fields: FormFields;
  statuses: ConcertStatus[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        판매 상태
      </label>
      <select
        id={id}
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
  );
}

/**
 * 추가 설정: age limit, tickets per person, for a new show the limit across performances, and the
 * buyers' cancel cut-off (issue 27).
 */
export function ExtraSection({
  fields: { draft, errors, setField, text },
  isEdit,
  isPerformanceOfShow,
  maxTicketsPerShow,
  onMaxTicketsPerShowChange,
}: {
  fields: FormFields;
  isEdit: boolean;
  isPerformanceOfShow: boolean;
  maxTicketsPerShow: string;
  onMaxTicketsPerShowChange: (value: string) => void;
}) {
  return (
    <Section title="추가 설정">
      <div className="grid gap-4 tablet:grid-cols-2">
        {!isPerformanceOfShow &&
          text('minAge', '관람 연령 (세 이상)', {
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
          hint: isEdit ? '1매 이상 10매 이하' : '회차마다 1매 이상 10매 이하',
        })}
        {!isEdit && (
          <TextField
            label="공연 전체 1인 최대 예매 수"
            labelSuffix="(선택)"
            name="maxTicketsPerShow"
            type="number"
            inputMode="numeric"
            min={1}
            max={40}
            value={maxTicketsPerShow}
            onChange={(event) => onMaxTicketsPerShowChange(event.target.value)}
            error={errors.maxTicketsPerShow}
            hint="모든 회차를 합쳐 한 사람이 예매할 수 있는 매수 (1~40매, 비우면 회차별 제한만)"
          />
        )}
        <CancelDeadlineField
          value={draft.cancelDeadlineDays}
          onChange={(value) => setField('cancelDeadlineDays', value)}
          error={errors.cancelDeadlineDays}
        />
      </div>
    </Section>
  );
}
