/**
 * The boards' names and sources and what `POST /api/scores` answers: the words the API client
 * (api.ts, which re-exports them) and ranked play (ranked.ts) share.
 */

/** The boards: the day's challenges, and all-time 2048 (per size and target) and puzzle (per size). */
export const BOARDS = ['daily-2048', 'daily-puzzle', '2048', 'puzzle'] as const;
export type BoardName = (typeof BOARDS)[number];

/**
 * Where a board's games come from: `ranked`, games the server dealt and timed (ranked play,
 * what boards show by default), or `self-reported`, share codes of games played offline and
 * sent with `POST /api/scores` (replayed, so legal, but the client knew the seed and chose what
 * to send). The two are never mixed.
 */
export const SOURCES = ['ranked', 'self-reported'] as const;
export type BoardSource = (typeof SOURCES)[number];

/** A stored game, as `POST /api/scores` answers it: every figure from the server's replay. */
export interface SubmittedEntry {
  readonly id: number;
  /** The board the game ranks on first: the day's challenge for a daily game, else all-time. */
  readonly board: BoardName;
  readonly kind: '2048' | 'puzzle';
  readonly size: number;
  readonly score: number;
  readonly moves: number;
  /** Puzzle: the time the code reports; 2048: null. */
  readonly timeMs: number | null;
  /** 2048: the largest tile; puzzle: null. */
  readonly maxTile: number | null;
  readonly assisted: boolean;
  /**
   * A ranked game (dealt and timed by the server), else a self-reported one (the server always
   * says; absent only from a server older than ranked play).
   */
  readonly ranked?: boolean;
  /** The daily challenge's day (YYYY-MM-DD), or null. */
  readonly day: string | null;
  /** The player's rank on `board` (their best game there), or null when this game is not ranked there. */
  readonly rank: number | null;
  readonly name: string;
  /**
   * What the server did with the game: `stored` (a new entry), `sent-before` (this game was
   * stored already: the entry is that one, whoever sent it first), `not-better` (checked, but it
   * changes none of the player's lines, so it is not kept: `id` is the game that stands).
   * Absent from a server older than this field.
   */
  readonly outcome?: SubmitOutcome;
  /** A ranked game the server's faults interrupted: the time left out of its clock (ms). */
  readonly interruptedMs?: number;
}

export type SubmitOutcome = 'stored' | 'sent-before' | 'not-better';
