import {
  limits,
  venueLayoutLimits,
  type LayoutSection,
  type VenueLayout,
} from '@curtaincall/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import {
  addRow,
  addSection,
  makeRows,
  nextSectionName,
  removeRows,
  removeSection,
  updateSection,
} from '../utils/layout-edit';
import type { LayoutGeometry } from '../utils/layout-geometry';
import { sectionLabel } from '../utils/layout-selection';
import { compactInputClass, compactLabelClass, panelClass } from './field-classes';
import { NumberField } from './number-field';

interface SectionEditorProps {
  layout: VenueLayout;
  geometry: LayoutGeometry;
  activeSection: number | null;
  activeGrade: string;
  onActiveSectionChange: (index: number) => void;
  onEdit: (layout: VenueLayout, announcement: string, options?: { isStructural?: boolean }) => void;
  problemAt: (path: string) => string | undefined;
}

/**
 * The sections: pick one (or click it with the move tool), rename it, place it by numbers, add
 * or remove rows; a standing zone's grade, capacity and size. New sections go below the others.
 */
export function SectionEditor({
  layout,
  geometry,
  activeSection,
  activeGrade,
  onActiveSectionChange,
  onEdit,
  problemAt,
}: SectionEditorProps) {
  const id = useId();
  const index = activeSection ?? 0;
  const section = layout.sections[index];
  const box = geometry.sections[index]?.box;
  const [newKind, setNewKind] = useState<'SEATED' | 'STANDING'>('SEATED');
  const [newRows, setNewRows] = useState(10);
  const [newSeats, setNewSeats] = useState(20);
  const [newCapacity, setNewCapacity] = useState(500);

  const addNew = () => {
    const name = nextSectionName(layout);
    const position = {
      x: Math.round(geometry.bounds.x),
      y: Math.round(geometry.bounds.y + geometry.bounds.height + 40),
    };
    const created: LayoutSection =
      newKind === 'SEATED'
        ? { kind: 'SEATED', name, position, rows: makeRows(newRows, newSeats, activeGrade) }
        : { kind: 'STANDING', name, grade: activeGrade, capacity: newCapacity, position };
    onEdit(addSection(layout, created), `${sectionLabel(name)}을 추가함`, { isStructural: true });
    onActiveSectionChange(layout.sections.length);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <h3 id={`${id}-title`} className="mb-3 text-base font-bold text-white">
        구역
      </h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-pick`} className={compactLabelClass}>
          편집할 구역
        </label>
        <select
          id={`${id}-pick`}
          className={compactInputClass}
          value={index}
          onChange={(event) => onActiveSectionChange(Number(event.target.value))}
        >
          {layout.sections.map((option, i) => (
            <option key={i} value={i}>
              {option.name} (
              {option.kind === 'SEATED' ? '좌석' : `스탠딩 ${formatNumber(option.capacity)}명`})
            </option>
          ))}
        </select>
      </div>
      {section && (
        <div className="mt-3 flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-name`} className={compactLabelClass}>
              구역 이름 ('-' 없이)
            </label>
            <input
              id={`${id}-name`}
              className={compactInputClass}
              value={section.name}
              maxLength={venueLayoutLimits.nameMax}
              aria-invalid={problemAt(`sections[${index}].name`) ? true : undefined}
              aria-describedby={
                problemAt(`sections[${index}].name`) ? `${id}-name-error` : undefined
              }
              onChange={(event) =>
                onEdit(
                  updateSection(layout, index, { name: event.target.value }),
                  '구역 이름을 바꿈',
                )
              }
            />
            {problemAt(`sections[${index}].name`) && (
              <p id={`${id}-name-error`} className="text-xs text-rose-300">
                {problemAt(`sections[${index}].name`)}
              </p>
            )}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <NumberField
              label="가로 위치(x)"
              value={Math.round(box?.x ?? 0)}
              onCommit={(x) =>
                onEdit(
                  updateSection(layout, index, { position: { x, y: Math.round(box?.y ?? 0) } }),
                  `${sectionLabel(section.name)}을 옮김`,
                )
              }
            />
            <NumberField
              label="세로 위치(y)"
              value={Math.round(box?.y ?? 0)}
              onCommit={(y) =>
                onEdit(
                  updateSection(layout, index, { position: { x: Math.round(box?.x ?? 0), y } }),
                  `${sectionLabel(section.name)}을 옮김`,
                )
              }
            />
          </div>
          {section.kind === 'SEATED' ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-zinc-300">
                {formatNumber(section.rows.length)}열 ·{' '}
                {formatNumber(section.rows.reduce((sum, row) => sum + row.seats.length, 0))}석
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={section.rows.length >= venueLayoutLimits.rowsPerSectionMax}
                  onClick={() =>
                    onEdit(addRow(layout, index), `${sectionLabel(section.name)}에 열을 추가함`)
                  }
                >
                  <Plus className="size-4" aria-hidden />열 추가
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={section.rows.length <= 1}
                  onClick={() =>
                    onEdit(
                      removeRows(layout, index, [section.rows.length - 1]),
                      `${sectionLabel(section.name)}의 마지막 열을 삭제함`,
                      { isStructural: true },
                    )
                  }
                >
                  마지막 열 삭제
                </Button>
              </div>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <div className="col-span-2 flex flex-col gap-1">
                <label htmlFor={`${id}-grade`} className={compactLabelClass}>
                  스탠딩 등급
                </label>
                <select
                  id={`${id}-grade`}
                  className={compactInputClass}
                  value={section.grade}
                  onChange={(event) =>
                    onEdit(
                      updateSection(layout, index, { grade: event.target.value }),
                      '스탠딩 등급을 바꿈',
                    )
                  }
                >
                  {layout.grades.map((grade) => (
                    <option key={grade.code} value={grade.code}>
                      {grade.name}
                    </option>
                  ))}
                </select>
              </div>
              <NumberField
                className="col-span-2"
                label="수용 인원(입장번호 수)"
                value={section.capacity}
                min={1}
                max={limits.totalSeatsMax}
                error={problemAt(`sections[${index}].capacity`)}
                onCommit={(capacity) =>
                  onEdit(
                    updateSection(layout, index, { capacity }),
                    `수용 인원을 ${formatNumber(capacity)}명으로 바꿈`,
                  )
                }
              />
              <NumberField
                label="너비"
                value={box?.width ?? 200}
                min={1}
                onCommit={(width) =>
                  onEdit(
                    updateSection(layout, index, { size: { width, height: box?.height ?? 100 } }),
                    '크기를 바꿈',
                  )
                }
              />
              <NumberField
                label="높이"
                value={box?.height ?? 100}
                min={1}
                onCommit={(height) =>
                  onEdit(
                    updateSection(layout, index, { size: { width: box?.width ?? 200, height } }),
                    '크기를 바꿈',
                  )
                }
              />
            </div>
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={layout.sections.length <= 1}
            onClick={() => {
              onEdit(removeSection(layout, index), `${sectionLabel(section.name)}을 삭제함`, {
                isStructural: true,
              });
              onActiveSectionChange(Math.max(0, index - 1));
            }}
          >
            <Trash2 className="size-4" aria-hidden />이 구역 삭제
          </Button>
        </div>
      )}
      <fieldset className="mt-4 flex flex-col gap-2 border-t border-white/5 pt-4">
        <legend className="sr-only">새 구역</legend>
        <p className="text-sm font-semibold text-zinc-100">새 구역</p>
        <div className="flex gap-4 text-sm text-zinc-200">
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={newKind === 'SEATED'}
              onChange={() => setNewKind('SEATED')}
              className="accent-rose-500"
            />
            좌석
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={newKind === 'STANDING'}
              onChange={() => setNewKind('STANDING')}
              className="accent-rose-500"
            />
            스탠딩
          </label>
        </div>
        {newKind === 'SEATED' ? (
          <div className="grid grid-cols-2 gap-2">
            <NumberField
              label="열 수"
              value={newRows}
              min={1}
              max={venueLayoutLimits.rowsPerSectionMax}
              onCommit={setNewRows}
            />
            <NumberField
              label="열당 좌석 수"
              value={newSeats}
              min={1}
              max={venueLayoutLimits.seatsPerRowMax}
              onCommit={setNewSeats}
            />
          </div>
        ) : (
          <NumberField
            label="수용 인원"
            value={newCapacity}
            min={1}
            max={limits.totalSeatsMax}
            onCommit={setNewCapacity}
          />
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={layout.sections.length >= venueLayoutLimits.sectionsMax}
          onClick={addNew}
        >
          <Plus className="size-4" aria-hidden />
          구역 추가
        </Button>
      </fieldset>
    </section>
  );
}
