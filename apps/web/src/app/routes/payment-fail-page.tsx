import { useSearchParams } from 'react-router';
import { PaymentFailure } from '@/features/checkout/components/payment-failure';
import { readParam } from '@/features/checkout/utils/result-params';

/** /payment/result/fail?orderId&bookingNumber&code&message (inside PaymentResultLayout). */
export function PaymentFailPage() {
  const [params] = useSearchParams();
  return (
    <PaymentFailure
      bookingNumber={readParam(params, 'bookingNumber')}
      code={readParam(params, 'code')}
      message={readParam(params, 'message')}
    />
  );
}
