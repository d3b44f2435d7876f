import { autoPlaceSections, venueLayoutLimits, type VenueLayout } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { Eye, Hand, Move, MousePointer2, PaintBucket, Pencil, Redo2, Undo2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useAnnouncer } from '../hooks/use-announcer';
import { useLayoutCheck } from '../hooks/use-layout-check';
import { useLayoutHistory } from '../hooks/use-layout-history';
import { clampCursor, describeSeat, moveCursor, seatTagLabels } from '../utils/layout-cursor';
import {
  addAisleAfter,
  addSeatsToRows,
  closeAisles,
  pairCompanion,
  paintSeats,
  removeSeats,
  setSeatTag,
  updateSection,
} from '../utils/layout-edit';
import { measureLayout, type SeatGroup, type SeatRef } from '../utils/layout-geometry';
import {
  addGroups,
  describeSeats,
  emptySelection,
  groupsBetween,
  isSeatSelected,
  sectionLabel,
  selectionToGroups,
  toggleSeat,
  type SeatSelection,
} from '../utils/layout-selection';
import { withRo } from '../utils/korean';
import { countLayout } from '../utils/layout-stats';
import { compactInputClass, compactLabelClass } from './field-classes';
import { GradeEditor } from './grade-editor';
import { LayoutCanvas, type CanvasTool, type SeatGesture } from './layout-canvas';
import { LayoutPreview } from './layout-preview';
import { LayoutProblems } from './layout-problems';
import { LayoutStarter } from './layout-starter';
import { LayoutSummary } from './layout-summary';
import { SeatTools, type SeatAction } from './seat-tools';
import { SectionEditor } from './section-editor';

export interface VenueBuilderProps {
  /** The layout being edited (controlled): every edit comes back through `onChange`. */
  value: VenueLayout;
  onChange: (layout: VenueLayout) => void;
  /**
   * Problems the server found in the last save, in the layout's notation without the
   * `layout.` prefix ('sections[2].name: …'); listed with the builder's own.
   */
  serverProblems?: string[];
  /** Told whether the current layout passes the checker (false while a check is due). */
  onValidityChange?: (isValid: boolean) => void;
  /** The canvas height in CSS pixels. */
  canvasHeight?: number;
}

const tools: Array<{ value: CanvasTool; label: string; icon: typeof PaintBucket }> = [
  { value: 'paint', label: '칠하기', icon: PaintBucket },
  { value: 'select', label: '선택', icon: MousePointer2 },
  { value: 'move', label: '구역 이동', icon: Move },
  { value: 'pan', label: '화면 이동', icon: Hand },
];

/** 'sections[2].rows[0].seats[5].grade: …' -> the seat (or the section) it names. */
function refOfProblem(problem: string): { section: number; seat: SeatRef | null } | null {
  const match = /^sections\[(\d+)\](?:\.rows\[(\d+)\](?:\.seats\[(\d+)\])?)?/.exec(problem);
  if (!match) return null;
  const section = Number(match[1]);
  const row = match[2] === undefined ? null : Number(match[2]);
  const seat = match[3] === undefined ? 0 : Number(match[3]);
  return { section, seat: row === null ? null : { section, row, seat } };
}

const isTextTarget = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The seat-map builder (issue 25, point 4) for the venue page and the concert form: templates
 * and imports, sections, rows, seats and aisles, grades and prices, painting, tags, wheelchair
 * pairs, undo/redo, live counts and revenue, the buyer's preview, export; every action by
 * pointer and by keyboard, each announced. The layout is checked as the seller goes; its
 * problems are listed with their paths.
 */
