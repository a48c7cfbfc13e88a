/**
 * Saving and restoring a 2048 game with its whole undo history. A save holds the starting
 * position and the list of turns; restoring replays them through the rules, so a save can
 * never smuggle in a board or score the rules would not produce, and it stays small.
 */

import { show } from './describe.ts';
import {
  awaitingWinChoice,
  type Cells,
  checkOptions,
  type Game,
  gameFromCells,
  keepGoing,
  parseCells,
  play,
} from './game2048.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import { parseRngState, type RngJson, rngJson, type Seed } from './rng.ts';
import { type Placer, playPlaced } from './spawn.ts';
import type { Direction } from './types.ts';

export const SAVE_KIND = 'slidebox/2048';
export const SAVE_VERSION = 1;

/** The JSON form of a saved game. */
export interface SavedGame2048 {
  kind: typeof SAVE_KIND;
  version: typeof SAVE_VERSION;
  size: number;
  target: number;
  seed: Seed;
  /** `keepPlaying`: present (true) for a game that never stopped at its target (`newGame({ keepPlaying: true })`). */
  start: { cells: number[][]; rng: RngJson; score: number; keepPlaying?: true };
  /** One letter a turn: u, d, l, r. */
  log: string;
  keepPlaying: boolean;
  /** The position the log leads to, checked on restore. */
  end: { cells: number[][]; score: number; moves: number };
  /** Present when every new tile was chosen by the placer (replayed with it on restore). */
  spawns?: 'evil';
}

/** Why a save was refused: `bad-save`, `future-version`, or `bad-options` (the `restore` argument). */
export type SaveProblem = Problem<'bad-save' | 'future-version' | 'bad-options'>;

const LETTER: Record<Direction, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };
const FROM_LETTER: Record<string, Direction> = { u: 'up', d: 'down', l: 'left', r: 'right' };

function copyCells(cells: Cells): number[][] {
  return cells.map((row) => [...row]);
}

/** The JSON-ready form of a game, including its undo history. */
export function serializeGame(game: Game, opts: { evil?: boolean } = {}): SavedGame2048 {
  const letters: string[] = [];
  let root = game;
  while (root.previous) {
    letters.push(LETTER[root.last!.direction]);
    root = root.previous;
  }
  letters.reverse();
  return {
    kind: SAVE_KIND,
    version: SAVE_VERSION,
    size: game.size,
    target: game.target,
    seed: game.seed,
    start: {
      cells: copyCells(root.cells),
      rng: rngJson(root.rng),
      score: root.score,
      ...(root.keepPlaying ? { keepPlaying: true as const } : {}),
    },
    log: letters.join(''),
    keepPlaying: game.keepPlaying,
    end: { cells: copyCells(game.cells), score: game.score, moves: game.moves },
    ...(opts.evil ? { spawns: 'evil' as const } : {}),
  };
}

function bad(message: string): { ok: false; error: SaveProblem } {
  return err(problem('bad-save', message));
}

function sameCells(a: Cells, b: Cells): boolean {
  return a.length === b.length && a.every((row, r) => row.every((v, c) => v === b[r]![c]));
}

/** `restore` is nothing, or an object whose `place`, if any, is a function. */
function checkRestore(restore: unknown): Result<Placer | undefined, SaveProblem> {
  if (restore === undefined) return ok(undefined);
  if (typeof restore !== 'object' || restore === null || Array.isArray(restore)) {
    return err(problem('bad-options', `restore options must be an object, got ${show(restore)}`));
  }
  const place: unknown = (restore as { place?: unknown }).place;
  if (place !== undefined && typeof place !== 'function') {
    return err(problem('bad-options', `place must be the placer, a function, got ${show(place)}`));
  }
  return ok(place as Placer | undefined);
}

/**
 * Restores a game from untrusted data (a parsed save file), replaying its history. A game whose
 * tiles the evil placer chose replays with `restore.place` (refused without it). Total: any
 * `data` and `restore` give a `Result`; only a `place` whose placement the rules refuse throws.
 */
