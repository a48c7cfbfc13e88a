/**
 * A speedsolver's figures for the sliding puzzle: each solve's time, moves and TPS (moves a
 * second), and the rolling averages of the solves in order — single, mo3, ao5, ao12, ao50 and
 * ao100, the current one (the last N solves) and the best one (any N solves in a row).
 *
 * The rule, as speedsolving timers count it: mo3 is the plain mean of 3; ao5 and ao12 drop the
 * best and the worst solve and average the rest; ao50 and ao100 drop the best and the worst 5%
 * (rounded up: 3 of 50, 5 of 100). A DNF (a puzzle given up) counts as the worst; an average
 * with more DNFs than it drops is a DNF (mo3 drops none: one DNF makes it a DNF). Solves the
 * solver helped with are left out of the series altogether. Pure: for every front-end and
 * `stats --json`.
 */

/** One solve in a series: its time (null: given up, a DNF) and its moves. */
export interface SolveMark {
  readonly timeMs: number | null;
  readonly moves: number;
}

export const AVERAGES = ['single', 'mo3', 'ao5', 'ao12', 'ao50', 'ao100'] as const;
export type AverageName = (typeof AVERAGES)[number];

/** How many solves each average takes. */
export const AVERAGE_COUNT: Readonly<Record<AverageName, number>> = {
  single: 1,
  mo3: 3,
  ao5: 5,
  ao12: 12,
  ao50: 50,
  ao100: 100,
};

/** The most solves any average looks back over: what a series keeps of its past. */
export const TAIL_LENGTH = AVERAGE_COUNT.ao100;

export const METRICS = ['time', 'moves', 'tps'] as const;
/** time: ms, fewer is better; moves: fewer is better; tps: moves a second, more is better. */
export type Metric = (typeof METRICS)[number];

/** An average's value: a number (ms for time), or a DNF. */
export type Mark = number | 'DNF';

/** The current and the best of one average; null while there are too few solves. */
export interface AverageFigures {
  readonly current: Mark | null;
  readonly best: Mark | null;
}

export type Averages = Readonly<Record<AverageName, AverageFigures>>;

/** How many solves an average of `name` drops at each end. */
export function trimOf(name: AverageName): number {
  if (name === 'single' || name === 'mo3') return 0;
  return Math.ceil(AVERAGE_COUNT[name] / 20);
}

/** Moves a second of a solve (its time taken as at least 1 ms). */
export function tpsOf(moves: number, timeMs: number): number {
  return moves / (Math.max(1, timeMs) / 1000);
}

/** A solve's value in one metric: null for a DNF. */
export function metricOf(s: SolveMark, metric: Metric): number | null {
  if (s.timeMs === null) return null;
  if (metric === 'time') return s.timeMs;
  if (metric === 'moves') return s.moves;
  return tpsOf(s.moves, s.timeMs);
}

/** Whether `a` is better than `b` in a metric (both numbers). */
export function better(metric: Metric, a: number, b: number): boolean {
  return metric === 'tps' ? a > b : a < b;
}

/** Whether mark `a` is better than mark `b` (a DNF is worse than any number). */
export function betterMark(metric: Metric, a: Mark, b: Mark): boolean {
  if (a === 'DNF') return false;
  if (b === 'DNF') return true;
  return better(metric, a, b);
}

/** The average of `name` over exactly its count of solves (oldest first). */
export function averageOf(span: readonly SolveMark[], name: AverageName, metric: Metric): Mark {
  const trim = trimOf(name);
  const values = span.map((s) => metricOf(s, metric));
  const dnfs = values.filter((v) => v === null).length;
  if (dnfs > trim) return 'DNF';
  // Best first; the DNFs (at most `trim` of them) are the worst and go with the dropped.
  const sorted = (values.filter((v) => v !== null) as number[]).sort((a, b) =>
    metric === 'tps' ? b - a : a - b,
  );
  const kept = sorted.slice(trim, span.length - trim);
  return kept.reduce((t, v) => t + v, 0) / kept.length;
}

/** The average of `name` over the last solves of a series, or null with too few. */
export function currentAverage(
  series: readonly SolveMark[],
  name: AverageName,
  metric: Metric,
): Mark | null {
  const n = AVERAGE_COUNT[name];
  return series.length < n ? null : averageOf(series.slice(-n), name, metric);
}

/** The better of two marks, either of which may be missing. */
export function betterOf(metric: Metric, a: Mark | null, b: Mark | null): Mark | null {
  if (a === null) return b;
  if (b === null) return a;
  return betterMark(metric, b, a) ? b : a;
}

/** Best averages carried for solves no longer kept one by one: by metric, then by average. */
export type BestAverages = Readonly<Record<Metric, Readonly<Partial<Record<AverageName, Mark>>>>>;

