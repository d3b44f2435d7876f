import type { VenueLayout } from '@curtaincall/contracts';
import { useState } from 'react';
import {
  recordStep,
  redoStep,
  startHistory,
  undoStep,
  type LayoutHistory,
} from '../utils/layout-history';

/**
 * Undo and redo around a controlled layout: `apply` records a step and hands the new layout to
 * `onChange`. A layout the parent sets itself (a reset, a loaded venue) starts a new history.
 */
export function useLayoutHistory(value: VenueLayout, onChange: (layout: VenueLayout) => void) {
  const [history, setHistory] = useState<LayoutHistory>(() => startHistory(value));
  let current = history;
  if (history.present !== value) {
    current = startHistory(value);
    setHistory(current);
  }
  const move = (next: LayoutHistory) => {
    if (next === current) return false;
    setHistory(next);
    onChange(next.present);
    return true;
  };
  return {
    canUndo: current.past.length > 0,
    canRedo: current.future.length > 0,
    apply: (layout: VenueLayout) => move(recordStep(current, layout)),
    undo: () => move(undoStep(current)),
    redo: () => move(redoStep(current)),
  };
}
