import type { GradePrice } from '@curtaincall/contracts';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { updateGradePrices, type SeatActionResult } from '../api/concert-seats-api';
import { checkPriceDrafts, priceErrorsOf } from '../utils/seat-management';
import { panelClass } from './field-classes';

interface GradePriceEditorProps {
  concertId: number;
  grades: readonly { code: string; name: string; price: number }[];
  isClosed: boolean;
  /** After a save: the server's message (the page refreshes and announces it). */
  onSaved: (result: SeatActionResult) => Promise<void> | void;
}

/**
 * One price per grade, whole won. Only the prices that changed are sent; the server's field
 * errors (`prices[i].code`, `prices[i].price`) come back next to the grade they name. Sold
 * seats keep the price they were paid at.
 */
export function GradePriceEditor({ concertId, grades, isClosed, onSaved }: GradePriceEditorProps) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (prices: GradePrice[]) => updateGradePrices(concertId, prices),
    onSuccess: async (result) => {
      setDrafts({});
      setErrors({});
      setFormError(null);
      await onSaved(result);
    },
    onError: (error, sent) => {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const mapped = priceErrorsOf(error.fieldErrors, sent);
        setErrors(mapped.byCode);
        const first = sent.find((price) => mapped.byCode[price.code]);
        if (first) document.getElementById(`grade-price-${first.code}`)?.focus();
        setFormError(
          mapped.other.length > 0 || Object.keys(mapped.byCode).length === 0
            ? (mapped.other[0] ?? error.message)
            : null,
        );
      } else {
        setErrors({});
        setFormError(getErrorMessage(error, '가격을 바꾸지 못했습니다.'));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    setFormError(null);
    const checked = checkPriceDrafts(grades, drafts);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      const first = grades.find((grade) => checked.errors[grade.code]);
      if (first) document.getElementById(`grade-price-${first.code}`)?.focus();
      return;
    }
    if (checked.changed.length === 0) {
      setNote('바뀐 가격이 없습니다.');
      return;
    }
    save.mutate(checked.changed);
  };

  return (
    <section aria-labelledby="grade-price-title" className={panelClass}>
      <h2 id="grade-price-title" className="mb-1 text-base font-bold text-white">
        등급 가격
      </h2>
      <p className="mb-3 text-xs text-zinc-400">
        새 가격은 아직 팔리지 않은 좌석에 적용됩니다. 이미 예매된 좌석은 결제한 금액 그대로입니다.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="등급 가격">
        {grades.map((grade) => (
          <TextField
            key={grade.code}
            id={`grade-price-${grade.code}`}
            label={`${grade.name} 가격`}
            labelSuffix="(원)"
            inputMode="numeric"
            autoComplete="off"
            disabled={isClosed}
            value={drafts[grade.code] ?? String(grade.price)}
            error={errors[grade.code]}
            hint={`지금 ${formatPrice(grade.price)}`}
            onChange={(event) => {
              const value = event.target.value;
              setDrafts((current) => ({ ...current, [grade.code]: value }));
              setNote(null);
              if (errors[grade.code]) {
                setErrors((current) => {
                  const next = { ...current };
                  delete next[grade.code];
                  return next;
                });
              }
            }}
          />
        ))}
        {formError && (
          <p
            role="alert"
            className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
          >
            {formError}
          </p>
        )}
        {note && (
          <p role="status" className="text-sm text-zinc-300">
            {note}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" size="sm" isLoading={save.isPending} disabled={isClosed}>
            {!save.isPending && <Save className="size-4" aria-hidden />}
            가격 저장
          </Button>
        </div>
      </form>
    </section>
  );
}
