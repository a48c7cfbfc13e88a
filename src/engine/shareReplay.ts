/**
 * Share codes re-simulated: every move of a decoded code played through the rules from the
 * seed, so a code stands for a real game or is refused with the move that is not legal. Apart
 * from shareCode.ts so that making a code needs none of the rules of the other games.
 */
import { show } from './describe.ts';
import { type Duel, duelPlace, duelSlide, newDuel } from './duel.ts';
import { awaitingWinChoice, type Game, keepGoing, newGame, play } from './game2048.ts';
import { moveTile, newPuzzle, type Puzzle } from './puzzle.ts';
import { err, ok, type Result } from './result.ts';
import { decodeShared, type Shared, type SharedGame, type ShareProblem } from './shareCode.ts';
import { type Placer, playPlaced } from './spawn.ts';
import { newVersus, type VersusMatch, versusMove } from './versus.ts';

function fail(code: ShareProblem['code'], message: string): Result<never, ShareProblem> {
  return err({ code, message });
}

/** A code re-simulated: every position from the start to the end, in order. */
export type Replay =
  | { readonly kind: '2048'; readonly shared: Shared; readonly states: readonly Game[] }
  | { readonly kind: 'puzzle'; readonly shared: Shared; readonly states: readonly Puzzle[] }
  | { readonly kind: 'versus'; readonly shared: Shared; readonly states: readonly VersusMatch[] }
  | { readonly kind: 'duel'; readonly shared: Shared; readonly states: readonly Duel[] };

function illegal(i: number, what: string): Result<never, ShareProblem> {
  return fail(
    'illegal-move',
    `move ${i + 1} (${what}) is not a legal move there: the code does not describe a real game`,
  );
}

function replay2048(
  g: SharedGame & { kind: '2048' },
  place?: Placer,
): Result<Game[], ShareProblem> {
  if (g.evil && !place) return fail('needs-placer', 'an evil game is replayed with the placer AI');
  const start = newGame({ size: g.size, target: g.target, seed: g.seed });
  const states = [start];
  let game = start;
  for (let i = 0; i < g.moves.length; i++) {
    const dir = g.moves[i]!;
    const from = awaitingWinChoice(game) ? keepGoing(game) : game;
    const next = g.evil && place ? playPlaced(from, dir, place) : play(from, dir);
    if (next === from) return illegal(i, dir);
    states.push(next);
    game = next;
  }
  return ok(states);
}

function replayPuzzle(g: SharedGame & { kind: 'puzzle' }): Result<Puzzle[], ShareProblem> {
  let p = newPuzzle({ width: g.width, seed: g.seed });
  const states = [p];
  for (let i = 0; i < g.tiles.length; i++) {
    const t = g.tiles[i]!;
    if (t < 1 || t >= g.width * g.width) return illegal(i, `tile ${t}`);
    const next = moveTile(p, t);
    if (next === p) return illegal(i, `tile ${t}`);
    states.push(next);
    p = next;
  }
  return ok(states);
}

function replayVersusStates(
  g: SharedGame & { kind: 'versus' },
): Result<VersusMatch[], ShareProblem> {
  const start = newVersus({ seed: g.seed, size: g.size, target: g.target, attackCap: g.attackCap });
  if (!start.ok) return fail('bad-code', `the code's rules are not valid: ${start.error.message}`);
  let m = start.value;
  const states = [m];
  for (let i = 0; i < g.moves.length; i++) {
    const { side, direction } = g.moves[i]!;
    const next = versusMove(m, side, direction);
    if (!next.ok || next.value === m) return illegal(i, `player ${side + 1} ${direction}`);
    states.push(next.value);
    m = next.value;
  }
  return ok(states);
}

