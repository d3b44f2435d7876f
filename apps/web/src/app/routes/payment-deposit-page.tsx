import { useLocation, useSearchParams } from 'react-router';
import { DepositResult } from '@/features/checkout/components/deposit-result';
import { readDepositResultState } from '@/features/checkout/utils/deposit-result';
import { readParam } from '@/features/checkout/utils/result-params';

/**
 * /payment/result/deposit?bookingNumber (inside PaymentResultLayout, issue 28): the 가상계좌 just
 * issued, first from the seat page's router state, then from the booking itself.
 */
export function PaymentDepositPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <DepositResult
      bookingNumber={readParam(params, 'bookingNumber')}
      initialAccount={readDepositResultState(location.state)}
    />
  );
}
