/**
 * The server database's tables as Kysely sees them: one interface a table, and the schema that
 * names them. Types only; the migrations that make the tables are in db.ts and beside the
 * boards.
 */
import type { Generated } from 'kysely';

export interface PlayersTable {
  id: Generated<number>;
  /** SHA-256 of the player's key (hex): the key itself is never stored. */
  key_hash: string;
  name: string;
  created_ms: number;
}

export interface GamesTable {
  id: Generated<number>;
  /** SHA-256 of the code (hex): a code is stored once. */
  code_hash: string;
  code: string;
  player_id: number;
  kind: string;
  size: number;
  target: number | null;
  /** A number seed; 0 for a long seed (seedColumns.ts). */
  seed: number;
  /** A long seed (hex), or null for a number seed (0014). */
  long_seed: string | null;
  assisted: number;
  score: number;
  moves: number;
  time_ms: number | null;
  max_tile: number | null;
  over: number;
  won: number;
  /** The daily challenge's day it counts for, or null. */
  day: string | null;
  created_ms: number;
  /** 1 for a ranked game (dealt and timed by the server), 0 for a self-reported one (0006). */
  ranked: Generated<number>;
  /**
   * SHA-256 of the game's canonical form (gameIdentity.ts): a game is stored once, however its
   * code is written (0007; null only for a later copy of a game stored before 0007).
   */
  game_hash: string | null;
  /** SHA-256 of its opening (gameIdentity.ts), to find the games a code may copy (0007). */
  opening_hash: string | null;
  /** A ranked game's time left out after server faults (ms), or null (0012). */
  interrupted_ms: Generated<number | null>;
}

/**
 * A ranked game (0006): dealt by the server from a seed it keeps until the game ends. Live
 * games are played in a process's memory; their moves are written in batches (ranked_moves).
 */
export interface RankedGamesTable {
  /** Random, URL-safe: says nothing of the seed. */
  id: string;
  /** SHA-256 of the game's token (hex). */
  token_hash: string;
  /** SHA-256 of the player's key (hex). */
  key_hash: string;
  name: string;
  kind: string;
  size: number;
  target: number | null;
  /** The ranked daily's day, or null: one game per player, kind and day. */
  day: string | null;
  /** A number seed; 0 for a long seed (seedColumns.ts). */
  seed: number;
  /** The long seed (hex) the server dealt from, or null for a number seed (0014). */
  long_seed: string | null;
  /** The deal, on the server's clock (ms since 1970): move times count from it. */
  dealt_ms: number;
  /** The last move, connection or sign of life: an unfinished game idle past keepMs ends. */
  active_ms: number;
  /** The process playing it now (its instance id), or null. */
  holder: string | null;
  /** Raised by every take; the owner's writes name the epoch they took (0012). */
  epoch: Generated<number>;
  /** Time left out of the game's clock after server faults (ms, 0012). */
  paused_ms: Generated<number>;
  /** The same, for the result (ms), and how many times (0012). */
  interrupted_ms: Generated<number>;
  interruptions: Generated<number>;
  /** 1 while a stopping server let it go (not its player): its next take pauses its clock. */
  stopped: Generated<number>;
  /** When it ended, how (play, resigned, left) and what was ranked (a RankedResult as JSON). */
  ended_ms: number | null;
  reason: string | null;
  result: string | null;
}

/** A ranked game's moves: the direction (0–3) or the tile, and its time from the deal (ms). */
export interface RankedMovesTable {
  game_id: string;
  n: number;
  move: number;
  t: number;
}

/** Secrets of the server kept across restarts and shared by its processes (0006). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** One ranking: a board and a track (clean, open). */
export interface LaddersTable {
  id: Generated<number>;
  board: string;
  track: string;
}

/** A player's entry on a ladder: their best (or, on a daily board, first) game there. */
export interface EntriesTable {
  ladder_id: number;
  player_id: number;
  game_id: number;
  k1: number;
  k2: number;
  /** The game's analysis, copied from game_analyses for the sorted boards (0010; null until analysed). */
  accuracy: Generated<number | null>;
  agreement: Generated<number | null>;
  /** 1 when the game is marked as playing like the AI (0010; 0 until analysed). */
  ai_like: Generated<number>;
}

/** The rank counts (boards.ts): entries per block of first keys, per ladder. */
export interface RankCountsTable {
  ladder_id: number;
  node: number;
  n: number;
}

export interface RankLevelsTable {
  level: number;
}

