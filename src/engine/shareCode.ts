/**
 * Share codes: any seeded game (2048, puzzle, versus match, duel) as a short, versioned,
 * URL-safe string — the kind, the rules, the seed, the moves packed in bits, and a CRC-32 —
 * and back. A code is only a claim: `replayShared` (shareReplay.ts) re-simulates it through the
 * rules, so a damaged, tampered or invented code is refused, never shown as some other game.
 *
 * Layout (bytes, then URL-safe base64 after the `sb.` prefix): format version, kind, flags
 * (assisted, evil spawns, the puzzle's time, the puzzle's move times), the players' label, the
 * kind's fields (sizes, target and cap as powers of two, the seed and counts as variable-length
 * numbers), the moves as bit fields, a puzzle's move times if any (moveTimes.ts), and the
 * CRC-32 of everything before it.
 *
 * The move times come after the moves and always add a byte: a slidebox from before them
 * reads the moves, finds bytes after them and refuses the code, never misreads it. A flag this
 * slidebox does not know is refused as a code from a newer one.
 */

import { longSeedBytes, longSeedOf } from './chacha20.ts';
import {
  ByteReader,
  ByteWriter,
  crc32,
  fromBase64Url,
  ReadError,
  toBase64Url,
} from './codeBits.ts';
import { show } from './describe.ts';
import type { Duel, DuelAction } from './duel.ts';
import { type Game, newGame } from './game2048.ts';
import {
  moveClock,
  moveDurations,
  readMoveTimes,
  wholeMoveMs,
  writeMoveTimes,
} from './moveTimes.ts';
import type { Puzzle } from './puzzle.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import { checkSeed, type Seed } from './rng.ts';
import { DIRECTIONS, type Direction, MAX_SIZE, MIN_SIZE } from './types.ts';
import type { Side, VersusMatch } from './versus.ts';

export const SHARE_PREFIX = 'sb.';
export const SHARE_VERSION = 1;
/** The longest code read (characters): about 150,000 2048 moves. Longer ones are refused at once. */
export const MAX_CODE_LENGTH = 50_000;

/** The game a code holds: its rules and seed, and every move from the start. */
export type SharedGame =
  | {
      readonly kind: '2048';
      readonly size: number;
      readonly target: number;
      readonly seed: Seed;
      /** Every new tile was chosen by the placer AI (replayed with it). */
      readonly evil: boolean;
      readonly moves: readonly Direction[];
    }
  | {
      readonly kind: 'puzzle';
      readonly width: number;
      readonly seed: Seed;
      /** The tile asked to move, each move. */
      readonly tiles: readonly number[];
      /** The time the player took (ms), if known; shown, not checked. */
      readonly timeMs: number | null;
      /**
       * Each move's time on the game clock since the move before (the first: since the clock
       * started, 0 when it starts with the first move), in whole ms, when known: one a move.
       * They add up to the clock at the last move, so to at most `timeMs` (to it, when the
       * last move solves the puzzle). Absent for a code without them, and not coded for a
       * game of no moves or with a list of another length than `tiles`.
       */
      readonly moveMs?: readonly number[];
    }
  | {
      readonly kind: 'versus';
      readonly size: number;
      readonly target: number;
      readonly attackCap: number | null;
      readonly seed: Seed;
      readonly moves: readonly { readonly side: Side; readonly direction: Direction }[];
    }
  | {
      readonly kind: 'duel';
      readonly size: number;
      readonly seed: Seed;
      readonly actions: readonly DuelAction[];
    };

export interface Shared {
  readonly game: SharedGame;
  /** The AI or the solver played or hinted some of it. */
  readonly assisted: boolean;
  /** Who played, as the front-end names them ("ai-hard", "human,ai"; '' when one player). */
  readonly players: string;
}

/**
 * Why a code was refused: not a code at all (`not-a-code`, any value that is not a string
 * included), `too-long`, `damaged` (checksum), `future-version`, `bad-code` (fields out of range),
 * `illegal-move` (replayed through the rules), `needs-placer` (an evil game read without its
 * placer), `bad-options` (options of the reader that are not `{ place?: function }`), or, when
 * sharing, `not-seeded`.
 */
export type ShareProblem = Problem<
  | 'not-a-code'
  | 'too-long'
  | 'damaged'
  | 'future-version'
  | 'bad-code'
  | 'illegal-move'
  | 'needs-placer'
  | 'bad-options'
  | 'not-seeded'
>;

