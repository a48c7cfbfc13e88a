/**
 * The sliding puzzle front-end's state and its pure update: the game plus records, overlays,
 * the hint and the solution being played. The solver runs elsewhere (a worker); its answers
 * come back in as commands, tagged with the position they were asked for.
 */
import {
  elapsedMs,
  moveTile,
  newPuzzle,
  type Puzzle,
  slideToward,
  startClock,
  tileToward,
  undo,
} from '../engine/puzzle.ts';
import type { Direction } from '../engine/types.ts';
import type { PuzzleRecord } from './records.ts';
import type { AverageName, Averages } from './solves.ts';

/** What covers the board: the keys, or a question (a new game; quitting a series under way). */
export type Overlay = 'help' | 'confirm-new' | 'confirm-quit' | null;

/** The fewest moves that solve a position: exact (3x3, 4x4), or a lower bound. */
export interface OptimalCount {
  readonly moves: number;
  readonly exact: boolean;
}

/**
 * Puzzles played one after another for one total time: a relay (3x3, 4x4, … up to a size) or
 * a marathon (N puzzles of one size). Each puzzle's clock runs from the moment it is dealt
 * (the first one's from its first move); the total is the sum of their times.
 */
export interface Series {
  readonly kind: 'relay' | 'marathon';
  /** The widths of the puzzles, in order. */
  readonly widths: readonly number[];
  /** The puzzles solved so far: their times (ms) and moves. */
  readonly splits: readonly {
    readonly width: number;
    readonly timeMs: number;
    readonly moves: number;
  }[];
}

/** A relay from 3x3 up to `upTo`, or a marathon of `count` puzzles of width `width`. */
export function newSeries(
  s: { kind: 'relay'; upTo: number } | { kind: 'marathon'; width: number; count: number },
): Series {
  const widths =
    s.kind === 'relay'
      ? Array.from({ length: s.upTo - 2 }, (_, i) => i + 3)
      : Array.from({ length: s.count }, () => s.width);
  return { kind: s.kind, widths, splits: [] };
}

/** The key a series' records go under: "relay-6", "marathon-4x10". */
export function seriesKey(s: Series): string {
  const w = s.widths[0]!;
  return s.kind === 'relay' ? `relay-${s.widths.at(-1)}` : `marathon-${w}x${s.widths.length}`;
}

/** "Relay 3×3 → 6×6", "Marathon · 10 × 4×4". */
export function seriesName(s: Series): string {
  const w = s.widths[0]!;
  const last = s.widths.at(-1)!;
  return s.kind === 'relay'
    ? `Relay ${w}×${w} → ${last}×${last}`
    : `Marathon · ${s.widths.length} × ${w}×${w}`;
}

/** The series' time so far: the splits and the puzzle being played. */
export function seriesTimeMs(m: ModelPuzzle, now: number): number {
  const done = m.series?.splits.reduce((t, x) => t + x.timeMs, 0) ?? 0;
  return m.series && m.series.splits.length < m.series.widths.length
    ? done + elapsedMs(m.puzzle, now)
    : done;
}

/** Every puzzle of the series is solved. */
export function seriesDone(s: Series | null): boolean {
  return s !== null && s.splits.length === s.widths.length;
}

/** What the last solve was, for the win screen. */
export interface SolveSummary {
  readonly timeMs: number;
  readonly moves: number;
  /** Moves a second. */
  readonly tps: number;
  /** For the puzzle's start: known, still being worked out, or not to be had (null). */
  readonly optimal: OptimalCount | 'pending' | null;
  /** The solver helped: no averages. */
  readonly assisted: boolean;
  /** The time averages whose best it improved, and the time averages after it. */
  readonly improved: readonly AverageName[];
  readonly averages: Averages | null;
}

/** A solution for a position: the tiles to slide from `from` on. */
export interface Plan {
  readonly from: string;
  readonly tiles: readonly number[];
  /** No shorter solution exists (false: the fast solver's). */
  readonly optimal: boolean;
}

