import type { VenueLayout } from '@curtaincall/contracts';

/**
 * Undo and redo as whole layouts. Each step shares everything its edit did not touch with the
 * step before (layout-edit.ts), so 100 steps of a 50,000-seat hall cost the changed rows only.
 */
export interface LayoutHistory {
  past: VenueLayout[];
  present: VenueLayout;
  future: VenueLayout[];
}

export const historyLimit = 100;

export function startHistory(layout: VenueLayout): LayoutHistory {
  return { past: [], present: layout, future: [] };
}

/** A new step; an edit that changed nothing (the same object) is no step. */
export function recordStep(history: LayoutHistory, next: VenueLayout): LayoutHistory {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  if (past.length > historyLimit) past.shift();
  return { past, present: next, future: [] };
}

export function undoStep(history: LayoutHistory): LayoutHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redoStep(history: LayoutHistory): LayoutHistory {
  const [next, ...future] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future };
}