/** An online room: its code, its rules and the match being played in it (from 1). */
export interface RoomsTable {
  id: Generated<number>;
  code: string;
  kind: string;
  size: number;
  target: number | null;
  attack_cap: number | null;
  /** The current match's seed: a number; 0 for a long seed (seedColumns.ts). */
  seed: number;
  /** The current match's long seed (hex), or null for a number seed (0014). */
  long_seed: string | null;
  match: number;
  created_ms: number;
  /** The last hello, rematch or end: idle rooms are deleted. */
  active_ms: number;
  /** A duel's time per decision (ms), or null for none (0008). */
  turn_ms: number | null;
  /** Raised by every claim that takes the room; its owner's writes name it (0016). */
  epoch: Generated<number>;
}

/** A room's two seats: the hash of the seat's token (null while free) and the player's name. */
export interface SeatsTable {
  room_id: number;
  side: number;
  token_hash: string | null;
  name: string | null;
  /** The server process holding the seat's connection (its instance id), or null (0004). */
  holder: string | null;
  /**
   * While a process holds the seat: its last sign of life (a heartbeat); once none does: when
   * the seat was left (ms) (0004).
   */
  seen_ms: number | null;
  /** The match after which this seat offered a rematch, or null (0004). */
  rematch: number | null;
  /** The SHA-256 of the seated player's key, or null when their client sent none (0008). */
  player_hash: string | null;
}

/** A room's actions, in order per match: the database orders them. */
export interface RoomActionsTable {
  room_id: number;
  match: number;
  seq: number;
  side: number;
  action: string;
  /** The mover's own id of the message (a message sent twice is applied once). */
  client_id: number;
  created_ms: number;
}

/** Finished online matches: kept when their room is gone (records, replays). */
export interface RoomResultsTable {
  room_code: string;
  match: number;
  kind: string;
  /** '0', '1' or 'draw'. */
  winner: string;
  reason: string;
  code: string;
  name0: string;
  name1: string;
  finished_ms: number;
  /** The SHA-256 of each seat's player key, or null (0008). */
  key0: Generated<string | null>;
  key1: Generated<string | null>;
  /** 1 when the match counts for the players' records: two keys, each side played (0008). */
  counted: Generated<number>;
}

export interface Schema {
  rooms: RoomsTable;
  seats: SeatsTable;
  room_actions: RoomActionsTable;
  room_results: RoomResultsTable;
  players: PlayersTable;
  games: GamesTable;
  ladders: LaddersTable;
  entries: EntriesTable;
  rank_counts: RankCountsTable;
  rank_levels: RankLevelsTable;
  ranked_games: RankedGamesTable;
  ranked_moves: RankedMovesTable;
  server_secrets: ServerSecretsTable;
  name_holders: NameHoldersTable;
  game_analyses: GameAnalysesTable;
  ranked_daily_starts: RankedDailyStartsTable;
}

/**
 * The ranked daily's new attempts per client address, day and kind (migration 0013,
 * ranked/dailyStarts.ts): the address kept only as a keyed hash.
 */
export interface RankedDailyStartsTable {
  day: string;
  kind: string;
  /** HMAC-SHA256 of the server's secret and the day with the address (base64url). */
  address_hash: string;
  starts: number;
}

/** The `name_holders` table (migration 0009). */
export interface NameHoldersTable {
  /** The name's skeleton: names that look alike share one. */
  skeleton: string;
  /** SHA-256 of the player key that holds it. */
  key_hash: string;
  created_ms: number;
}

/**
 * A stored game's analysis for the boards (migration 0010, boards/analysisPool.ts): claimed by
 * the process judging it (`running`), then its figures (`done`), or why it has none
 * (`skipped`: tried again at the next start; `failed`).
 */
export interface GameAnalysesTable {
  game_id: number;
  state: string;
  /** When a process claimed it (ms): a claim older than 10 minutes is taken over. */
  claimed_ms: number;
  kind: string | null;
  accuracy: number | null;
  agreement: number | null;
  /** Moves judged. */
  moves: number | null;
  /** Puzzle: the fewest moves that solve its start, and the moves played beyond them. */
  optimal: number | null;
  wasted: number | null;
  /** `fast`, `generic` or `exact` (boards/analysisFigures.ts). */
  method: string | null;
  /** 1 when the game passes the mark's line (agrees with the AI beyond what players do). */
  ai_like: number | null;
  analysed_ms: number | null;
  /** Why a game was skipped or failed. */
  note: string | null;
}

/** The two databases the server runs on. */
export type Dialect = 'sqlite' | 'postgres';
