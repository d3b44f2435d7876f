import { checkVenueLayout, type VenueLayout } from '@curtaincall/contracts';
import type { LayoutCheckAnswer, LayoutCheckRequest } from './layout-check-messages';

/**
 * Checks layouts one after another: `done` gets the problems, right away when checked on this
 * thread (as the component tests expect), later from the worker. `close` lets the worker go.
 */
export interface LayoutChecker {
  check(layout: VenueLayout, done: (problems: string[]) => void): void;
  close(): void;
}

function problemsOf(layout: VenueLayout): string[] {
  const result = checkVenueLayout(layout);
  return result.ok ? [] : result.problems;
}

const checkHere: LayoutChecker = {
  check: (layout, done) => done(problemsOf(layout)),
  close: () => undefined,
};

/**
 * The full schema check (0.5-1 s on a 50,000-seat hall in the phone profile) in a Web Worker, so
 * the page answers the next stroke meanwhile. Without `Worker` (jsdom in the component tests)
 * or once the worker fails to start or dies, layouts are checked on this thread as before.
 */
export function createLayoutChecker(): LayoutChecker {
  if (typeof Worker === 'undefined') return checkHere;
  let worker: Worker | null;
  try {
    worker = new Worker(new URL('./layout-check.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return checkHere;
  }
  /** The layout the worker holds: the next request sends only sections that differ from it. */
  let sent: VenueLayout | null = null;
  let nextId = 0;
  const pending = new Map<number, { layout: VenueLayout; done: (problems: string[]) => void }>();

  worker.onmessage = (event: MessageEvent<LayoutCheckAnswer>) => {
    const { id, problems } = event.data;
    pending.get(id)?.done(problems);
    pending.delete(id);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const { layout, done } of pending.values()) done(problemsOf(layout));
    pending.clear();
  };

  return {
    check(layout, done) {
      if (!worker) {
        done(problemsOf(layout));
        return;
      }
      const { sections, ...head } = layout;
      const before = sent?.sections;
      const changed: LayoutCheckRequest['changed'] = [];
      sections.forEach((section, index) => {
        if (before?.[index] !== section) changed.push([index, section]);
      });
      nextId += 1;
      const request: LayoutCheckRequest = {
        id: nextId,
        head,
        sectionCount: sections.length,
        changed,
      };
      worker.postMessage(request);
      sent = layout;
      pending.set(request.id, { layout, done });
    },
    close() {
      worker?.terminate();
      worker = null;
      pending.clear();
    },
  };
}
