/**
 * The parts of the benchmarks that decide what is printed (issue 24): whether a baseline was
 * really driven to its ceiling, when a capacity search stops, how rank frames group into ticks,
 * and whether a goal held in every round. Pure functions, unit-tested in verdicts.test.ts.
 */

/** A baseline counts only when its server used at least this share of its one core. */
export const SATURATION_SHARE = 0.9;

/**
 * Whether a server was the limit of its own step: CPU seconds it used over the wall seconds of
 * the step. Below 90 % of one core the client (or something else) was the ceiling, and a ratio
 * against it would flatter whoever is compared with it.
 */
export function isSaturated(cpuSeconds: number, wallSeconds: number): boolean {
  return wallSeconds > 0 && cpuSeconds / wallSeconds >= SATURATION_SHARE;
}

/** One step of an open-loop capacity search at a fixed offered rate. */
export interface CapacityStep {
  /** Offered requests per second. */
  offered: number;
  /** Requests answered per second. */
  answered: number;
  p99Ms: number;
  /** Requests that got no answer, or a wrong one (5xx, reset). */
  lost: number;
  /** p99 of the load generator's own lateness in sending (its event-loop lag), ms. */
  generatorLagP99Ms: number;
}

export interface CapacityRule {
  /** The latency goal: a step whose p99 is above it is over capacity. */
  p99LimitMs: number;
  /** Above this the generator could not keep its schedule: the step says nothing. */
  generatorLagLimitMs: number;
  /** Each step offers this many times the last one. */
  growth: number;
}

export const defaultCapacityRule: CapacityRule = {
  p99LimitMs: 50,
  generatorLagLimitMs: 5,
  growth: 1.1,
};

export type StepVerdict = 'within' | 'over' | 'void';

/**
 * 'void' when the generator lagged (the step measured the generator, not the server), 'over'
 * when the server missed the latency goal, lost answers or fell behind the offered rate by
 * more than 5 %, else 'within'.
 */
export function judgeStep(
  step: CapacityStep,
  rule: CapacityRule = defaultCapacityRule,
): StepVerdict {
  if (step.generatorLagP99Ms >= rule.generatorLagLimitMs) return 'void';
  if (step.p99Ms > rule.p99LimitMs || step.lost > 0 || step.answered < step.offered * 0.95) {
    return 'over';
  }
  return 'within';
}

export interface CapacityResult {
  /** The highest offered rate that stayed within the goal, or 0 when even the first did not. */
  capacity: number;
  steps: Array<CapacityStep & { verdict: StepVerdict }>;
  /** Why the search ended. */
  stoppedBy: 'over' | 'void' | 'max-rate';
}

/**
 * Raises the offered rate by `growth` from `start` until a step is over the goal, and reports the
 * last rate within it. A void step (the generator lagged) ends the search too: the rates above it
 * cannot be measured from here, and the result says so rather than guessing.
 */
export async function findCapacity(
  runStep: (offered: number) => Promise<CapacityStep>,
  options: { start: number; maxRate: number; rule?: CapacityRule },
): Promise<CapacityResult> {
  const rule = options.rule ?? defaultCapacityRule;
  const steps: CapacityResult['steps'] = [];
  let capacity = 0;
  for (
    let offered = options.start;
    offered <= options.maxRate;
    offered = Math.ceil(offered * rule.growth - 1e-9)
  ) {
    const step = await runStep(offered);
    const verdict = judgeStep(step, rule);
    steps.push({ ...step, verdict });
    if (verdict !== 'within') return { capacity, steps, stoppedBy: verdict };
    capacity = offered;
  }
  return { capacity, steps, stoppedBy: 'max-rate' };
}

/** A rank frame as a client saw it: the server's tick id and when it arrived (ms). */
export interface TickFrame {
  tick: number;
  at: number;
}

export interface TickFanOut {
  tick: number;
  /** When the tick's first frame arrived, ms. */
  firstAt: number;
  /** Frames of this tick that arrived. */
  reached: number;
  /** From the tick's first frame to its last, ms. */
  spreadMs: number;
  /** Each frame's delay after the tick's first frame, ms. */
  delays: number[];
}

