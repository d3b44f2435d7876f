import { paymentSettingsSchema } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { digitsOnly } from '@/lib/business-format';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { formatPrice } from '@/lib/format';
import { paymentSettingsQueryKey, savePaymentSettings } from '../api/payment-settings';
import { issuesAsFieldErrors, problemsByField } from '../utils/form-problems';
import { numberFrom } from '../utils/form-values';
import { pricingTexts } from '../utils/pricing-texts';

const texts = pricingTexts.settings;
const fields = ['bookingFeePerSeat'] as const;

/**
 * 예매수수료 per seat (issue 27, point 4), checked by the contract's `paymentSettingsSchema` before
 * sending; the server's field error shows under the input, any other refusal above the button.
 */
export function BookingFeeForm({ bookingFeePerSeat }: { bookingFeePerSeat: number }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(bookingFeePerSeat));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();

  const mutation = useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: async (message) => {
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: paymentSettingsQueryKey });
    },
    onError: (error) => {
      const found = problemsByField(isApiError(error) ? error.fieldErrors : [], fields);
      const own = found.errors.bookingFeePerSeat;
      setFieldError(own ?? null);
      setFormError(own ? null : getErrorMessage(error, texts.saveFailed));
      focusFirstInvalid();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const parsed = paymentSettingsSchema.safeParse({
      bookingFeePerSeat: numberFrom(value, undefined),
    });
    if (!parsed.success) {
      const found = problemsByField(issuesAsFieldErrors(parsed.error.issues), fields);
      setFieldError(found.errors.bookingFeePerSeat ?? null);
      focusFirstInvalid();
      return;
    }
    setFieldError(null);
    mutation.mutate(parsed.data);
  };

  return (
    <form ref={containerRef} noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <TextField
        label={texts.feeLabel}
        name="bookingFeePerSeat"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setValue(digitsOnly(event.target.value));
          setFieldError(null);
        }}
        error={fieldError ?? undefined}
        hint={`${texts.feeHint} ${texts.feeCurrent(formatPrice(bookingFeePerSeat))}`}
      />
      <p className="flex items-start gap-2 rounded-xl border border-sky-400/30 bg-sky-500/10 px-3 py-2 text-sm text-sky-100">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        {texts.feeNote}
      </p>
      {formError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {formError}
        </p>
      )}
      <div>
        <Button type="submit" isLoading={mutation.isPending}>
          {texts.save}
        </Button>
      </div>
    </form>
  );
}