export interface ModelPuzzle {
  readonly puzzle: Puzzle;
  readonly best: PuzzleRecord;
  readonly overlay: Overlay;
  readonly notice: string | null;
  /** Width for the next new game. */
  readonly width: number;
  /** Arrow keys name where the blank goes instead of where a tile goes. */
  readonly invert: boolean;
  /** Show the tile to move next. */
  readonly hint: boolean;
  /** Play the solution, one move at a time. */
  readonly autoSolve: boolean;
  /** The known solution for the current position, if any. */
  readonly plan: Plan | null;
  /** The solver was used to play this game: it sets no records. */
  readonly assisted: boolean;
  /** Records set by the last win, for the win screen. */
  readonly records: { readonly moves: boolean; readonly time: boolean } | null;
  /** The last solve, for the win screen (null until the puzzle is solved). */
  readonly summary: SolveSummary | null;
  /** A relay or a marathon being played (null: single puzzles). */
  readonly series: Series | null;
  /** The best of that kind of series so far (null: none yet). */
  readonly seriesBest: { readonly timeMs: number; readonly moves: number } | null;
  readonly quit: boolean;
}

export type CommandPuzzle =
  | { readonly type: 'move'; readonly dir: Direction }
  | { readonly type: 'tile'; readonly tile: number }
  | { readonly type: 'undo' }
  | { readonly type: 'new' }
  | { readonly type: 'new-confirmed' }
  | { readonly type: 'cancel' }
  | { readonly type: 'help' }
  | { readonly type: 'hint' }
  | { readonly type: 'auto-solve' }
  | { readonly type: 'solve-step' }
  /** Sets the player's game aside as solved for them (plain mode's `solve`): no record. */
  | { readonly type: 'show-solution' }
  | {
      readonly type: 'solution';
      readonly from: string;
      readonly tiles: readonly number[];
      readonly optimal: boolean;
    }
  | { readonly type: 'solver-failed'; readonly from: string; readonly message: string }
  /** Quits, asking first in a relay or marathon under way (it is never saved). */
  | { readonly type: 'quit' }
  | { readonly type: 'quit-confirmed' }
  | { readonly type: 'none' };

/** Clock and seeds come from outside: the update itself stays pure. */
export interface Env {
  readonly now: number;
  seed(): number;
}

/** A key identifying a position, for matching solver answers to the board. */
export function positionKey(p: Puzzle): string {
  return p.tiles.join(',');
}

export function initialModelPuzzle(
  puzzle: Puzzle,
  best: PuzzleRecord,
  opts: { invert?: boolean; notice?: string | null; assisted?: boolean; series?: Series } = {},
): ModelPuzzle {
  return {
    puzzle,
    best,
    overlay: null,
    notice: opts.notice ?? null,
    width: puzzle.width,
    invert: opts.invert ?? false,
    hint: false,
    autoSolve: false,
    plan: null,
    assisted: opts.assisted ?? false,
    records: null,
    summary: null,
    series: opts.series ?? null,
    seriesBest: null,
    quit: false,
  };
}

/** Does the model need a solution it does not have (for the hint or the auto-solve)? */
export function wantsSolution(m: ModelPuzzle): boolean {
  return (m.hint || m.autoSolve) && !m.puzzle.solved && m.plan?.from !== positionKey(m.puzzle);
}

/** The next tile of the known solution for the current position, if any. */
function nextPlanned(m: ModelPuzzle): number | null {
  if (!m.plan || m.plan.from !== positionKey(m.puzzle)) return null;
  return m.plan.tiles[0] ?? null;
}

/** The tile the hint points at, when the hint is on and known. */
export function hintTile(m: ModelPuzzle): number | null {
  return m.hint ? nextPlanned(m) : null;
}

/** After a move: keep the plan if the move followed it (one tile at a time), else drop it. */
function advancePlan(plan: Plan | null, before: Puzzle, after: Puzzle): Plan | null {
  if (!plan || plan.from !== positionKey(before) || after === before) return plan;
  const slid = after.last?.slides.map((s) => s.tile) ?? [];
  const follows = slid.every((t, i) => plan.tiles[i] === t);
  return follows
    ? { ...plan, from: positionKey(after), tiles: plan.tiles.slice(slid.length) }
    : null;
}

function moved(m: ModelPuzzle, next: Puzzle, manual: boolean, env: Env): ModelPuzzle {
  return nextInSeries(
    {
      ...m,
      overlay: null,
      puzzle: next,
      plan: advancePlan(m.plan, m.puzzle, next),
      // A move of the player's own stops the solution being played.
      autoSolve: manual ? false : m.autoSolve && !next.solved,
    },
    env,
  );
}

