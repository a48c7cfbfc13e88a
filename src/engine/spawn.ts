/**
 * Spawn control as values: what the next tile of a move is. A {@link SpawnRule} is natural
 * (the seeded 2-or-4 draw of {@link play}), forced (an attack in a versus match: the value is
 * given, the cell is drawn as usual) or placed (a chosen cell and value: a duel's placer).
 *
 * A forced spawn consumes the generator exactly as a natural one does (one cell draw, one
 * value draw, the value then replaced), so two boards started from the same seed keep seeing
 * the same natural draws whatever attacks arrive. A placed tile consumes nothing.
 *
 * {@link slideOnly} and {@link spawnOn} split a move in two for turn-based play; together they
 * make {@link playWith}, and `playWith(game, dir, NATURAL)` is `play(game, dir)`.
 */

import { show } from './describe.ts';
import {
  awaitingWinChoice,
  type Cells,
  canMoveValid,
  type Game,
  isTileValue,
  MAX_TILE_WORDS,
  maxTile,
  type Spawn,
  slideValid,
  spawnTile,
} from './game2048.ts';
import { err, ok, type Problem, problem, type Result, unwrap } from './result.ts';
import type { RngState } from './rng.ts';
import {
  assertDirection,
  checkDirection,
  type Direction,
  MAX_SIZE,
  MIN_SIZE,
  type Pos,
} from './types.ts';

/** What the tile that appears after a move is. */
export type SpawnRule =
  | { readonly kind: 'natural' }
  | { readonly kind: 'forced'; readonly value: number }
  | { readonly kind: 'placed'; readonly at: Pos; readonly value: number };

/** The ordinary spawn: a 2 (0.9) or a 4 (0.1) in a uniformly drawn empty cell. */
export const NATURAL: SpawnRule = Object.freeze({ kind: 'natural' });

/**
 * Why a spawn was refused: `bad-spawn` (not a spawn rule), `bad-value` (not a power of two
 * from 2), `off-board` (a cell outside the board), `occupied-cell` (a placement on a tile),
 * `no-room` (a natural or forced spawn on a full board).
 */
export type SpawnProblem = Problem<
  'bad-spawn' | 'bad-value' | 'off-board' | 'occupied-cell' | 'no-room'
>;

/** Why {@link playWith} refused a move: a bad direction or a refused spawn. */
export type MoveProblem = SpawnProblem | Problem<'bad-direction'>;

function checkValue(value: unknown): Result<number, SpawnProblem> {
  if (isTileValue(value) && value >= 2) return ok(value);
  return err(
    problem(
      'bad-value',
      `a tile must be a power of two from 2 to ${MAX_TILE_WORDS}, got ${show(value)}`,
    ),
  );
}

function checkPos(at: unknown, size: number): Result<Pos, SpawnProblem> {
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    return err(
      problem(
        'off-board',
        `a board is ${MIN_SIZE} to ${MAX_SIZE} cells wide, got a size of ${show(size)}: no cell is on it`,
      ),
    );
  }
  const p = at as Record<string, unknown> | null;
  const inside = (x: unknown) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < size;
  if (typeof p !== 'object' || p === null || !inside(p.row) || !inside(p.col)) {
    const where =
      typeof p === 'object' && p !== null ? `row ${show(p.row)}, column ${show(p.col)}` : show(p);
    return err(
      problem(
        'off-board',
        `a cell must have a row and a column from 0 to ${size - 1}, got ${where}`,
      ),
    );
  }
  return ok({ row: p.row as number, col: p.col as number });
}

/**
 * Checks untrusted input is a spawn rule for a board of `size` (the cell on the board, the
 * value a power of two from 2). Whether the cell is empty is checked when the tile lands.
 */
export function checkSpawnRule(rule: unknown, size: number): Result<SpawnRule, SpawnProblem> {
  const r = rule as Record<string, unknown> | null;
  if (typeof r !== 'object' || r === null) {
    return err(problem('bad-spawn', `a spawn rule must be an object, got ${show(rule)}`));
  }
  if (r.kind === 'natural') return ok(NATURAL);
  if (r.kind !== 'forced' && r.kind !== 'placed') {
    return err(
      problem(
        'bad-spawn',
        `a spawn rule's kind must be natural, forced or placed, got ${show(r.kind)}`,
      ),
    );
  }
  const value = checkValue(r.value);
  if (!value.ok) return value;
  if (r.kind === 'forced') return ok({ kind: 'forced', value: value.value });
  const at = checkPos(r.at, size);
  if (!at.ok) return at;
  return ok({ kind: 'placed', at: at.value, value: value.value });
}

/**
 * Adds the tile `rule` says to `cells`. Natural and forced spawns draw the cell from `rng`
 * the same way (forced: the drawn value is then replaced); a placement uses no randomness.
 */
