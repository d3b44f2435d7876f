import type { VenueSummary } from '@curtaincall/contracts';
import { Building2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { Button, buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { formatNumber, formatPrice } from '@/lib/format';
import { useVenues } from '../api/venues-api';
import { DeleteVenueDialog } from './delete-venue-dialog';

function VenueCard({ venue, onDelete }: { venue: VenueSummary; onDelete: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-900/70 p-4 tablet:flex-row tablet:items-start tablet:justify-between">
      <div className="min-w-0">
        <h2 className="text-lg font-bold text-white">
          <Link to={`/seller/venues/${venue.id}`} className="hover:underline">
            {venue.name}
          </Link>
        </h2>
        <p className="text-sm text-zinc-400">{venue.address ?? '주소 없음'}</p>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-300">
          <div className="flex gap-1">
            <dt>좌석</dt>
            <dd className="font-semibold text-zinc-100 tabular-nums">
              {formatNumber(venue.totalPlaces)}석
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>구역</dt>
            <dd className="tabular-nums">{formatNumber(venue.sectionCount)}개</dd>
          </div>
          <div className="flex gap-1">
            <dt>사용한 콘서트</dt>
            <dd className="tabular-nums">{formatNumber(venue.concertCount)}개</dd>
          </div>
        </dl>
        <ul aria-label={`${venue.name} 등급`} className="mt-2 flex flex-wrap gap-2">
          {venue.grades.map((grade) => (
            <li
              key={grade.code}
              className="inline-flex items-center gap-1.5 rounded-full bg-surface-800 px-2.5 py-0.5 text-xs text-zinc-200"
            >
              <span
                className="size-2.5 rounded-sm"
                style={{ backgroundColor: grade.color ?? '#71717a' }}
                aria-hidden
              />
              {grade.name} {formatPrice(grade.price)} · {formatNumber(grade.places)}석
            </li>
          ))}
        </ul>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link
          to={`/seller/venues/${venue.id}`}
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
          aria-label={`${venue.name} 편집`}
        >
          <Pencil className="size-4" aria-hidden />
          편집
        </Link>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`${venue.name} 삭제`}>
          <Trash2 className="size-4" aria-hidden />
          삭제
        </Button>
      </div>
    </li>
  );
}

/** /seller/venues: the seller's saved venues (issue 25, point 2). */
export function VenueListPage() {
  const venues = useVenues();
  const [deleting, setDeleting] = useState<VenueSummary | null>(null);

  let content;
  if (venues.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label="공연장 목록을 불러오는 중입니다" />
      </div>
    );
  } else if (venues.isError) {
    content = (
      <ErrorState
        title="공연장 목록을 불러오지 못했습니다."
        description={venues.error.message}
        onRetry={() => void venues.refetch()}
        isRetrying={venues.isFetching}
      />
    );
  } else if (venues.data.length === 0) {
    content = (
      <EmptyState
        icon={Building2}
        title="저장한 공연장이 없습니다."
        description="좌석 배치를 한 번 만들어 두면 콘서트를 등록할 때 다시 쓸 수 있습니다."
      >
        <Link to="/seller/venues/new" className={buttonStyles()}>
          <Plus className="size-4" aria-hidden />새 공연장
        </Link>
      </EmptyState>
    );
  } else {
    content = (
      <ul className="flex flex-col gap-3">
        {venues.data.map((venue) => (
          <VenueCard key={venue.id} venue={venue} onDelete={() => setDeleting(venue)} />
        ))}
      </ul>
    );
  }

  return (
    <ConsolePage
      title="공연장 관리"
      description="공연장의 좌석 배치와 등급별 가격을 저장해 두고 콘서트를 등록할 때 다시 쓰세요."
      actions={
        <Link to="/seller/venues/new" className={buttonStyles()}>
          <Plus className="size-4" aria-hidden />새 공연장
        </Link>
      }
    >
      {content}
      <DeleteVenueDialog venue={deleting} onClose={() => setDeleting(null)} />
    </ConsolePage>
  );
}
