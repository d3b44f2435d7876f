import {
  arenaLayout,
  quickPlanLayout,
  rectangleHallLayout,
  VenueLayoutTemplateError,
  limits,
  type VenueLayout,
} from '@curtaincall/contracts';
import { Download, FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { downloadLayout, readLayoutFile } from '../utils/layout-files';
import { compactLabelClass, panelClass } from './field-classes';
import { NumberField } from './number-field';

type Template = 'quick' | 'hall' | 'arena';

interface LayoutStarterProps {
  layout: VenueLayout;
  /** A whole new layout (template or import): one undo step, so 실행 취소 brings the old one back. */
  onReplace: (layout: VenueLayout, announcement: string) => void;
}

const templateLabels: Record<Template, string> = {
  quick: '빠른 배치 (좌석 수만)',
  hall: '사각형 홀',
  arena: '아레나 (플로어 스탠딩 + 층 좌석)',
};

/**
 * Where a layout starts: a template (quick plan from a seat count, a rectangle hall, an arena
 * with floor standing and tiers) or an import (the format's JSON, or CSV); and the export.
 * Import problems are listed next to the file control, in Korean, with their path or line.
 */
export function LayoutStarter({ layout, onReplace }: LayoutStarterProps) {
  const id = useId();
  const [template, setTemplate] = useState<Template>('hall');
  const [totalSeats, setTotalSeats] = useState(1_000);
  const [hall, setHall] = useState({ sections: 3, rowsPerSection: 20, seatsPerRow: 20 });
  const [arena, setArena] = useState({
    standingP: 1_000,
    standingR: 1_500,
    tiers: 2,
    sectionsPerTier: 8,
    rowsPerSection: 15,
    seatsPerRow: 20,
  });
  const [templateProblems, setTemplateProblems] = useState<string[]>([]);
  const [importResult, setImportResult] = useState<{
    problems: string[];
    warnings: string[];
  } | null>(null);
  const [isReading, setReading] = useState(false);

  const build = (): VenueLayout => {
    if (template === 'quick') return quickPlanLayout(totalSeats, layout.name);
    if (template === 'hall') return rectangleHallLayout({ name: layout.name, ...hall });
    return arenaLayout({
      name: layout.name,
      standingZones: [
        { name: 'P', grade: 'SP', capacity: arena.standingP },
        { name: 'R', grade: 'SR', capacity: arena.standingR },
      ].filter((zone) => zone.capacity > 0),
      tiers: arena.tiers,
      sectionsPerTier: arena.sectionsPerTier,
      rowsPerSection: arena.rowsPerSection,
      seatsPerRow: arena.seatsPerRow,
    });
  };

  // Not a <form>: the builder sits inside the venue page's form, and forms do not nest.
  const applyTemplate = () => {
    try {
      const built = build();
      setTemplateProblems([]);
      onReplace(built, `${templateLabels[template]} 템플릿으로 새로 시작함`);
    } catch (error) {
      if (error instanceof VenueLayoutTemplateError) setTemplateProblems(error.problems);
      else throw error;
    }
  };

  const importFile = async (file: File) => {
    setReading(true);
    try {
      const result = await readLayoutFile(file, layout);
      if (result.ok) {
        setImportResult({ problems: [], warnings: result.warnings });
        onReplace(result.layout, `${file.name}을(를) 가져옴`);
      } else {
        setImportResult({ problems: result.problems, warnings: [] });
      }
    } finally {
      setReading(false);
    }
  };

  const importProblemsId = `${id}-import-problems`;
  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <h3 id={`${id}-title`} className="mb-3 text-base font-bold text-white">
        템플릿 · 가져오기 · 내보내기
      </h3>
      <div className="grid gap-4 desktop:grid-cols-2">
        <div role="group" aria-label="템플릿으로 시작" className="flex flex-col gap-3">
          <fieldset className="flex flex-col gap-1.5">
            <legend className={`${compactLabelClass} mb-1`}>템플릿</legend>
            {(Object.keys(templateLabels) as Template[]).map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm text-zinc-200">
                <input
                  type="radio"
                  name={`${id}-template`}
                  checked={template === key}
                  onChange={() => setTemplate(key)}
                  className="accent-rose-500"
                />
                {templateLabels[key]}
              </label>
            ))}
          </fieldset>
          {template === 'quick' && (
            <NumberField
              label="전체 좌석 수"
              value={totalSeats}
              min={1}
              max={limits.totalSeatsMax}
              onCommit={setTotalSeats}
            />
          )}
          {template === 'hall' && (
            <div className="grid grid-cols-3 gap-2">
              <NumberField
                label="구역 수"
                value={hall.sections}
                min={1}
                max={200}
                onCommit={(sections) => setHall({ ...hall, sections })}
              />
              <NumberField
                label="구역당 열"
                value={hall.rowsPerSection}
                min={1}
                max={500}
                onCommit={(rowsPerSection) => setHall({ ...hall, rowsPerSection })}
              />
              <NumberField
                label="열당 좌석"
                value={hall.seatsPerRow}
                min={1}
                max={1_000}
                onCommit={(seatsPerRow) => setHall({ ...hall, seatsPerRow })}
              />
            </div>
          )}
          {template === 'arena' && (
            <div className="grid grid-cols-2 gap-2 tablet:grid-cols-3">
              <NumberField
                label="스탠딩 P 인원"
                value={arena.standingP}
                min={0}
                max={limits.totalSeatsMax}
                onCommit={(standingP) => setArena({ ...arena, standingP })}
              />
              <NumberField
                label="스탠딩 R 인원"
                value={arena.standingR}
                min={0}
                max={limits.totalSeatsMax}
                onCommit={(standingR) => setArena({ ...arena, standingR })}
              />
              <NumberField
                label="층 수"
                value={arena.tiers}
                min={0}
                max={10}
                onCommit={(tiers) => setArena({ ...arena, tiers })}
              />
              <NumberField
                label="층별 구역"
                value={arena.sectionsPerTier}
                min={1}
                max={200}
                onCommit={(sectionsPerTier) => setArena({ ...arena, sectionsPerTier })}
              />
              <NumberField
                label="구역당 열"
                value={arena.rowsPerSection}
                min={1}
                max={500}
                onCommit={(rowsPerSection) => setArena({ ...arena, rowsPerSection })}
              />
              <NumberField
                label="열당 좌석"
                value={arena.seatsPerRow}
                min={1}
                max={1_000}
                onCommit={(seatsPerRow) => setArena({ ...arena, seatsPerRow })}
              />
            </div>
          )}
          {templateProblems.length > 0 && (
            <ul role="alert" className="list-disc pl-5 text-xs text-rose-300">
              {templateProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <p className="text-xs text-zinc-400">
            지금 배치를 바꿉니다. 실행 취소(Ctrl+Z)로 되돌릴 수 있습니다.
          </p>
          <Button variant="outline" size="sm" onClick={applyTemplate}>
            이 템플릿으로 새로 시작
          </Button>
        </div>
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-file`} className={compactLabelClass}>
              <FileUp className="mr-1 inline size-4 align-text-bottom" aria-hidden />
              파일 가져오기 (JSON 또는 CSV)
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".json,.csv,application/json,text/csv"
              aria-describedby={
                importResult?.problems.length ? importProblemsId : `${id}-file-hint`
              }
              aria-invalid={importResult?.problems.length ? true : undefined}
              disabled={isReading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void importFile(file);
              }}
              // The browser's own file button speaks the browser's language: ours is Korean.
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-file`}
              aria-hidden
              className="inline-flex h-9 w-fit cursor-pointer items-center gap-1.5 rounded-lg border border-surface-600 bg-surface-800 px-3 text-sm font-semibold text-zinc-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-400 peer-disabled:cursor-wait peer-disabled:opacity-60 hover:bg-surface-700"
            >
              {isReading ? '읽는 중…' : '파일 선택'}
            </label>
            <p id={`${id}-file-hint`} className="text-xs text-zinc-400">
              CSV 열: section,row,number,grade,tags (엑셀에서 UTF-8 CSV로 저장). 등급과 가격, 무대,
              구역 위치는 지금 배치의 것을 씁니다.
            </p>
          </div>
          {importResult && importResult.problems.length > 0 && (
            <div
              id={importProblemsId}
              role="alert"
              className="rounded-xl border border-rose-500/40 bg-rose-500/10 p-3"
            >
              <p className="mb-1 text-sm font-semibold text-rose-100">
                가져오지 못했습니다. 고칠 곳 {formatNumber(importResult.problems.length)}개:
              </p>
              <ul className="max-h-48 list-disc overflow-y-auto pl-5 font-mono text-xs text-rose-200">
                {importResult.problems.slice(0, 100).map((problem, index) => (
                  <li key={`${index}-${problem}`}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          {importResult && importResult.problems.length === 0 && (
            <div role="status" className="text-sm text-emerald-300">
              가져왔습니다.
              {importResult.warnings.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-xs text-amber-200">
                  {importResult.warnings.slice(0, 50).map((warning, index) => (
                    <li key={`${index}-${warning}`}>{warning}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <div className="flex flex-wrap gap-2 border-t border-white/5 pt-3">
            <Button variant="outline" size="sm" onClick={() => downloadLayout(layout, 'json')}>
              <Download className="size-4" aria-hidden />
              JSON 내보내기
            </Button>
            <Button variant="outline" size="sm" onClick={() => downloadLayout(layout, 'csv')}>
              <Download className="size-4" aria-hidden />
              CSV 내보내기
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