export function VenueBuilder({
  value: layout,
  onChange,
  serverProblems = [],
  onValidityChange,
  canvasHeight = 520,
}: VenueBuilderProps) {
  const id = useId();
  const history = useLayoutHistory(layout, onChange);
  const { problems, isChecking, isValid } = useLayoutCheck(layout);
  const { announcement, announcementKey, announce } = useAnnouncer();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [tool, setTool] = useState<CanvasTool>('paint');
  const [activeGrade, setActiveGrade] = useState(layout.grades[0]?.code ?? '');
  const [selection, setSelection] = useState<SeatSelection>(emptySelection);
  const [cursor, setCursor] = useState<SeatRef | null>(null);
  const [anchor, setAnchor] = useState<SeatRef | null>(null);
  const [activeSection, setActiveSection] = useState<number | null>(0);
  const [fitKey, setFitKey] = useState(0);
  const canvasWrapRef = useRef<HTMLDivElement>(null);

  const geometry = useMemo(() => measureLayout(layout), [layout]);
  const counts = useMemo(() => countLayout(layout), [layout]);
  const groups = useMemo(() => selectionToGroups(selection), [selection]);
  const problemByPath = useMemo(() => {
    const byPath = new Map<string, string>();
    for (const line of [...serverProblems, ...problems]) {
      const at = line.indexOf(': ');
      if (at > 0 && !byPath.has(line.slice(0, at)))
        byPath.set(line.slice(0, at), line.slice(at + 2));
    }
    return byPath;
  }, [problems, serverProblems]);
  const problemAt = (path: string) => problemByPath.get(path);

  useEffect(() => onValidityChange?.(isValid), [isValid, onValidityChange]);

  // A grade deleted or renamed elsewhere (undo, import) leaves the brush on a real grade.
  const brush = layout.grades.find((grade) => grade.code === activeGrade) ?? layout.grades[0];
  const brushCode = brush?.code ?? '';

  const afterStructuralChange = (next: VenueLayout) => {
    setSelection(emptySelection);
    setAnchor(null);
    setCursor((current) => (current ? clampCursor(next, current) : current));
    setActiveSection((current) =>
      current === null ? 0 : Math.min(current, next.sections.length - 1),
    );
  };

  /** One edit: recorded for undo, announced; a structural one drops the selection. */
  const edit = (next: VenueLayout, text: string, options: { isStructural?: boolean } = {}) => {
    const changed = history.apply(next);
    if (options.isStructural && changed) afterStructuralChange(next);
    announce(changed ? text : '바뀐 것이 없습니다');
  };

  const replace = (imported: VenueLayout, text: string) => {
    // Every section gets its drawn place in the document (as the buyer's map will place it),
    // so moving one section later never shifts the others.
    const next = autoPlaceSections(imported);
    edit(next, text, { isStructural: true });
    setCursor(null);
    setActiveGrade(next.grades[0]?.code ?? '');
    setFitKey((key) => key + 1);
  };

  const undo = () => {
    if (history.undo()) {
      setSelection(emptySelection);
      announce('실행 취소함');
    } else announce('되돌릴 작업이 없습니다');
  };
  const redo = () => {
    if (history.redo()) {
      setSelection(emptySelection);
      announce('다시 실행함');
    } else announce('다시 실행할 작업이 없습니다');
  };

  const gradeName = (code: string) =>
    layout.grades.find((grade) => grade.code === code)?.name ?? code;

  const paint = (target: SeatGroup[], code: string) => {
    if (target.length === 0) {
      announce('칠할 좌석이 없습니다');
      return;
    }
    edit(
      paintSeats(layout, target, code),
      `${describeSeats(layout, target)} ${withRo(gradeName(code))} 칠함`,
    );
  };

  /** The selection, or the cursor's seat when nothing is selected (so one key paints one seat). */
  const targetGroups = (): SeatGroup[] => {
    if (groups.length > 0) return groups;
    const at = cursor && clampCursor(layout, cursor);
    return at ? [{ section: at.section, row: at.row, seats: [at.seat] }] : [];
  };

  const runAction = (action: SeatAction, target: SeatGroup[] = groups) => {
    const what = describeSeats(layout, target);
    switch (action.kind) {
      case 'paint':
        paint(target, brushCode);
        return;
      case 'clear':
        setSelection(emptySelection);
        announce('선택을 해제함');
        return;
      case 'tag':
        edit(
          setSeatTag(layout, target, action.tag, action.isOn),
          `${what} ${seatTagLabels[action.tag]} ${action.isOn ? '지정함' : '해제함'}`,
        );
        return;
      case 'unpair':
        edit(setSeatTag(layout, target, 'COMPANION', false), `${what} 동반석 해제함`);
        return;
      case 'pair': {
        const [group] = target;
        const [left, right] = group?.seats ?? [];
        if (!group || left === undefined || right === undefined || target.length !== 1) {
          announce('같은 열의 좌석 두 개를 골라 주세요');
          return;
        }
        const result = pairCompanion(
          layout,
          { section: group.section, row: group.row, seat: left },
          { section: group.section, row: group.row, seat: right },
        );
        if (!result.ok) announce(result.message);
        else edit(result.layout, `${what}: 왼쪽 좌석을 휠체어석, 오른쪽 좌석을 동반석으로 짝 지음`);
        return;
      }
      case 'remove':
        edit(removeSeats(layout, target), `${what} 삭제함`, { isStructural: true });
        return;
      case 'aisle':
        edit(addAisleAfter(layout, target), `${what} 뒤에 통로를 넣음`);
        return;
      case 'closeAisle':
        edit(closeAisles(layout, target), `${what} 앞의 통로를 없앰`);
        return;
      case 'addSeats': {
        const bySection = new Map<number, number[]>();
        for (const group of target)
          bySection.set(group.section, [...(bySection.get(group.section) ?? []), group.row]);
        let next = layout;
        for (const [section, rows] of bySection)
          next = addSeatsToRows(next, section, rows, action.count);
        edit(next, `${what}의 열 끝에 좌석 ${action.count}개씩 추가함`, { isStructural: true });
        return;
      }
    }
  };

  const onSeatGesture = (gesture: SeatGesture) => {
    if (tool === 'paint') {
      paint(gesture.groups, brushCode);
      if (gesture.clicked) setCursor(gesture.clicked);
      return;
    }
    if (gesture.clicked) {
      setSelection((current) =>
        gesture.isAdditive
          ? toggleSeat(current, gesture.clicked as SeatRef)
          : addGroups(current, gesture.groups, true),
      );
      setCursor(gesture.clicked);
      setAnchor(gesture.clicked);
      setActiveSection(gesture.clicked.section);
      announce(`${describeSeat(layout, gesture.clicked)} 선택함`);
      return;
    }
    setSelection((current) => addGroups(current, gesture.groups, !gesture.isAdditive));
    announce(
      gesture.groups.length > 0
        ? `${describeSeats(layout, gesture.groups)} 선택함`
        : '고른 영역에 좌석이 없습니다',
    );
  };

  const onCanvasKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const { key } = event;
    const current = clampCursor(layout, cursor);
    if (!current) return;
    if (event.altKey && key.startsWith('Arrow')) {
      event.preventDefault();
      const index = activeSection ?? current.section;
      const box = geometry.sections[index]?.box;
      const section = layout.sections[index];
      if (!box || !section) return;
      const step = event.shiftKey ? 50 : 10;
      const dx = key === 'ArrowLeft' ? -step : key === 'ArrowRight' ? step : 0;
      const dy = key === 'ArrowUp' ? -step : key === 'ArrowDown' ? step : 0;
      const position = { x: Math.round(box.x + dx), y: Math.round(box.y + dy) };
      edit(
        updateSection(layout, index, { position }),
        `${sectionLabel(section.name)}을 (${position.x}, ${position.y})로 옮김`,
      );
      return;
    }
    const moved = moveCursor(layout, current, key);
    if (moved) {
      event.preventDefault();
      setCursor(moved);
      setActiveSection(moved.section);
      if (event.shiftKey && key.startsWith('Arrow')) {
        const from = anchor ?? current;
        setAnchor(from);
        const range = groupsBetween(layout, from, moved);
        setSelection(addGroups(emptySelection, range, true));
        announce(`${describeSeats(layout, range)} 선택함`);
      } else {
        announce(
          `${describeSeat(layout, moved)}${isSeatSelected(selection, moved) ? ', 선택됨' : ''}`,
        );
      }
      return;
    }
    if (key === ' ') {
      event.preventDefault();
      const isOn = !isSeatSelected(selection, current);
      setSelection(toggleSeat(selection, current));
      setAnchor(current);
      announce(`${describeSeat(layout, current)} ${isOn ? '선택함' : '선택 해제함'}`);
    } else if (key === 'Enter') {
      event.preventDefault();
      paint(targetGroups(), brushCode);
    } else if (/^[1-9]$/.test(key) && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const grade = layout.grades[Number(key) - 1];
      if (!grade) {
        announce(`${key}번 등급이 없습니다`);
        return;
      }
      setActiveGrade(grade.code);
      paint(targetGroups(), grade.code);
    } else if (key === 'Escape') {
      if (groups.length > 0) {
        event.preventDefault();
        runAction({ kind: 'clear' });
      }
    } else if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'a') {
      event.preventDefault();
      const section = layout.sections[current.section];
      if (section?.kind !== 'SEATED') return;
      const all = section.rows.map((row, r) => ({
        section: current.section,
        row: r,
        seats: row.seats.map((_, i) => i),
      }));
      setSelection(addGroups(emptySelection, all, true));
      announce(`${describeSeats(layout, all)} 선택함`);
    } else if (key === 'Delete' || key === 'Backspace') {
      event.preventDefault();
      if (groups.length > 0) runAction({ kind: 'remove' });
      else announce('삭제할 좌석을 먼저 고르세요');
    }
  };

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || isTextTarget(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      undo();
    } else if ((key === 'z' && event.shiftKey) || key === 'y') {
      event.preventDefault();
      redo();
    }
  };

  const pickProblem = (problem: string) => {
    const ref = refOfProblem(problem);
    if (!ref) return;
    setMode('edit');
    setActiveSection(ref.section);
    if (ref.seat) setCursor(ref.seat);
    canvasWrapRef.current?.querySelector('canvas')?.focus();
  };

  const helpId = `${id}-help`;
  return (
    <div className="flex flex-col gap-4" onKeyDown={onRootKeyDown}>
      <div className="flex max-w-sm flex-col gap-1">
        <label htmlFor={`${id}-layout-name`} className={compactLabelClass}>
          좌석 배치 이름
        </label>
        <input
          id={`${id}-layout-name`}
          className={compactInputClass}
          value={layout.name}
          maxLength={venueLayoutLimits.nameMax}
          aria-invalid={problemAt('name') ? true : undefined}
          aria-describedby={problemAt('name') ? `${id}-layout-name-error` : undefined}
          onChange={(event) =>
            edit({ ...layout, name: event.target.value }, '좌석 배치 이름을 바꿈')
          }
        />
        {problemAt('name') && (
          <p id={`${id}-layout-name-error`} className="text-xs text-rose-300">
            {problemAt('name')}
          </p>
        )}
      </div>
      <LayoutStarter layout={layout} onReplace={replace} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1" role="group" aria-label="실행 취소와 다시 실행">
          <Button
            variant="outline"
            size="sm"
            onClick={undo}
            disabled={!history.canUndo}
            aria-keyshortcuts="Control+Z"
          >
            <Undo2 className="size-4" aria-hidden />
            실행 취소
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={redo}
            disabled={!history.canRedo}
            aria-keyshortcuts="Control+Shift+Z"
          >
            <Redo2 className="size-4" aria-hidden />
            다시 실행
          </Button>
        </div>
        <div className="flex flex-wrap gap-1" role="group" aria-label="보기">
          {(
            [
              ['edit', '편집', Pencil],
              ['preview', '구매자 미리보기', Eye],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={clsx(
                'inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold transition-colors',
                mode === value
                  ? 'border-rose-500 bg-rose-600 text-white'
                  : 'border-surface-600 text-zinc-300 hover:border-zinc-400 hover:text-white',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </button>
          ))}
        </div>
      </div>

      {mode === 'preview' ? (
        <LayoutPreview layout={layout} height={canvasHeight} />
      ) : (
        <div className="grid gap-4 desktop:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex min-w-0 flex-col gap-3">
            <div className="flex flex-wrap gap-1" role="group" aria-label="캔버스 도구">
              {tools.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={tool === option.value}
                  onClick={() => setTool(option.value)}
                  className={clsx(
                    'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold transition-colors',
                    tool === option.value
                      ? 'border-rose-400 bg-rose-500/15 text-rose-100'
                      : 'border-surface-600 text-zinc-300 hover:border-zinc-400 hover:text-white',
                  )}
                >
                  <option.icon className="size-4" aria-hidden />
                  {option.label}
                </button>
              ))}
              <span className="ml-2 self-center text-sm text-zinc-300">
                칠할 등급: <strong className="text-white">{brush?.name ?? '없음'}</strong>
              </span>
            </div>
            <div ref={canvasWrapRef}>
              <LayoutCanvas
                layout={layout}
                geometry={geometry}
                label={`${layout.name} 좌석 배치`}
                describedBy={helpId}
                tool={tool}
                selection={selection}
                cursor={cursor}
                activeSection={activeSection}
                fitKey={fitKey}
                height={canvasHeight}
                onSeatGesture={onSeatGesture}
                onSectionMove={(index, position) => {
                  const section = layout.sections[index];
                  edit(
                    updateSection(layout, index, { position }),
                    `${section ? sectionLabel(section.name) : '구역'}을 (${position.x}, ${position.y})로 옮김`,
                  );
                }}
                onSectionPick={setActiveSection}
                onKeyDown={onCanvasKeyDown}
              />
            </div>
            <p
              role="status"
              aria-live="polite"
              aria-atomic="true"
              data-testid="builder-announcement"
              className="min-h-5 text-sm text-zinc-200"
            >
              {/* A new node per announcement: the same sentence twice is read twice. */}
              <span key={announcementKey}>{announcement}</span>
            </p>
            <details className="text-xs text-zinc-400">
              <summary className="cursor-pointer text-sm text-zinc-300">키보드 사용법</summary>
              <p id={helpId} className="mt-2 leading-relaxed">
                캔버스에서 화살표로 좌석 이동, Home/End로 열의 처음과 끝, PageUp/PageDown으로
                이전·다음 구역. Space로 좌석 선택, Shift+화살표로 범위 선택, Ctrl+A로 구역 전체
                선택, Esc로 선택 해제. Enter로 칠할 등급으로 칠하기, 숫자 1~9로 그 등급으로 칠하기.
                Delete로 좌석 삭제. Alt+화살표로 구역 이동(Shift와 함께 크게). +/-로 확대·축소.
                Ctrl+Z 실행 취소, Ctrl+Shift+Z 다시 실행.
              </p>
            </details>
            <LayoutProblems
              problems={problems}
              serverProblems={serverProblems}
              isChecking={isChecking}
              onPick={pickProblem}
            />
            <LayoutSummary counts={counts} />
          </div>
          <div className="flex flex-col gap-4">
            <SeatTools
              layout={layout}
              groups={groups}
              activeGradeName={brush?.name ?? ''}
              onAction={(action) => runAction(action)}
            />
            <GradeEditor
              layout={layout}
              counts={counts}
              activeGrade={brushCode}
              onActiveGradeChange={setActiveGrade}
              onEdit={(next, text) => edit(next, text)}
              problemAt={problemAt}
            />
            <SectionEditor
              layout={layout}
              geometry={geometry}
              activeSection={activeSection}
              activeGrade={brushCode}
              onActiveSectionChange={setActiveSection}
              onEdit={edit}
              problemAt={problemAt}
            />
          </div>
        </div>
      )}
    </div>
  );
}
