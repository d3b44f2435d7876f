/** The source of "now" for every rule that depends on time, so tests move time instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function createManualClock(start: Date = new Date()): Clock & {
  set(date: Date): void;
  advance(ms: number): void;
} {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
