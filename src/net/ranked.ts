/**
 * Ranked play, for every side of it: the shapes of the server's ranked games, dealt and timed by
 * the server. A ranked game is started over HTTP (`POST /api/ranked`) and played over a
 * WebSocket (`/api/ranked/socket`): the client sends each move, the server applies it to the
 * game only it knows the seed of, and answers with what the move dealt (2048: the new tile,
 * never a later one) stamped with the server's clock. At the end the server ranks it on the
 * ranked boards and reveals the game's share code (seed and all) — a ranked daily's only once
 * its day is over.
 *
 * Pure types and checks: no I/O here (the client is rankedClient.ts, the server
 * src/server/ranked/).
 */
import type { SubmittedEntry } from './entries.ts';
import { jsonMessage } from './jsonMessage.ts';

export type RankedKind = '2048' | 'puzzle';

/** `POST /api/ranked`: start a ranked game (the deal and, for the puzzle, the clock start now). */
export interface RankedRequest {
  readonly kind: RankedKind;
  /** 3–8; default 4. Ignored (4) for the daily. */
  readonly size?: number;
  /** 2048 only: the target tile; default 2048. Ignored (2048) for the daily. */
  readonly target?: number;
  /** The day's ranked challenge (UTC day at the server): one counted attempt per player key. */
  readonly daily?: boolean;
  readonly playerKey: string;
  readonly name: string;
}

/** A ranked game's board as its player may see it: never the seed, never a tile to come. */
export interface RankedBoard {
  readonly kind: RankedKind;
  readonly size: number;
  /** 2048: the target; puzzle: null. */
  readonly target: number | null;
  /** The ranked daily's day (YYYY-MM-DD), or null. */
  readonly day: string | null;
  /** 2048: rows of tile values (0 empty); puzzle: null. */
  readonly cells: readonly (readonly number[])[] | null;
  /** Puzzle: the tiles row by row (0 the blank); 2048: null. */
  readonly tiles: readonly number[] | null;
  /** 2048: the score; puzzle: the moves made. */
  readonly score: number;
  /** Moves taken by the server so far. */
  readonly moves: number;
  /** Server clock: milliseconds from the deal to the last move taken. */
  readonly elapsedMs: number;
  readonly over: boolean;
  /** 2048: reached the target; puzzle: solved. */
  readonly won: boolean;
}

/** `POST /api/ranked`'s answer (201): the game, its token, and the board as dealt. */
export interface RankedStart {
  /** The game's id (URL-safe). */
  readonly id: string;
  /** The game's secret: whoever has it plays the game (kept by the client to resume). */
  readonly token: string;
  readonly board: RankedBoard;
  /** How long the server keeps an unfinished game no client plays (ms); then it ends as it stands. */
  readonly keepMs: number;
  /**
   * True when this is the player's ranked daily attempt of the day already under way (a second
   * start of the daily resumes it, with a new token that replaces the old one); else absent.
   */
  readonly resumed?: boolean;
}

/**
 * The body of `POST /api/ranked`'s 409 for a ranked daily already played to its end: the
 * error, and what the player's counted attempt ranked.
 */
export interface RankedDailyPlayed {
  readonly error: { readonly code: 'daily-played'; readonly message: string };
  readonly result: RankedResult;
}

/** What the server ranked at the end of a ranked game. */
export interface RankedResult {
  /**
   * The game's share code, seed revealed: it replays to exactly the figures ranked. Null for a
   * ranked daily while its day lasts, and after it while an attempt of that day (started before
   * midnight) is still played: the code would show every player the day's tiles. Once the day
   * is over, the result sent again (a hello with the game's token) has it, as has the day's
   * board.
   */
  readonly code: string | null;
  /**
   * A ranked daily's: the UTC instant its day ends (ISO 8601), from which on its code is given
   * (once no attempt of the day is still played). Null for other ranked games: their code is
   * given at the end (their seed is used once). Absent from a server older than this field.
   */
  readonly codeAt?: string | null;
  /** The entry as stored (its rank on its first board), or null when it ranks nowhere. */
  readonly entry: SubmittedEntry | null;
  /** Why it ranks nowhere (an unsolved puzzle, a game left with no move), or null. */
  readonly why: string | null;
  /** How it ended: played to the end, resigned, or left longer than the server keeps it. */
  readonly reason: 'play' | 'resigned' | 'left';
  /**
   * The time left out of the game's clock because the server failed (ms, 0: none): from the
   * last stored move to the moment another process, or the server started again, took the game
   * on. A player's own lost connection is not left out. Absent from a server older than this.
   */
  readonly interruptedMs?: number;
  /** How many times the server failed during the game (0: never). Absent from an older server. */
  readonly interruptions?: number;
}