export function parseGame(
  data: unknown,
  restore: { place?: Placer } = {},
): Result<Game, SaveProblem> {
  const placer = checkRestore(restore);
  if (!placer.ok) return placer;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad(`a saved game must be an object, got ${show(data)}`);
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== SAVE_KIND) return bad(`not a slidebox 2048 save (kind is ${show(d.kind)})`);
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 1) {
    return bad(`save version must be a whole number from 1, got ${show(d.version)}`);
  }
  if (d.version > SAVE_VERSION) {
    return err(
      problem(
        'future-version',
        `the save was written by a newer slidebox (format ${d.version}; this one reads up to ${SAVE_VERSION})`,
      ),
    );
  }
  for (const field of ['size', 'target'] as const) {
    if (typeof d[field] !== 'number') return bad(`save has no ${field}`);
  }
  if (typeof d.seed !== 'number' && typeof d.seed !== 'string') return bad('save has no seed');
  const opts = checkOptions({
    size: d.size as number,
    target: d.target as number,
    seed: d.seed,
  });
  if (!opts.ok) return bad(`save has a bad setting: ${opts.error.message}`);
  const start = d.start as Record<string, unknown> | null;
  if (typeof start !== 'object' || start === null) return bad('save has no start position');
  const cells = parseCells(start.cells);
  if (!cells.ok) return bad(`save's start position: ${cells.error.message}`);
  if (cells.value.length !== opts.value.size) {
    return bad(
      `save's start board is ${cells.value.length}x${cells.value.length}, not ${opts.value.size}x${opts.value.size}`,
    );
  }
  const rng = parseRngState(start.rng);
  if (!rng.ok) return bad(`save's start position: ${rng.error.message}`);
  if (!Number.isInteger(start.score) || (start.score as number) < 0) {
    return bad(`save's start score must be a whole number from 0, got ${show(start.score)}`);
  }
  if (typeof d.log !== 'string' || !/^[udlr]*$/.test(d.log)) {
    return bad('save has a bad move list (only the letters u, d, l, r are allowed)');
  }
  if (typeof d.keepPlaying !== 'boolean') return bad('save has no keepPlaying flag');
  if (d.spawns !== undefined && d.spawns !== 'evil') return bad('save has unknown spawns');
  const place = d.spawns === 'evil' ? placer.value : undefined;
  if (d.spawns === 'evil' && !place) {
    return bad('its new tiles were chosen by the evil placer (open it with the evil spawns)');
  }
  const end = d.end as Record<string, unknown> | null;
  if (typeof end !== 'object' || end === null) return bad('save has no end position');

  if (start.keepPlaying !== undefined && start.keepPlaying !== true) {
    return bad(
      `save's start keepPlaying must be true when present, got ${show(start.keepPlaying)}`,
    );
  }
  // The start position's flags (won, over) follow from its cells, as for any game.
  let game: Game = {
    ...gameFromCells(cells.value, {
      target: opts.value.target,
      seed: opts.value.seed,
      score: start.score as number,
    }),
    rng: rng.value,
    ...(start.keepPlaying ? { keepPlaying: true } : {}),
  };
  for (let i = 0; i < d.log.length; i++) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    const dir = FROM_LETTER[d.log[i]!]!;
    const next = place ? playPlaced(game, dir, place) : play(game, dir);
    if (next === game) return bad(`save's move ${i + 1} does not change the board`);
    game = next;
  }
  if (d.keepPlaying) {
    if (!game.won && !game.keepPlaying)
      return bad('save says keep playing, but the game was not won');
    game = keepGoing(game);
  } else if (game.keepPlaying) {
    return bad('save starts keeping playing but ends without keepPlaying');
  }
  const endCells = parseCells(end.cells);
  if (
    !endCells.ok ||
    !sameCells(endCells.value, game.cells) ||
    end.score !== game.score ||
    end.moves !== game.moves
  ) {
    return bad("save's moves do not lead to its saved position");
  }
  return ok(game);
}