/** In a series, a solved puzzle is a split, and the next puzzle is dealt with its clock running. */
function nextInSeries(m: ModelPuzzle, env: Env): ModelPuzzle {
  const s = m.series;
  const p = m.puzzle;
  if (!s || !p.solved || seriesDone(s)) return m;
  const split = { width: p.width, timeMs: Math.round(elapsedMs(p, env.now)), moves: p.moves };
  const splits = [...s.splits, split];
  const width = s.widths[splits.length];
  if (width === undefined) return { ...m, series: { ...s, splits } };
  return {
    ...m,
    series: { ...s, splits },
    puzzle: startClock(newPuzzle({ width, seed: env.seed() }), env.now),
    width,
    plan: null,
    hint: false,
    autoSolve: false,
  };
}

export function updatePuzzle(model: ModelPuzzle, cmd: CommandPuzzle, env: Env): ModelPuzzle {
  const m: ModelPuzzle = { ...model, notice: null };
  switch (cmd.type) {
    case 'none':
      return model;
    case 'quit': {
      // A relay or marathon under way is never saved: quitting it asks first, as `n` does.
      const s = m.series;
      const underWay = s !== null && !seriesDone(s) && (s.splits.length > 0 || m.puzzle.moves > 0);
      return underWay ? { ...m, overlay: 'confirm-quit', autoSolve: false } : { ...m, quit: true };
    }
    case 'quit-confirmed':
      return { ...m, quit: true };
    case 'help':
      return { ...m, overlay: m.overlay === 'help' ? null : 'help', autoSolve: false };
    case 'cancel':
      return { ...m, overlay: null };
    case 'new': {
      // A series under way asks first even between its puzzles: its splits would be lost.
      const fresh = m.puzzle.moves === 0 && !m.series?.splits.length;
      if (m.puzzle.solved || fresh) return startNew(m, env);
      return { ...m, overlay: 'confirm-new', autoSolve: false };
    }
    case 'new-confirmed':
      return startNew(m, env);
    case 'undo': {
      const p = undo(m.puzzle);
      return {
        ...m,
        puzzle: p,
        autoSolve: false,
        plan: null,
        notice:
          p === m.puzzle
            ? m.puzzle.solved
              ? 'Solved: nothing to undo.'
              : 'Nothing to undo.'
            : null,
      };
    }
    case 'move': {
      const tile = tileToward(m.puzzle, cmd.dir, m.invert);
      if (tile === null) return { ...m, notice: 'No tile can slide that way.' };
      return moved(
        m,
        slideToward(m.puzzle, cmd.dir, { invert: m.invert, now: env.now }),
        true,
        env,
      );
    }
    case 'tile': {
      const next = moveTile(m.puzzle, cmd.tile, env.now);
      if (next === m.puzzle) {
        return m.puzzle.solved
          ? m
          : { ...m, notice: `Tile ${cmd.tile} is not in the gap's row or column.` };
      }
      return moved(m, next, true, env);
    }
    case 'hint':
      if (m.puzzle.solved) return m;
      // A hint is the solver's help: the solve counts in no average or best.
      return { ...m, hint: !m.hint, assisted: m.assisted || !m.hint };
    case 'auto-solve':
      if (m.puzzle.solved) return m;
      return { ...m, autoSolve: !m.autoSolve, overlay: null, assisted: m.assisted || !m.autoSolve };
    case 'solve-step': {
      const tile = nextPlanned(m);
      if (!m.autoSolve || tile === null) return model;
      return moved(m, moveTile(m.puzzle, tile, env.now), false, env);
    }
    case 'show-solution':
      if (m.puzzle.solved) return m;
      return { ...m, hint: true, assisted: true };
    case 'solution':
      if (cmd.from !== positionKey(m.puzzle)) return model;
      return { ...model, plan: { from: cmd.from, tiles: cmd.tiles, optimal: cmd.optimal } };
    case 'solver-failed':
      if (cmd.from !== positionKey(m.puzzle)) return model;
      return { ...m, hint: false, autoSolve: false, notice: `The solver failed: ${cmd.message}` };
  }
}

function startNew(m: ModelPuzzle, env: Env): ModelPuzzle {
  // A series starts again from its first puzzle.
  const series = m.series ? { ...m.series, splits: [] } : null;
  const width = series ? series.widths[0]! : m.width;
  return {
    ...m,
    overlay: null,
    series,
    width,
    puzzle: newPuzzle({ width, seed: env.seed() }),
    plan: null,
    hint: false,
    autoSolve: false,
    assisted: false,
    records: null,
    summary: null,
  };
}

/** The puzzle's name by width: the 8-puzzle, the 15-puzzle, … */
export function puzzleName(width: number): string {
  return `${width * width - 1}-puzzle`;
}