/** Messages a client sends on `/api/ranked/socket`. */
export type RankedClientMessage =
  /** First message: the game to play. */
  | { readonly type: 'hello'; readonly game: string; readonly token: string }
  /**
   * Move number `n` (1 for the first move of the game, one more each move). Sent again (after a
   * reconnect) with a number already taken, it changes nothing and is answered again with the
   * same `moved`; a number past the next one is refused (`out-of-order`). 2048: `d` is
   * u/d/l/r; puzzle: `tile` is the tile to slide (with those between it and the blank).
   */
  | { readonly type: 'move'; readonly n: number; readonly d: 'u' | 'd' | 'l' | 'r' }
  | { readonly type: 'move'; readonly n: number; readonly tile: number }
  /** Ends the game where it stands (it is ranked as it stands). */
  | { readonly type: 'resign' };

/** Messages the server sends on `/api/ranked/socket`. */
export type RankedServerMessage =
  /**
   * After hello, and after a reconnect: the board as the server has it, and `t`, the server's
   * clock now (ms from the deal: a puzzle's running time; the server always sends it, a client
   * without it uses `board.elapsedMs`).
   */
  | {
      readonly type: 'state';
      readonly board: RankedBoard;
      readonly result: RankedResult | null;
      readonly t?: number;
      /**
       * The time left out of the game's clock because the server failed (ms), and how many
       * times it did: a client that knew fewer says once that the game went on where its last
       * answered move left it. Absent from a server older than this (and when 0).
       */
      readonly interruptedMs?: number;
      readonly interruptions?: number;
    }
  /**
   * Move `n` taken. 2048: `tile` is the tile it dealt (null only when the game is over with no
   * room); puzzle: `tile` is null. `t` is the server's clock (ms from the deal).
   */
  | {
      readonly type: 'moved';
      readonly n: number;
      readonly tile: { readonly row: number; readonly col: number; readonly value: number } | null;
      readonly t: number;
      readonly score: number;
      readonly over: boolean;
      readonly won: boolean;
    }
  /** Move `n` not taken (a slide that changes nothing, a tile that cannot move, out of order). */
  | {
      readonly type: 'refused';
      readonly n: number;
      readonly code: string;
      readonly message: string;
    }
  /** The game ended: what the server ranked. */
  | { readonly type: 'over'; readonly result: RankedResult }
  /** A hello refused (no such game, wrong token) or a message that is not the protocol. */
  | { readonly type: 'error'; readonly code: string; readonly message: string };

/** The longest message either side accepts from the other on the ranked socket, in bytes. */
export const RANKED_MESSAGE_MAX = 512;

/** The letters of the 2048 directions in a move message. */
export const DIRECTION_LETTERS = { up: 'u', down: 'd', left: 'l', right: 'r' } as const;

/** The direction of a move message's letter. */
export const LETTER_DIRECTIONS = { u: 'up', d: 'down', l: 'left', r: 'right' } as const;

/**
 * WebSocket close codes of the ranked socket (the rooms' numbers for the same reasons). After
 * `badMessage`, `badToken`, `noGame` and `replaced` a client does not reconnect.
 */
export const RANKED_CLOSE = {
  /** Not a message of this protocol (bad JSON, unknown type, hello twice, a move before hello). */
  badMessage: 4400,
  /** A token that is not the game's. */
  badToken: 4403,
  /** No such game (or no longer kept). */
  noGame: 4404,
  /** No hello within the time allowed. */
  slow: 4408,
  /** The game was opened on another connection: this older one is closed. */
  replaced: 4409,
  /** Far too many messages. */
  tooFast: 4429,
  /** The server is stopping: connect again. */
  goingAway: 1001,
} as const;

/** A client's message as the server reads it, or null when it is not one. */
export function readRankedClientMessage(text: string): RankedClientMessage | null {
  const read = jsonMessage(text);
  if (!read) return null;
  const { m, only } = read;
  switch (m.type) {
    case 'hello':
      if (!only('type', 'game', 'token')) return null;
      if (typeof m.game !== 'string' || typeof m.token !== 'string') return null;
      if (m.game.length > 64 || m.token.length > 128) return null;
      return { type: 'hello', game: m.game, token: m.token };
    case 'move': {
      if (!Number.isSafeInteger(m.n) || (m.n as number) < 1) return null;
      const n = m.n as number;
      if ('d' in m) {
        if (!only('type', 'n', 'd')) return null;
        return m.d === 'u' || m.d === 'd' || m.d === 'l' || m.d === 'r'
          ? { type: 'move', n, d: m.d }
          : null;
      }
      if (!only('type', 'n', 'tile')) return null;
      if (!Number.isSafeInteger(m.tile) || (m.tile as number) < 1 || (m.tile as number) > 63) {
        return null;
      }
      return { type: 'move', n, tile: m.tile as number };
    }
    case 'resign':
      return only('type') ? { type: 'resign' } : null;
    default:
      return null;
  }
}

/**
 * The ranked socket's URL. With the game's id it carries `?game=ID`, which the server ignores
 * (the `hello` names the game) and a load balancer hashes, so that every connection of one game
 * reaches the process that owns it (docs/deploy/nginx.conf).
 */
export function rankedSocketUrl(server: string, game?: string): string {
  const base = `${server.replace(/^http/i, 'ws').replace(/\/+$/, '')}/api/ranked/socket`;
  return game === undefined ? base : `${base}?game=${encodeURIComponent(game)}`;
}