export function spawnWith(
  cells: Cells,
  rng: RngState,
  rule: SpawnRule,
): Result<{ cells: number[][]; rng: RngState; spawn: Spawn }, SpawnProblem> {
  const checked = checkSpawnRule(rule, cells.length);
  if (!checked.ok) return checked;
  const r = checked.value;
  if (r.kind === 'placed') {
    if (cells[r.at.row]![r.at.col] !== 0) {
      return err(
        problem(
          'occupied-cell',
          `the cell at row ${r.at.row}, column ${r.at.col} already holds a ${cells[r.at.row]![r.at.col]}`,
        ),
      );
    }
    const copy = cells.map((row) => [...row]);
    copy[r.at.row]![r.at.col] = r.value;
    return ok({ cells: copy, rng, spawn: { at: r.at, value: r.value } });
  }
  const drawn = spawnTile(cells, rng);
  if (!drawn.spawn) return err(problem('no-room', 'the board is full: no tile can appear'));
  if (r.kind === 'natural') return ok({ cells: drawn.cells, rng: drawn.rng, spawn: drawn.spawn });
  drawn.cells[drawn.spawn.at.row]![drawn.spawn.at.col] = r.value;
  return ok({ cells: drawn.cells, rng: drawn.rng, spawn: { at: drawn.spawn.at, value: r.value } });
}

/**
 * The first half of a move: the slide, without a spawn. Counts the move and its points,
 * records `last`, empties `spawned` and keeps the game before it as `previous` (so undo after
 * {@link spawnOn} takes back the whole turn). Returns the same game when the slide changes
 * nothing, the game is over, or it waits for the win choice, like {@link play}.
 * Throws a SlideboxError for a bad direction, like `play`.
 */
export function slideOnly(game: Game, dir: Direction): Game {
  assertDirection(dir);
  if (game.over || awaitingWinChoice(game)) return game;
  const s = slideValid(game.cells, dir);
  if (!s.moved) return game;
  return {
    ...game,
    cells: s.cells,
    score: game.score + s.gained,
    moves: game.moves + 1,
    won: game.won || maxTile(s.cells) >= game.target,
    over: !canMoveValid(s.cells),
    last: { direction: dir, tiles: s.tiles, merges: s.merges, gained: s.gained },
    spawned: [],
    previous: game,
  };
}

/**
 * The second half of a move (or a tile added to any game): the tile `rule` says, added to
 * `spawned`. Moves, score, `last` and `previous` stay; `won` and `over` follow the new board.
 * A refused spawn (see {@link SpawnProblem}) changes nothing.
 */
export function spawnOn(game: Game, rule: SpawnRule): Result<Game, SpawnProblem> {
  const sp = spawnWith(game.cells, game.rng, rule);
  if (!sp.ok) return sp;
  const cells = sp.value.cells;
  return ok({
    ...game,
    cells,
    won: game.won || maxTile(cells) >= game.target,
    over: !canMoveValid(cells),
    rng: sp.value.rng,
    spawned: [...game.spawned, sp.value.spawn],
  });
}

/** Puts a tile of `value` at `at`: {@link spawnOn} with a placed rule. */
export function placeTile(game: Game, at: Pos, value: number): Result<Game, SpawnProblem> {
  return spawnOn(game, { kind: 'placed', at, value });
}

/**
 * A whole move with the spawn `rule` says: {@link slideOnly} then {@link spawnOn}. A move that
 * changes nothing returns the same game (no spawn, whatever the rule). The rule's value and
 * cell are checked first; a placement on a tile the slide left there is refused. Refused
 * moves change nothing. `playWith(game, dir, NATURAL)` equals `play(game, dir)`.
 */
export function playWith(game: Game, dir: Direction, rule: SpawnRule): Result<Game, MoveProblem> {
  const d = checkDirection(dir);
  if (!d.ok) return d;
  const r = checkSpawnRule(rule, game.size);
  if (!r.ok) return r;
  const slid = slideOnly(game, d.value);
  if (slid === game) return ok(game);
  return spawnOn(slid, r.value);
}

/** Chooses the cell and value of the new tile for a board after a slide (null: no room). */
export type Placer = (cells: Cells) => { readonly at: Pos; readonly value: number } | null;

/**
 * A whole move whose new tile `place` chooses (the "evil" spawns of single-player 2048): the
 * slide, then the placement for the board it left. A move that changes nothing returns the
 * same game. Throws for a bad direction, like `play`, and when `place` picks a cell that is
 * not empty or a value that is not a tile (a placer's bug).
 */
export function playPlaced(game: Game, dir: Direction, place: Placer): Game {
  const slid = slideOnly(game, dir);
  if (slid === game) return game;
  const choice = place(slid.cells);
  if (choice === null) return slid;
  return unwrap(spawnOn(slid, { kind: 'placed', at: choice.at, value: choice.value }));
}