/**
 * Groups frames by the tick id the server put in them: no guessing from gaps between arrivals,
 * so two ticks close together are never merged and one slow tick is never split.
 */
export function groupByTick(frames: TickFrame[]): TickFanOut[] {
  const byTick = new Map<number, number[]>();
  for (const frame of frames) {
    const arrivals = byTick.get(frame.tick);
    if (arrivals) arrivals.push(frame.at);
    else byTick.set(frame.tick, [frame.at]);
  }
  return [...byTick.entries()]
    .sort(([a], [b]) => a - b)
    .map(([tick, arrivals]) => {
      const sorted = arrivals.sort((a, b) => a - b);
      const first = sorted[0] ?? 0;
      return {
        tick,
        firstAt: first,
        reached: sorted.length,
        spreadMs: (sorted.at(-1) ?? first) - first,
        delays: sorted.map((t) => t - first),
      };
    });
}

export interface RoundsVerdict {
  values: number[];
  median: number;
  /** The round furthest from the goal. */
  worst: number;
  /** True only when every round met the goal. */
  pass: boolean;
}

/**
 * A goal holds when it holds in every round, not on the median: one slow round is a real slow
 * round a user would have met. `higherIsBetter` says which way is worse.
 */
export function everyRound(
  values: number[],
  goal: { limit: number; higherIsBetter: boolean },
): RoundsVerdict {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length === 0
      ? Number.NaN
      : sorted.length % 2
        ? (sorted[mid] ?? 0)
        : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  const worst = goal.higherIsBetter ? (sorted[0] ?? Number.NaN) : (sorted.at(-1) ?? Number.NaN);
  const pass =
    values.length > 0 &&
    values.every((v) => (goal.higherIsBetter ? v >= goal.limit : v <= goal.limit));
  return { values, median, worst, pass };
}

/** 'PASS', 'FAIL', or 'INCONCLUSIVE' when any round's baseline was not saturated. */
export function headline(pass: boolean, baselinesSaturated: boolean): string {
  if (!baselinesSaturated) return 'INCONCLUSIVE';
  return pass ? 'PASS' : 'FAIL';
}

/** '0.52, 0.55, 0.49 (median 0.52, worst 0.49)': every round beside the median and the worst. */
export function formatRounds(verdict: RoundsVerdict, digits = 2): string {
  const f = (v: number) => v.toFixed(digits);
  return `${verdict.values.map(f).join(', ')} (median ${f(verdict.median)}, worst ${f(verdict.worst)})`;
}

/** One round of a capacity search against its own baseline. */
export interface CapacityRound {
  /** The capacity found over the round's baseline. */
  ratio: number;
  /**
   * The search ended before any step was over the goal (the generator lagged, or the highest
   * rate it may offer was reached): the ratio is a lower bound.
   */
  lowerBound: boolean;
  /** The baseline did the same work as the server (e.g. every attempt a grant). */
  likeForLike: boolean;
}

/**
 * The headline of a capacity goal over rounds. A broken invariant fails whatever the speed; a
 * baseline that did other work says nothing; a goal met in every round passes, lower bounds
 * included; a round measured under the goal fails; misses that are only lower bounds say nothing.
 */
export function capacityVerdict(
  rounds: CapacityRound[],
  options: { goal: number; invariantsHold: boolean },
): { ratios: RoundsVerdict; headline: 'PASS' | 'FAIL' | 'INCONCLUSIVE' } {
  const ratios = everyRound(
    rounds.map((r) => r.ratio),
    { limit: options.goal, higherIsBetter: true },
  );
  if (!options.invariantsHold) return { ratios, headline: 'FAIL' };
  if (rounds.some((r) => !r.likeForLike)) return { ratios, headline: 'INCONCLUSIVE' };
  if (ratios.pass) return { ratios, headline: 'PASS' };
  const measuredMiss = rounds.some((r) => r.ratio < options.goal && !r.lowerBound);
  return { ratios, headline: measuredMiss || rounds.length === 0 ? 'FAIL' : 'INCONCLUSIVE' };
}
