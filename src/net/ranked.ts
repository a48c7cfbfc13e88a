/**
 * Ranked play, for every side of it: the shapes of the server's ranked games, dealt and timed by
 * the server. A ranked game is started over HTTP (`POST /api/ranked`) and played over a
 * WebSocket (`/api/ranked/socket`): the client sends each move, the server applies it to the
 * game only it knows the seed of, and answers with what the move dealt (2048: the new tile,
 * never a later one) stamped with the server's clock. At the end the server reveals the game's
 * share code (seed and all) and ranks it on the ranked boards.
 *
 * Pure types and checks: no I/O here (the client is rankedClient.ts, the server
 * src/server/ranked*.ts).
 */
import type { SubmittedEntry } from './api.ts';

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
}

/** What the server ranked at the end of a ranked game. */
export interface RankedResult {
  /** The game's share code, seed revealed: it replays to exactly the figures ranked. */
  readonly code: string;
  /** The entry as stored (its rank on its first board), or null when it ranks nowhere. */
  readonly entry: SubmittedEntry | null;
  /** Why it ranks nowhere (an unsolved puzzle, a game left with no move), or null. */
  readonly why: string | null;
  /** How it ended: played to the end, resigned, or left longer than the server keeps it. */
  readonly reason: 'play' | 'resigned' | 'left';
}

/** Messages a client sends on `/api/ranked/socket`. */
export type RankedClientMessage =
  /** First message: the game to play. */
  | { readonly type: 'hello'; readonly game: string; readonly token: string }
  /**
   * Move number `n` (1 for the first move of the game; sent again after a reconnect with the
   * same number, it is taken once). 2048: `d` is u/d/l/r; puzzle: `tile` is the tile to slide.
   */
  | { readonly type: 'move'; readonly n: number; readonly d: 'u' | 'd' | 'l' | 'r' }
  | { readonly type: 'move'; readonly n: number; readonly tile: number }
  /** Ends the game where it stands (it is ranked as it stands). */
  | { readonly type: 'resign' };

/** Messages the server sends on `/api/ranked/socket`. */
export type RankedServerMessage =
  /** After hello, and after a reconnect: the board as the server has it. */
  | { readonly type: 'state'; readonly board: RankedBoard; readonly result: RankedResult | null }
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
  | { readonly type: 'refused'; readonly n: number; readonly code: string; readonly message: string }
  /** The game ended: what the server ranked. */
  | { readonly type: 'over'; readonly result: RankedResult }
  /** A hello refused (no such game, wrong token) or a message that is not the protocol. */
  | { readonly type: 'error'; readonly code: string; readonly message: string };

/** The ranked socket's path. */
export function rankedSocketUrl(server: string): string {
  return `${server.replace(/^http/i, 'ws').replace(/\/+$/, '')}/api/ranked/socket`;
}