const KINDS = ['2048', 'puzzle', 'versus', 'duel'] as const;
const PLAYERS = /^[a-z0-9,-]{0,24}$/;
const FLAG_ASSISTED = 1;
const FLAG_EVIL = 2;
const FLAG_TIME = 4;
const FLAG_MOVE_TIMES = 8;
/** The seed is a long seed (ChaCha20): a byte count, 16 or 32, then its bytes. */
const FLAG_LONG_SEED = 16;
const KNOWN_FLAGS = FLAG_ASSISTED | FLAG_EVIL | FLAG_TIME | FLAG_MOVE_TIMES | FLAG_LONG_SEED;
/** Most moves in a code (a bound on work before anything is replayed). */
const MAX_MOVES = 1_000_000;

function fail(code: ShareProblem['code'], message: string): Result<never, ShareProblem> {
  return err(problem(code, message));
}

const log2 = (v: number) => Math.round(Math.log2(v));
/** Bits that number the cells of an n×n board. */
const cellBits = (n: number) => Math.ceil(Math.log2(n * n));

/** A seed: a number as a variable-length number, a long seed as its byte count and bytes. */
function writeSeed(w: ByteWriter, seed: Seed): void {
  if (typeof seed === 'number') {
    w.varint(seed);
    return;
  }
  const bytes = longSeedBytes(seed);
  w.byte(bytes.length);
  for (const b of bytes) w.byte(b);
}

function writeGame(w: ByteWriter, g: SharedGame): void {
  switch (g.kind) {
    case '2048':
      w.byte(g.size);
      w.byte(log2(g.target));
      writeSeed(w, g.seed);
      w.varint(g.moves.length);
      for (const d of g.moves) w.bits(DIRECTIONS.indexOf(d), 2);
      return;
    case 'puzzle':
      w.byte(g.width);
      writeSeed(w, g.seed);
      if (g.timeMs !== null) w.varint(Math.max(0, Math.round(g.timeMs)));
      w.varint(g.tiles.length);
      for (const t of g.tiles) w.bits(t, cellBits(g.width));
      if (hasMoveTimes(g)) writeMoveTimes(w, g.moveMs!.map(wholeMoveMs));
      return;
    case 'versus':
      w.byte(g.size);
      w.byte(log2(g.target));
      w.byte(g.attackCap === null ? 0 : log2(g.attackCap));
      writeSeed(w, g.seed);
      w.varint(g.moves.length);
      for (const m of g.moves) w.bits(m.side * 4 + DIRECTIONS.indexOf(m.direction), 3);
      return;
    case 'duel':
      w.byte(g.size);
      writeSeed(w, g.seed);
      w.varint(g.actions.length);
      for (const a of g.actions) {
        if (a.kind === 'slide') w.bits(DIRECTIONS.indexOf(a.direction), 3);
        else {
          w.bits(1, 1);
          w.bits(a.at.row * g.size + a.at.col, cellBits(g.size));
          w.bits(a.value === 4 ? 1 : 0, 1);
        }
      }
  }
}

/** The game is a puzzle whose code carries its move times. */
function hasMoveTimes(g: SharedGame): boolean {
  return (
    g.kind === 'puzzle' && !!g.moveMs && g.tiles.length > 0 && g.moveMs.length === g.tiles.length
  );
}

/** The code of a game. The game is taken as it is: `replayShared` checks it. */
export function encodeShared(s: Shared): string {
  const w = new ByteWriter();
  w.byte(SHARE_VERSION);
  w.byte(KINDS.indexOf(s.game.kind));
  const time = s.game.kind === 'puzzle' && s.game.timeMs !== null;
  const evil = s.game.kind === '2048' && s.game.evil;
  const moveTimes = hasMoveTimes(s.game) ? FLAG_MOVE_TIMES : 0;
  const longSeed = typeof s.game.seed === 'string' ? FLAG_LONG_SEED : 0;
  w.byte(
    (s.assisted ? FLAG_ASSISTED : 0) |
      (evil ? FLAG_EVIL : 0) |
      (time ? FLAG_TIME : 0) |
      moveTimes |
      longSeed,
  );
  const label = PLAYERS.test(s.players) ? s.players : '';
  w.byte(label.length);
  for (const ch of label) w.byte(ch.charCodeAt(0));
  writeGame(w, s.game);
  const body = w.result();
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, crc32(body));
  return SHARE_PREFIX + toBase64Url(out);
}

function readSize(r: ByteReader): number {
  const n = r.byte();
  if (n < MIN_SIZE || n > MAX_SIZE)
    throw new ReadError(`its board size ${n} is not ${MIN_SIZE} to ${MAX_SIZE}`);
  return n;
}

