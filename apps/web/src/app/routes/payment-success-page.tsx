import { useSearchParams } from 'react-router';
import { PaymentSuccess } from '@/features/checkout/components/payment-success';
import { readParam } from '@/features/checkout/utils/result-params';

/** /payment/result/success?orderId&bookingNumber (inside PaymentResultLayout). */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  return <PaymentSuccess bookingNumber={readParam(params, 'bookingNumber')} />;
}
