import { concertStatusLabels } from '@curtaincall/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import {
  useBookingFee,
  usePricingConcert,
  usePricingGrades,
} from '@/features/pricing/api/concert-pricing-basis';
import { DepositSettingsSection } from '@/features/pricing/components/deposit-settings-section';
import { PromoCodeSection } from '@/features/pricing/components/promo-code-section';
import { TicketTypeSection } from '@/features/pricing/components/ticket-type-section';
import { pricingTexts } from '@/features/pricing/utils/pricing-texts';
import { formatConcertDate } from '@/lib/format';

/**
 * `/seller/concerts/:concertId/pricing` (권종·할인, issue 27): the concert's 권종 and 할인 코드,
 * each with what a buyer pays per grade, priced by the contracts' own function with today's
 * booking fee, and (issue 28) its 결제 설정: 가상계좌, 입금 기한, 문화비 소득공제. A cancelled or
 * completed concert's are shown but no longer changed.
 */
export function SellerConcertPricingPage() {
  const params = useParams();
  const concertId = Number(params.concertId);
  const isValidId = Number.isInteger(concertId) && concertId > 0;
  const concert = usePricingConcert(concertId, isValidId);
  const grades = usePricingGrades(concertId, isValidId);
  const fee = useBookingFee(concertId, isValidId);

  const back = (
    <Link to="/seller/concerts/manage" className={buttonStyles({ variant: 'outline', size: 'sm' })}>
      <ArrowLeft className="size-4" aria-hidden />
      {pricingTexts.back}
    </Link>
  );

  if (!isValidId) {
    return (
      <ConsolePage title={pricingTexts.pageTitle} actions={back}>
        <ErrorState title={pricingTexts.concertNotFound} />
      </ConsolePage>
    );
  }

  const description = concert.data ? (
    <>
      <span className="font-semibold text-zinc-200">{concert.data.title}</span>
      {' · '}
      {formatConcertDate(concert.data.concertDate)} · {concert.data.venueName} ·{' '}
      {concertStatusLabels[concert.data.status]}
    </>
  ) : (
    pricingTexts.pageDescription
  );
  const isClosed = concert.data?.status === 'CANCELLED' || concert.data?.status === 'COMPLETED';

  const failed = [concert, grades, fee].find((query) => query.isError);
  let content;
  if (failed) {
    content = (
      <ErrorState
        title={concert.isError ? pricingTexts.concertNotFound : pricingTexts.basisLoadFailed}
        description={failed.error?.message}
        onRetry={() => void failed.refetch()}
        isRetrying={failed.isFetching}
      />
    );
  } else if (!concert.data || !grades.data || fee.data === undefined) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label={pricingTexts.basisLoading} />
      </div>
    );
  } else {
    const basis = {
      concertId,
      grades: grades.data,
      bookingFeePerSeat: fee.data,
      isClosed,
    };
    content = (
      <div className="flex flex-col gap-6">
        {isClosed && (
          <p className="rounded-2xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
            {pricingTexts.closed}
          </p>
        )}
        <TicketTypeSection {...basis} />
        <PromoCodeSection {...basis} />
        <DepositSettingsSection concertId={concertId} isClosed={isClosed} />
      </div>
    );
  }

  return (
    <ConsolePage title={pricingTexts.pageTitle} description={description} actions={back}>
      {content}
    </ConsolePage>
  );
}