function readPower(r: ByteReader, min: number, what: string): number {
  const e = r.byte();
  if (e < min || e > 52) throw new ReadError(`its ${what} is not a power of two from ${2 ** min}`);
  return 2 ** e;
}

function readSeed(r: ByteReader, flags: number): Seed {
  if (flags & FLAG_LONG_SEED) {
    const n = r.byte();
    if (n !== 16 && n !== 32) throw new ReadError(`its long seed has ${n} bytes, not 16 or 32`);
    return longSeedOf(Array.from({ length: n }, () => r.byte()));
  }
  const seed = r.varint();
  if (!checkSeed(seed).ok) throw new ReadError('its seed is out of range');
  return seed;
}

function readCount(r: ByteReader, bitsEach: number): number {
  const n = r.varint();
  if (n > MAX_MOVES || n * bitsEach > r.bitsLeft()) {
    throw new ReadError(`it claims ${n} moves but holds fewer`);
  }
  return n;
}

function readGame(r: ByteReader, kind: SharedGame['kind'], flags: number): SharedGame {
  if (kind !== 'puzzle' && flags & FLAG_MOVE_TIMES)
    throw new ReadError('it holds move times, which only a puzzle has');
  switch (kind) {
    case '2048': {
      const size = readSize(r);
      const target = readPower(r, 3, 'target');
      const seed = readSeed(r, flags);
      const n = readCount(r, 2);
      const moves = Array.from({ length: n }, () => DIRECTIONS[r.bits(2)]!);
      return { kind, size, target, seed, evil: (flags & FLAG_EVIL) !== 0, moves };
    }
    case 'puzzle': {
      const width = readSize(r);
      const seed = readSeed(r, flags);
      const timeMs = flags & FLAG_TIME ? r.varint() : null;
      const n = readCount(r, cellBits(width));
      const tiles = Array.from({ length: n }, () => r.bits(cellBits(width)));
      if (!(flags & FLAG_MOVE_TIMES)) return { kind, width, seed, tiles, timeMs };
      r.endBits();
      return { kind, width, seed, tiles, timeMs, moveMs: readMoveTimes(r, n, timeMs) };
    }
    case 'versus': {
      const size = readSize(r);
      const target = readPower(r, 4, 'target');
      const capExp = r.byte();
      const attackCap = capExp === 0 ? null : 2 ** capExp;
      if (capExp === 1 || capExp > 52)
        throw new ReadError('its attack cap is not a power of two from 4');
      const seed = readSeed(r, flags);
      const n = readCount(r, 3);
      const moves = Array.from({ length: n }, () => {
        const v = r.bits(3);
        return { side: (v >> 2) as Side, direction: DIRECTIONS[v & 3]! };
      });
      return { kind, size, target, attackCap, seed, moves };
    }
    case 'duel': {
      const size = readSize(r);
      const seed = readSeed(r, flags);
      const n = readCount(r, 3);
      const actions: DuelAction[] = [];
      for (let i = 0; i < n; i++) {
        if (r.bits(1) === 0) actions.push({ kind: 'slide', direction: DIRECTIONS[r.bits(2)]! });
        else {
          const cell = r.bits(cellBits(size));
          const value = r.bits(1) === 1 ? 4 : 2;
          actions.push({
            kind: 'place',
            at: { row: Math.floor(cell / size), col: cell % size },
            value,
          });
        }
      }
      return { kind, size, seed, actions };
    }
  }
}

/**
 * Reads a code: its form, size bound, checksum and fields. It says nothing yet about whether
 * the moves are legal: `replayShared` (shareReplay.ts) does. Anything that is not a string is
 * `not-a-code`.
 */
