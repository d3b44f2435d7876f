import type { SeatTag, VenueLayout } from '@curtaincall/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import type { SeatGroup } from '../utils/layout-geometry';
import { seatTagLabels } from '../utils/layout-cursor';
import { describeSeats } from '../utils/layout-selection';
import { compactInputClass, compactLabelClass, panelClass } from './field-classes';

/** The tags a seller puts on by hand (COMPANION comes with a pairing). */
const settableTags: readonly SeatTag[] = ['WHEELCHAIR', 'RESTRICTED_VIEW', 'HELD', 'KILLED'];

export type SeatAction =
  | { kind: 'paint' }
  | { kind: 'tag'; tag: SeatTag; isOn: boolean }
  | { kind: 'pair' }
  | { kind: 'unpair' }
  | { kind: 'remove' }
  | { kind: 'aisle' }
  | { kind: 'closeAisle' }
  | { kind: 'addSeats'; count: number }
  | { kind: 'clear' };

interface SeatToolsProps {
  layout: VenueLayout;
  groups: SeatGroup[];
  activeGradeName: string;
  onAction: (action: SeatAction) => void;
}

/**
 * What to do with the selected seats: paint, tag, pair a wheelchair seat with its companion,
 * remove (leaving an aisle), open or close an aisle, add seats at the end of their rows. Every
 * button has a key on the canvas too (listed in the help).
 */
export function SeatTools({ layout, groups, activeGradeName, onAction }: SeatToolsProps) {
  const id = useId();
  const [addCount, setAddCount] = useState('1');
  const count = groups.reduce((sum, group) => sum + group.seats.length, 0);
  const isEmpty = count === 0;
  const canPair = count === 2 && groups.length === 1;

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <h3 id={`${id}-title`} className="text-base font-bold text-white">
        선택한 좌석
      </h3>
      <p className="mt-1 mb-3 text-sm text-zinc-300" aria-live="polite">
        {isEmpty
          ? '선택한 좌석이 없습니다. 선택 도구로 드래그하거나 캔버스에서 Space로 고르세요.'
          : `${describeSeats(layout, groups)} (${formatNumber(count)}석)`}
      </p>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={isEmpty} onClick={() => onAction({ kind: 'paint' })}>
            {activeGradeName}(으)로 칠하기
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={isEmpty}
            onClick={() => onAction({ kind: 'clear' })}
          >
            선택 해제
          </Button>
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className={`${compactLabelClass} mb-1`}>좌석 태그</legend>
          {settableTags.map((tag) => (
            <div
              key={tag}
              className="flex items-center justify-between gap-2 text-sm text-zinc-200"
            >
              <span>{seatTagLabels[tag]}</span>
              <span className="flex gap-1">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isEmpty}
                  aria-label={`${seatTagLabels[tag]} 지정`}
                  onClick={() => onAction({ kind: 'tag', tag, isOn: true })}
                >
                  지정
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={isEmpty}
                  aria-label={`${seatTagLabels[tag]} 해제`}
                  onClick={() => onAction({ kind: 'tag', tag, isOn: false })}
                >
                  해제
                </Button>
              </span>
            </div>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!canPair}
            onClick={() => onAction({ kind: 'pair' })}
          >
            휠체어석·동반석 짝 짓기
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={isEmpty}
            onClick={() => onAction({ kind: 'unpair' })}
          >
            동반석 해제
          </Button>
        </div>
        <p className="text-xs text-zinc-400">
          짝 짓기: 같은 열의 두 좌석을 고르면 왼쪽 좌석이 휠체어석, 오른쪽 좌석이 동반석이 됩니다.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={isEmpty}
            onClick={() => onAction({ kind: 'remove' })}
          >
            좌석 삭제
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={isEmpty}
            onClick={() => onAction({ kind: 'aisle' })}
          >
            선택 뒤에 통로 넣기
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={isEmpty}
            onClick={() => onAction({ kind: 'closeAisle' })}
          >
            통로 없애기
          </Button>
        </div>
        <div className="flex items-end gap-2">
          <div className="flex w-24 flex-col gap-1">
            <label htmlFor={`${id}-add`} className={compactLabelClass}>
              끝에 추가할 좌석
            </label>
            <input
              id={`${id}-add`}
              className={compactInputClass}
              inputMode="numeric"
              value={addCount}
              onChange={(event) =>
                setAddCount(event.target.value.replace(/[^\d]/g, '').slice(0, 4))
              }
            />
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={isEmpty || Number(addCount) < 1}
            onClick={() => onAction({ kind: 'addSeats', count: Number(addCount) })}
          >
            선택한 열에 좌석 추가
          </Button>
        </div>
      </div>
    </section>
  );
}
