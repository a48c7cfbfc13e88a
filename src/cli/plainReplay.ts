/**
 * `slidebox replay --plain` of a puzzle code with move times: one line a move, each written
 * when the solve made it (times the pace), then the end. Each line is due at a time worked out
 * from the start, so late timers do not add up.
 */
import type { Replay } from '../engine/shareReplay.ts';
import { formatSolveTime } from '../front/format.ts';
import { TIMED_PACES, timelineAt } from '../front/modelReplay.ts';

/** A pace of `--pace`: a multiple of the solve's speed, or `max` (every line at once). */
export type PlainPace = (typeof TIMED_PACES)[number] | 'max';

/** The pace `--pace` names, or null when it names none. */
export function parsePace(text: string): PlainPace | null {
  if (text === 'max') return 'max';
  const v = Number(text);
  return TIMED_PACES.find((p) => p === v && text.trim() !== '') ?? null;
}

/** The line of move `i` (from 1): "Move 12 at 3.456: tile 7 left". */
export function moveLine(r: Replay & { kind: 'puzzle' }, clock: readonly number[], i: number) {
  const m = r.states[i]!.last!;
  return `Move ${i} at ${formatSolveTime(clock[i]!)}: tile ${m.tile} ${m.direction}`;
}

export interface PlayPlainOptions {
  readonly pace: PlainPace;
  readonly out: (text: string) => void;
  /** Wall-clock ms (default: `performance.now`). */
  readonly now?: () => number;
  /** Waits `ms` (default: a timer). */
  readonly sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Writes the moves of a replay with move times as they were made, at the pace. */
export async function playPlain(
  r: Replay & { kind: 'puzzle' },
  clock: readonly number[],
  o: PlayPlainOptions,
): Promise<void> {
  const now = o.now ?? (() => performance.now());
  const sleep = o.sleep ?? wait;
  const start = now();
  for (let i = 1; i < r.states.length; i++) {
    if (o.pace !== 'max') {
      const due = start + timelineAt(clock, i) / o.pace;
      const left = due - now();
      if (left > 0) await sleep(left);
    }
    o.out(`${moveLine(r, clock, i)}\n`);
  }
}
