import { checkVenueLayout, type VenueLayout } from '@curtaincall/contracts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { useSession } from '@/features/auth/hooks/use-session';
import {
  ConcertForm,
  type SeatSourceChoice,
} from '@/features/seller-concerts/components/concert-form';
import { useVenue } from '@/features/venues/api/venues-api';
import {
  concertLayoutFields,
  isSelectionReady,
  VenueLayoutPicker,
  type VenueLayoutSelection,
} from '@/features/venues/components/venue-layout-picker';

/** Texts of the seat source choice on the register page (issue 25). */
const seatSourceTexts = {
  venueRequired: '좌석 배치에 쓸 공연장을 선택해주세요.',
  layoutInvalid: '좌석 배치에 고칠 곳이 있습니다. 배치도 아래의 목록을 확인해주세요.',
} as const;

/**
 * The grades of the chosen layout at this show's prices (the venue's unless changed here), for
 * 회차별 가격 (issue 26); null for the quick plan, a venue still loading or a broken layout.
 */
function useChosenGrades(selection: VenueLayoutSelection): SeatSourceChoice['grades'] {
  const venue = useVenue(selection.source === 'venue' ? selection.venueId : null);
  const venueLayout = venue.data?.layout;
  return useMemo(() => {
    let layout: VenueLayout | null = null;
    if (selection.source === 'inline') layout = selection.seatLayout;
    else if (selection.source === 'venue' && venueLayout) {
      const checked = checkVenueLayout(venueLayout);
      layout = checked.ok ? checked.layout : null;
    }
    if (!layout) return null;
    const overrides = selection.source === 'venue' ? selection.gradePrices : [];
    return layout.grades.map((grade) => ({
      code: grade.code,
      name: grade.name,
      price: overrides.find((entry) => entry.code === grade.code)?.price ?? grade.price,
    }));
  }, [selection, venueLayout]);
}

/** The concert form's seat source: the seller's venues and the builder (features/venues). */
function useSeatSource(): SeatSourceChoice {
  const [selection, setSelection] = useState<VenueLayoutSelection>({ source: 'quick' });
  const grades = useChosenGrades(selection);
  return {
    grades,
    isQuickPlan: selection.source === 'quick',
    fields: concertLayoutFields(selection),
    problem: isSelectionReady(selection)
      ? null
      : selection.source === 'venue'
        ? seatSourceTexts.venueRequired
        : seatSourceTexts.layoutInvalid,
    render: (layoutProblems) => (
      <VenueLayoutPicker
        value={selection}
        onChange={setSelection}
        serverProblems={layoutProblems}
      />
    ),
  };
}

/**
 * /seller/concerts/register (seller-admin-side.md §2 "Concert registration"): the inline form,
 * with 회차 (issue 26): one date and time registers a concert as the spec's form does, more
 * register one show with every performance. A save goes to /seller/concerts (the management
 * list) after its message; cancel goes to /concerts.
 */
export function SellerConcertRegisterPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const seatSource = useSeatSource();
  // The route guard lets only sellers in; visitors without a session see the 403 page's
  // '로그인한 판매자만' words (unauthorized-page.tsx).
  if (!user) return null;
  return (
    <ConsolePage
      title="콘서트 등록"
      description="공연 정보와 회차(날짜·시간), 예매 기간을 입력하고, 좌석은 좌석 수만으로 자동 배치하거나 저장한 공연장·직접 그린 배치도로 만듭니다."
    >
      <div className="max-w-5xl">
        <ConcertForm
          sellerId={user.userId}
          seatSource={seatSource}
          onSaved={() => void navigate('/seller/concerts')}
          onClosed={() => void navigate('/concerts')}
        />
      </div>
    </ConsolePage>
  );
}
