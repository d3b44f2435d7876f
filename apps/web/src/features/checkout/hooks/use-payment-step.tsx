import { useCallback, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast-store';
import { PaymentMethodPicker } from '../components/payment-method-picker';
import { useCheckout, type CheckoutOrder, type CheckoutRefusal } from './use-checkout';
import { usePaymentMethod } from './use-payment-method';

/** What the seat page passes to the picker: the total it shows, and whether a payment runs. */
export interface PaymentStepContext {
  total: number | null;
  disabled: boolean;
}

/**
 * The seat page's payment step (issue 28): the method picker, and 결제하기 with the chosen
 * `payment`. A choice the picker can check itself (a bank, a 현금영수증 number) is said next to
 * its control before anything is booked; the server's refusal of the choice lands there too.
 * The choices live here, above the picker, so nothing typed is lost to an error.
 */
export function usePaymentStep() {
  const { pay: payWith, startCheckout, checkoutWindow } = useCheckout();
  const method = usePaymentMethod();
  const { choose, showServerErrors } = method;

  const pay = useCallback(
    async (order: CheckoutOrder): Promise<CheckoutRefusal | undefined> => {
      const choice = choose(order.expectedAmount ?? null);
      if (!choice.ok) {
        // The picker may be folded away in the phone's bottom sheet: say it here as well.
        const first = Object.values(choice.errors)[0];
        if (first) toast.warning(first);
        return undefined;
      }
      const refusal = await payWith(choice.payment ? { ...order, payment: choice.payment } : order);
      if (refusal) showServerErrors(refusal.fieldErrors);
      return refusal;
    },
    [choose, payWith, showServerErrors],
  );

  const renderPaymentStep = useCallback(
    ({ total, disabled }: PaymentStepContext): ReactNode => (
      <PaymentMethodPicker model={method} total={total} disabled={disabled} />
    ),
    [method],
  );

  return { pay, startCheckout, checkoutWindow, renderPaymentStep };
}
