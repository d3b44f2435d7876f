import type { FieldError } from '@curtaincall/contracts';
import { useCallback, useMemo, useState } from 'react';
import {
  buildPaymentChoice,
  initialPaymentMethodState,
  placePaymentFieldErrors,
  type PaymentChoiceResult,
  type PaymentControl,
  type PaymentErrors,
  type PaymentMethodState,
} from '../utils/payment-choice';

/** Which controls a change touches: their errors go once the buyer changes them. */
const controlsOf: Record<keyof PaymentMethodState, PaymentControl[]> = {
  method: ['method', 'easyPayProvider', 'bank', 'cashReceipt'],
  cardCompany: ['cardCompany', 'method'],
  installmentMonths: ['installmentMonths', 'method'],
  easyPayProvider: ['easyPayProvider', 'method'],
  bank: ['bank', 'method'],
  cashReceiptType: ['cashReceipt'],
  cashReceiptNumber: ['cashReceipt'],
};

export interface PaymentMethodModel {
  state: PaymentMethodState;
  errors: PaymentErrors;
  /** Changes one choice; the rest stay as they were (a refusal loses nothing). */
  update: <K extends keyof PaymentMethodState>(key: K, value: PaymentMethodState[K]) => void;
  /** Checks the 현금영수증 number once the buyer leaves the field (only when something is typed). */
  checkCashReceipt: (total: number | null) => void;
  /** The choice for POST /bookings, or the errors now shown next to their controls. */
  choose: (total: number | null) => PaymentChoiceResult;
  /** Places the server's refusal (`payment`, `payment.bank`, …) next to the controls. */
  showServerErrors: (fieldErrors: readonly FieldError[]) => void;
  /** Bumped whenever errors are shown at 결제하기, so the picker can move the focus there. */
  errorRequest: number;
}

/** The payment step's choices (issue 28), lifted above the picker so they outlive it. */
export function usePaymentMethod(): PaymentMethodModel {
  const [state, setState] = useState<PaymentMethodState>(initialPaymentMethodState);
  const [errors, setErrors] = useState<PaymentErrors>({});
  const [errorRequest, setErrorRequest] = useState(0);

  const update = useCallback(
    <K extends keyof PaymentMethodState>(key: K, value: PaymentMethodState[K]) => {
      setState((current) => ({ ...current, [key]: value }));
      setErrors((current) => {
        const cleared = controlsOf[key].filter((control) => control in current);
        if (cleared.length === 0) return current;
        const next = { ...current };
        for (const control of cleared) delete next[control];
        return next;
      });
    },
    [],
  );

  const checkCashReceipt = useCallback(
    (total: number | null) => {
      if (state.cashReceiptType === 'NONE' || !state.cashReceiptNumber.trim()) return;
      const result = buildPaymentChoice(state, total);
      const message = result.ok ? undefined : result.errors.cashReceipt;
      setErrors((existing) => {
        if (existing.cashReceipt === message) return existing;
        const next = { ...existing };
        if (message) next.cashReceipt = message;
        else delete next.cashReceipt;
        return next;
      });
    },
    [state],
  );

  const choose = useCallback(
    (total: number | null) => {
      const result = buildPaymentChoice(state, total);
      if (!result.ok) {
        setErrors(result.errors);
        setErrorRequest((count) => count + 1);
      }
      return result;
    },
    [state],
  );

  const showServerErrors = useCallback((fieldErrors: readonly FieldError[]) => {
    const placed = placePaymentFieldErrors(fieldErrors);
    if (Object.keys(placed).length === 0) return;
    setErrors(placed);
    setErrorRequest((count) => count + 1);
  }, []);

  return useMemo(
    () => ({ state, errors, update, checkCashReceipt, choose, showServerErrors, errorRequest }),
    [state, errors, update, checkCashReceipt, choose, showServerErrors, errorRequest],
  );
}
