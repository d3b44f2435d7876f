import { ConsoleCard, ConsolePage } from '@/components/console/console-page';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { usePaymentSettings } from '@/features/pricing/api/payment-settings';
import { BookingFeeForm } from '@/features/pricing/components/booking-fee-form';
import { pricingTexts } from '@/features/pricing/utils/pricing-texts';

const texts = pricingTexts.settings;

/**
 * /admin/settings (seller-admin-side.md §2; the spec's placeholder, filled by issue 27): the
 * platform's 예매수수료 per seat, which applies to bookings made after it is saved.
 */
export function AdminSettingsPage() {
  const settings = usePaymentSettings();
  let content;
  if (settings.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label={texts.loading} />
      </div>
    );
  } else if (settings.isError) {
    content = (
      <ErrorState
        compact
        title={texts.loadFailed}
        description={settings.error.message}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  } else {
    content = <BookingFeeForm bookingFeePerSeat={settings.data.bookingFeePerSeat} />;
  }
  return (
    <ConsolePage title={texts.pageTitle} description={texts.pageDescription}>
      <ConsoleCard title={texts.feeTitle}>{content}</ConsoleCard>
    </ConsolePage>
  );
}