export function decodeShared(input: string): Result<Shared, ShareProblem> {
  // Untrusted: a JavaScript caller may pass anything, and a String object is not a code either.
  if (typeof input !== 'string') {
    return fail(
      'not-a-code',
      `a slidebox code is text starting with "${SHARE_PREFIX}", got ${show(input)}`,
    );
  }
  const text = input.trim();
  if (text.length > MAX_CODE_LENGTH) {
    return fail(
      'too-long',
      `the code is ${text.length} characters long; codes are at most ${MAX_CODE_LENGTH}`,
    );
  }
  if (!text.startsWith(SHARE_PREFIX))
    return fail('not-a-code', `a slidebox code starts with "${SHARE_PREFIX}"`);
  const bytes = fromBase64Url(text.slice(SHARE_PREFIX.length));
  if (!bytes) return fail('not-a-code', 'the code has characters or a length a code never has');
  if (bytes.length < 5) return fail('damaged', 'the code is too short: part of it is missing');
  const body = bytes.subarray(0, bytes.length - 4);
  const sum = new DataView(bytes.buffer, bytes.byteOffset).getUint32(bytes.length - 4);
  if (body[0]! > SHARE_VERSION && crc32(body) === sum) {
    return fail(
      'future-version',
      `the code was made by a newer slidebox (format ${body[0]}; this one reads format ${SHARE_VERSION})`,
    );
  }
  if (crc32(body) !== sum)
    return fail('damaged', 'the code is damaged or incomplete (its checksum does not match)');
  const r = new ByteReader(body);
  try {
    if (r.byte() !== SHARE_VERSION) throw new ReadError('its format version is unknown');
    const kind = KINDS[r.byte()];
    if (!kind) throw new ReadError('its game kind is unknown');
    const flags = r.byte();
    if (flags & ~KNOWN_FLAGS) {
      return fail(
        'future-version',
        'the code was made by a newer slidebox (it holds something this one does not read)',
      );
    }
    const label = Array.from({ length: r.byte() }, () => String.fromCharCode(r.byte())).join('');
    if (!PLAYERS.test(label))
      throw new ReadError('its players are not named as slidebox names them');
    const game = readGame(r, kind, flags);
    r.endBits();
    if (!r.atEnd) throw new ReadError('it has bytes after the moves');
    return ok({ game, assisted: (flags & FLAG_ASSISTED) !== 0, players: label });
  } catch (e) {
    if (e instanceof ReadError)
      return fail('bad-code', `the code is not a valid game: ${e.message}`);
    throw e;
  }
}

/** The moves of a 2048 game from its start, if it started from its seed (not a set-up board). */
export function shared2048(
  game: Game,
  opts: { evil?: boolean; assisted?: boolean } = {},
): Result<Shared, ShareProblem> {
  const moves: Direction[] = [];
  let root = game;
  while (root.previous) {
    moves.push(root.last!.direction);
    root = root.previous;
  }
  moves.reverse();
  const fresh = newGame({ size: game.size, target: game.target, seed: game.seed });
  const same = fresh.cells.every((row, r) => row.every((v, c) => v === root.cells[r]![c]));
  if (!same || root.score !== 0)
    return fail('not-seeded', 'this game did not start from its seed, so it cannot be shared');
  const g: SharedGame = {
    kind: '2048',
    size: game.size,
    target: game.target,
    seed: game.seed,
    evil: !!opts.evil,
    moves,
  };
  return ok({ game: g, assisted: !!opts.assisted, players: '' });
}

/**
 * The moves of a puzzle from its shuffle, with each move's time when every move was made with
 * a clock reading (`moveTile` with `now`). `timeMs` is the time shown (none by default; a
 * solved puzzle with move times: its clock); it is raised to the clock at the last move if
 * lower, so the move times never add up to more.
 */
export function sharedPuzzle(
  puzzle: Puzzle,
  opts: { assisted?: boolean; timeMs?: number | null } = {},
): Result<Shared, ShareProblem> {
  if (puzzle.seed === null)
    return fail(
      'not-seeded',
      'this puzzle was set up by hand, not dealt from a seed, so it cannot be shared',
    );
  const tiles: number[] = [];
  let root = puzzle;
  while (root.previous) {
    tiles.push(root.last!.tile);
    root = root.previous;
  }
  tiles.reverse();
  const clock = tiles.length > 0 ? moveClock(puzzle) : null;
  const moveMs = clock ? moveDurations(clock) : null;
  const sum = moveMs?.reduce((a, b) => a + b, 0) ?? 0;
  const given = opts.timeMs ?? (moveMs && puzzle.solved ? sum : null);
  const g: SharedGame = {
    kind: 'puzzle',
    width: puzzle.width,
    seed: puzzle.seed,
    tiles,
    timeMs: moveMs && given !== null ? Math.max(sum, Math.round(given) || 0) : given,
    ...(moveMs ? { moveMs } : {}),
  };
  return ok({ game: g, assisted: !!opts.assisted, players: '' });
}

/** A versus match's moves; `players` names side 2 ("human", "ai-hard"). */
export function sharedVersus(match: VersusMatch, players: string): Shared {
  const { size, target, attackCap, seed } = match.rules;
  const moves = match.log.map((m) => ({ side: m.side, direction: m.direction }));
  return {
    game: { kind: 'versus', size, target, attackCap, seed, moves },
    assisted: false,
    players,
  };
}

/** A duel's actions; `players` names who played each side ("human,ai"). */
export function sharedDuel(duel: Duel, players: string): Shared {
  return {
    game: { kind: 'duel', size: duel.size, seed: duel.seed, actions: duel.log },
    assisted: false,
    players,
  };
}
