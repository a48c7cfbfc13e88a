/**
 * Saving and restoring a sliding-puzzle game with its undo history. A save holds the starting
 * tiles and the list of moves (the tile asked to move, each time), with the game clock at each
 * move when the game knows it; restoring replays them through the rules, so a save can never
 * bring in a position or move count the rules would not produce. Saves without move times (from
 * before them, or of moves made without a clock) restore as they always did.
 */

import { show } from './describe.ts';
import { clockAtMoves, moveClock, moveDurations } from './moveTimes.ts';
import { moveTile, type Puzzle, parsePuzzle } from './puzzle.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import { checkSeed, type Seed } from './rng.ts';

export const PUZZLE_SAVE_KIND = 'slidebox/puzzle';
export const PUZZLE_SAVE_VERSION = 1;

/** The JSON form of a saved puzzle. */
export interface SavedPuzzle {
  kind: typeof PUZZLE_SAVE_KIND;
  version: typeof PUZZLE_SAVE_VERSION;
  width: number;
  seed: Seed | null;
  start: number[];
  /** The tile asked to move, one entry per move command (multi-tile moves are one entry). */
  log: number[];
  /**
   * The game clock (whole ms) at each move of `log`, when every move has its time (absent
   * otherwise): a resumed game still shares its move times.
   */
  times?: number[];
  /** Milliseconds on the timer when saved, and whether it had started. */
  clock: { elapsedMs: number; started: boolean };
  /** The position the log leads to, checked on restore. */
  end: { tiles: number[]; moves: number };
}

export type PuzzleSaveProblem = Problem<'bad-save' | 'future-version'>;

/** The JSON-ready form of a game at time `now` (the timer's running time is folded in). */
export function serializePuzzle(puzzle: Puzzle, now = 0): SavedPuzzle {
  const log: number[] = [];
  let root = puzzle;
  while (root.previous) {
    log.push(root.last!.tile);
    root = root.previous;
  }
  log.reverse();
  const c = puzzle.clock;
  const elapsed = c.elapsedMs + (c.runningSince === null ? 0 : Math.max(0, now - c.runningSince));
  const clock = log.length > 0 ? moveClock(puzzle) : null;
  const times = clock ? { times: clockAtMoves(moveDurations(clock)).slice(1) } : {};
  return {
    kind: PUZZLE_SAVE_KIND,
    version: PUZZLE_SAVE_VERSION,
    width: puzzle.width,
    seed: puzzle.seed,
    start: [...root.tiles],
    log,
    ...times,
    clock: { elapsedMs: elapsed, started: c.started },
    end: { tiles: [...puzzle.tiles], moves: puzzle.moves },
  };
}

function bad(message: string): { ok: false; error: PuzzleSaveProblem } {
  return err(problem('bad-save', message));
}

/** A save's move times: none, valid ones, or what is wrong with them. */
function checkTimes(times: unknown, moves: number): number[] | null | string {
  if (times === undefined) return null;
  const what = `save's move times must be ${moves} numbers from 0, none less than the one before`;
  if (!Array.isArray(times) || times.length !== moves) return what;
  let before = 0;
  for (const t of times) {
    if (typeof t !== 'number' || !Number.isFinite(t) || t < before) return what;
    before = t;
  }
  return times;
}

/**
 * Restores a game from untrusted data (a parsed save file), replaying its history. The restored
 * clock is paused: call `resumeClock(game, now)` once the game is on screen.
 */
export function parseSavedPuzzle(data: unknown): Result<Puzzle, PuzzleSaveProblem> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad(`a saved puzzle must be an object, got ${show(data)}`);
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== PUZZLE_SAVE_KIND)
    return bad(`not a slidebox puzzle save (kind is ${show(d.kind)})`);
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 1) {
    return bad(`save version must be a whole number from 1, got ${show(d.version)}`);
  }
  if (d.version > PUZZLE_SAVE_VERSION) {
    return err(
      problem(
        'future-version',
        `the save was written by a newer slidebox (format ${d.version}; this one reads up to ${PUZZLE_SAVE_VERSION})`,
      ),
    );
  }
  if (d.seed !== null && !checkSeed(d.seed).ok) {
    return bad(
      `save's seed must be null, a whole number from 0 or a long seed, got ${show(d.seed)}`,
    );
  }
  const startGame = parsePuzzle(d.start, d.width as number, d.seed as Seed | null);
  if (!startGame.ok) return bad(`save's start position: ${startGame.error.message}`);
  if (!Array.isArray(d.log)) return bad('save has no move list');
  const clock = d.clock as Record<string, unknown> | null;
  if (
    typeof clock !== 'object' ||
    clock === null ||
    typeof clock.elapsedMs !== 'number' ||
    !Number.isFinite(clock.elapsedMs) ||
    clock.elapsedMs < 0 ||
    typeof clock.started !== 'boolean'
  ) {
    return bad('save has no valid clock (elapsedMs, a number from 0, and started, true or false)');
  }
  const end = d.end as Record<string, unknown> | null;
  if (typeof end !== 'object' || end === null) return bad('save has no end position');

  const times = checkTimes(d.times, d.log.length);
  let game = startGame.value;
  const n = game.width * game.width;
  for (let i = 0; i < d.log.length; i++) {
    const tile: unknown = d.log[i];
    if (typeof tile !== 'number' || !Number.isInteger(tile) || tile < 1 || tile >= n) {
      return bad(`save's move ${i + 1} names ${show(tile)}, not a tile from 1 to ${n - 1}`);
    }
    const next = moveTile(game, tile);
    if (next === game) return bad(`save's move ${i + 1} (tile ${tile}) cannot be made`);
    game = Array.isArray(times) ? { ...next, last: { ...next.last!, atMs: times[i]! } } : next;
  }
  const endTiles = end.tiles;
  if (
    !Array.isArray(endTiles) ||
    endTiles.length !== game.tiles.length ||
    endTiles.some((t, i) => t !== game.tiles[i]) ||
    end.moves !== game.moves
  ) {
    return bad("save's moves do not lead to its saved position");
  }
  if (typeof times === 'string') return bad(times);
  return ok({
    ...game,
    clock: {
      elapsedMs: clock.elapsedMs,
      runningSince: null,
      started: clock.started,
      paused: true,
    },
  });
}