function replayDuelStates(g: SharedGame & { kind: 'duel' }): Result<Duel[], ShareProblem> {
  const start = newDuel({ seed: g.seed, size: g.size });
  if (!start.ok) return fail('bad-code', `the code's rules are not valid: ${start.error.message}`);
  let d = start.value;
  const states = [d];
  for (let i = 0; i < g.actions.length; i++) {
    const a = g.actions[i]!;
    const next = a.kind === 'slide' ? duelSlide(d, a.direction) : duelPlace(d, a.at, a.value);
    const what =
      a.kind === 'slide'
        ? a.direction
        : `a ${a.value} at row ${a.at.row + 1}, column ${a.at.col + 1}`;
    if (!next.ok || next.value === d) return illegal(i, what);
    states.push(next.value);
    d = next.value;
  }
  return ok(states);
}

/** The options of the readers: nothing, or an object whose `place`, if any, is a function. */
function checkReplayOptions(opts: unknown): Result<{ place?: Placer }, ShareProblem> {
  if (opts === undefined) return ok({});
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) {
    return fail('bad-options', `options must be an object, got ${show(opts)}`);
  }
  const place: unknown = (opts as { place?: unknown }).place;
  if (place !== undefined && typeof place !== 'function') {
    return fail('bad-options', `place must be the placer, a function, got ${show(place)}`);
  }
  return ok({ place: place as Placer | undefined });
}

/**
 * Re-simulates a decoded code through the rules: every move must be legal where it is played.
 * An evil 2048 game needs `place`, the placer AI that chose its tiles.
 */
export function replayShared(
  shared: Shared,
  opts: { place?: Placer } = {},
): Result<Replay, ShareProblem> {
  const o = checkReplayOptions(opts);
  if (!o.ok) return o;
  const g = shared.game;
  switch (g.kind) {
    case '2048': {
      const r = replay2048(g, o.value.place);
      return r.ok ? ok({ kind: '2048', shared, states: r.value }) : r;
    }
    case 'puzzle': {
      const r = replayPuzzle(g);
      return r.ok ? ok({ kind: 'puzzle', shared, states: r.value }) : r;
    }
    case 'versus': {
      const r = replayVersusStates(g);
      return r.ok ? ok({ kind: 'versus', shared, states: r.value }) : r;
    }
    case 'duel': {
      const r = replayDuelStates(g);
      return r.ok ? ok({ kind: 'duel', shared, states: r.value }) : r;
    }
  }
}

/**
 * Decodes and re-simulates a code in one step. Total: any `code` and `opts` give a `Result`
 * (anything but a string is `not-a-code`; options that are not `{ place?: function }` are
 * `bad-options`). Only a `place` that answers a placement the rules refuse throws (its bug).
 */
export function readShareCode(
  code: string,
  opts: { place?: Placer } = {},
): Result<Replay, ShareProblem> {
  const o = checkReplayOptions(opts);
  if (!o.ok) return o;
  const d = decodeShared(code);
  return d.ok ? replayShared(d.value, o.value) : d;
}

/**
 * Decodes and re-simulates a code, asking `loadPlacer` for the placer AI only when the code is
 * an evil 2048 game (front-ends load it on demand). Resolves to a `Result` for any `code`;
 * a `loadPlacer` that is not a function, or that gives no function, is `bad-options`. It
 * rejects only when `loadPlacer` itself rejects.
 */
export async function readShareCodeWith(
  code: string,
  loadPlacer: () => Promise<Placer>,
): Promise<Result<Replay, ShareProblem>> {
  if (typeof loadPlacer !== 'function') {
    return fail(
      'bad-options',
      `loadPlacer must be a function giving the placer, got ${show(loadPlacer)}`,
    );
  }
  const d = decodeShared(code);
  if (!d.ok) return d;
  const evil = d.value.game.kind === '2048' && d.value.game.evil;
  if (!evil) return replayShared(d.value);
  const place: unknown = await loadPlacer();
  if (typeof place !== 'function') {
    return fail('bad-options', `loadPlacer must give the placer, a function, got ${show(place)}`);
  }
  return replayShared(d.value, { place: place as Placer });
}
