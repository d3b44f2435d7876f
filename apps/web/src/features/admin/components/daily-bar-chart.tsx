import { useId, useLayoutEffect, useRef, useState } from 'react';
import { labelledDays, niceCeiling, shortDay, valueTicks } from '../utils/chart-scale';

export interface DailyValue {
  date: string;
  value: number;
}

const height = 200;
const padding = { top: 12, right: 8, bottom: 28, left: 48 };

/** Drawn at this width where nothing can be measured (no layout, as in unit tests). */
const fallbackWidth = 640;

/**
 * The element's width in px, followed as it resizes. Measured before the first paint, so the
 * chart never shows at a wrong size.
 */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || fallbackWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * One series per day as bars, drawn in pixels at the container's width so labels stay legible at
 * 375 px. For assistive technology the drawing is one image with a summary (`summary`); the
 * numbers themselves are in the page's table, which screen readers always reach.
 */
export function DailyBarChart({
  title,
  summary,
  data,
  formatAxis,
  formatValue,
}: {
  title: string;
  summary: string;
  data: DailyValue[];
  formatAxis: (value: number) => string;
  formatValue: (value: number) => string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const titleId = useId();
  const descId = useId();
  const max = Math.max(0, ...data.map((day) => day.value));
  const top = niceCeiling(max);
  const plotWidth = Math.max(0, width - padding.left - padding.right);
  const plotHeight = height - padding.top - padding.bottom;
  const slot = data.length > 0 ? plotWidth / data.length : 0;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => padding.top + plotHeight - (value / top) * plotHeight;
  const labelled = new Set(labelledDays(data.length, plotWidth));

  return (
    <div ref={ref} className="w-full">
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          className="block overflow-visible"
        >
          <title id={titleId}>{title}</title>
          <desc id={descId}>{summary}</desc>
          {valueTicks(max).map((tick) => (
            <g key={tick}>
              <line
                x1={padding.left}
                x2={width - padding.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-surface-700"
                strokeDasharray={tick === 0 ? undefined : '3 4'}
              />
              <text
                x={padding.left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-zinc-400 text-[11px] tabular-nums"
              >
                {formatAxis(tick)}
              </text>
            </g>
          ))}
          {data.map((day, index) => {
            const x = padding.left + index * slot + (slot - barWidth) / 2;
            const barTop = y(day.value);
            const isToday = index === data.length - 1;
            return (
              <g key={day.date}>
                {day.value > 0 && (
                  <rect
                    x={x}
                    y={barTop}
                    width={barWidth}
                    height={Math.max(1, padding.top + plotHeight - barTop)}
                    rx={Math.min(3, barWidth / 2)}
                    className={isToday ? 'fill-rose-400' : 'fill-rose-500/70'}
                  >
                    <title>{`${shortDay(day.date)} ${formatValue(day.value)}`}</title>
                  </rect>
                )}
                {labelled.has(index) && (
                  <text
                    x={x + barWidth / 2}
                    y={height - 8}
                    textAnchor="middle"
                    className={`text-[11px] tabular-nums ${isToday ? 'fill-rose-200' : 'fill-zinc-400'}`}
                  >
                    {isToday ? '오늘' : shortDay(day.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {width === 0 && <div style={{ height }} />}
    </div>
  );
}