export const NO_BESTS: BestAverages = { time: {}, moves: {}, tps: {} };

/** Every average of one metric: the current ones over `tail` (the last solves), the bests. */
export function averagesFrom(
  tail: readonly SolveMark[],
  bests: BestAverages,
  metric: Metric,
): Averages {
  const out = {} as Record<AverageName, AverageFigures>;
  for (const name of AVERAGES) {
    out[name] = { current: currentAverage(tail, name, metric), best: bests[metric][name] ?? null };
  }
  return out;
}

/** Stored solves: [time or -1 for a DNF, moves], oldest first. */
export type TailPairs = readonly (readonly [number, number])[];

/** The solves of a stored tail. */
export function marksOf(tail: TailPairs | undefined): SolveMark[] {
  return (tail ?? []).map(([t, moves]) => ({ timeMs: t < 0 ? null : t, moves }));
}

/** A stored tail and its best averages after one more solve. */
export function withSolve(
  tail: TailPairs | undefined,
  bests: BestAverages | undefined,
  solve: SolveMark,
): { tail: [number, number][]; bests: BestAverages } {
  const before = marksOf(tail);
  return {
    tail: [...before, solve].slice(-TAIL_LENGTH).map((x) => [x.timeMs ?? -1, x.moves]),
    bests: foldSolve(bests ?? NO_BESTS, before, solve),
  };
}

/** Every average of a stored tail and its bests, by metric. */
export function allAverages(
  tail: TailPairs | undefined,
  bests: BestAverages | undefined,
): Record<Metric, Averages> {
  const marks = marksOf(tail);
  return Object.fromEntries(
    METRICS.map((m) => [m, averagesFrom(marks, bests ?? NO_BESTS, m)]),
  ) as Record<Metric, Averages>;
}

/** The bests after one more solve, given the solves before it (at least the last 99). */
export function foldSolve(
  bests: BestAverages,
  before: readonly SolveMark[],
  solve: SolveMark,
): BestAverages {
  const series = [...before.slice(-TAIL_LENGTH), solve];
  const next = { time: { ...bests.time }, moves: { ...bests.moves }, tps: { ...bests.tps } };
  for (const metric of METRICS) {
    for (const name of AVERAGES) {
      const a = currentAverage(series, name, metric);
      const best = betterOf(metric, next[metric][name] ?? null, a);
      if (best !== null) next[metric][name] = best;
    }
  }
  return next;
}

/** The averages (by name) that a solve made better than ever before, for the solve summary. */
export function improved(before: Averages, after: Averages, metric: Metric): AverageName[] {
  return AVERAGES.filter((name) => {
    const a = after[name].best;
    const b = before[name].best;
    return a !== null && a !== 'DNF' && (b === null || betterMark(metric, a, b));
  });
}

// ------------------------------------------------------------------------ the stored form

const isCount = (x: unknown): x is number =>
  typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** A stored tail of solves ([time or -1 for a DNF, moves], oldest first), or null. */
export function parseTail(x: unknown): [number, number][] | null {
  if (!Array.isArray(x) || x.length > TAIL_LENGTH) return null;
  const ok = x.every(
    (p) => Array.isArray(p) && p.length === 2 && (p[0] === -1 || isCount(p[0])) && isCount(p[1]),
  );
  return ok ? x.map((p) => [p[0], p[1]] as [number, number]) : null;
}

const isMark = (x: unknown): x is Mark =>
  x === 'DNF' || (typeof x === 'number' && Number.isFinite(x) && x >= 0);

/** Stored best averages, or null. */
export function parseBestAverages(x: unknown): BestAverages | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return null;
  const r = x as Record<string, unknown>;
  const out = { time: {}, moves: {}, tps: {} } as Record<string, Record<string, Mark>>;
  for (const metric of METRICS) {
    const m = r[metric] ?? {};
    if (typeof m !== 'object' || m === null || Array.isArray(m)) return null;
    for (const [name, v] of Object.entries(m)) {
      if (!(AVERAGES as readonly string[]).includes(name) || !isMark(v)) return null;
      out[metric]![name] = v;
    }
  }
  return out as unknown as BestAverages;
}

/** The best averages of two runs of solves: the better of each. */
export function combineBests(
  a: BestAverages | undefined,
  b: BestAverages | undefined,
): BestAverages {
  const out = { time: {}, moves: {}, tps: {} } as Record<string, Record<string, Mark>>;
  for (const metric of METRICS) {
    for (const name of AVERAGES) {
      const v = betterOf(metric, a?.[metric][name] ?? null, b?.[metric][name] ?? null);
      if (v !== null) out[metric]![name] = v;
    }
  }
  return out as unknown as BestAverages;
}
