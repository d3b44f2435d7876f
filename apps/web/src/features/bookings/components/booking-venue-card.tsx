import { MapPin, Navigation, Phone } from 'lucide-react';
import { Button, buttonStyles } from '@/components/ui/button';
import { telHref, venueMapSearchUrl } from '../utils/booking-links';
import { DetailCard } from './detail-card';

/** Venue name and address, a map search in a new tab, and the venue's phone when known. */
export function BookingVenueCard({
  venueName,
  venueAddress,
  venuePhone,
}: {
  venueName: string;
  venueAddress: string;
  venuePhone?: string | null;
}) {
  const tel = telHref(venuePhone);
  return (
    <DetailCard id="booking-venue" title="공연장 정보" icon={MapPin}>
      <div className="flex flex-col gap-4 tablet:flex-row tablet:items-center tablet:justify-between">
        <div className="min-w-0">
          <p className="text-base font-bold text-white">{venueName}</p>
          <p className="mt-1 text-sm leading-relaxed text-zinc-300">{venueAddress}</p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 tablet:flex">
          <a
            href={venueMapSearchUrl(venueAddress)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles({ variant: 'secondary', size: 'md' })}
          >
            <Navigation className="size-4" aria-hidden />
            길찾기
            <span className="sr-only">(네이버 지도, 새 창)</span>
          </a>
          {tel ? (
            <a href={tel} className={buttonStyles({ variant: 'outline', size: 'md' })}>
              <Phone className="size-4" aria-hidden />
              공연장 전화
            </a>
          ) : (
            <Button variant="outline" disabled title="공연장 전화번호가 등록되지 않았습니다.">
              <Phone className="size-4" aria-hidden />
              공연장 전화
            </Button>
          )}
        </div>
      </div>
    </DetailCard>
  );
}
