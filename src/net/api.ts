/**
 * The leaderboard server's HTTP API, for every side of it: the shapes of its answers, the rules
 * for player keys and names (the server enforces them, clients check them first), and a small
 * client over `fetch` (Node 20 and browsers) whose failures are values with a sentence, never
 * throws. `slidebox serve` implements it (src/server/); the terminal and the web app use it.
 */
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import type { BoardName, BoardSource, SubmittedEntry } from './entries.ts';
import type { RankedDailyPlayed, RankedRequest, RankedResult, RankedStart } from './ranked.ts';

export {
  BOARDS,
  type BoardName,
  type BoardSource,
  SOURCES,
  type SubmitOutcome,
  type SubmittedEntry,
} from './entries.ts';

/** One line of a board: a player's best game there. */
export interface BoardEntry {
  readonly rank: number;
  readonly name: string;
  readonly score: number;
  readonly moves: number;
  readonly timeMs: number | null;
  readonly maxTile: number | null;
  readonly assisted: boolean;
  /**
   * The game's share code (its replay), or null while it would reveal tiles still to be
   * played: a ranked daily entry's code is shown once its day is over.
   */
  readonly code: string | null;
  readonly day: string | null;
  /**
   * The server's analysis of the game (docs/server.md, "Analysis"), null until it is analysed
   * (or when its kind and size are not analysed). 2048: the accuracy of its moves judged by the
   * AI, 0 to 100; puzzle: 100 × the optimal count / the moves played. Absent from a server
   * older than the analysis.
   */
  readonly accuracy?: number | null;
  /**
   * 2048: percent of the moves equal to the AI's choice; puzzle: percent of the moves on a
   * shortest path to solved. Null until analysed.
   */
  readonly agreement?: number | null;
  /**
   * The game agrees with the AI (2048) or the optimal solver (puzzle) beyond what players do:
   * the line is in docs/server.md. False until analysed.
   */
  readonly aiLike?: boolean;
  /** Puzzle: the fewest moves that solve its start, and the moves played beyond them; else null. */
  readonly optimal?: number | null;
  readonly wasted?: number | null;
  /**
   * A ranked game the server's faults interrupted: the time left out of its clock (ms), from
   * its last stored move to the moment the game was taken on again. Absent when none.
   */
  readonly interruptedMs?: number;
  /**
   * A ranked daily line whose player key the server first saw on that day (no game nor name of
   * it before): a key that may have been made to play a board another key looked at first.
   * False on every other line; absent from a server older than this mark.
   */
  readonly newKey?: boolean;
}

/** How a board's lines are ordered: by rank (the board's order), or by an analysis figure, highest first. */
export const BOARD_SORTS = ['rank', 'accuracy', 'agreement'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

export interface Leaderboard {
  readonly board: BoardName;
  /** Ranked games, or self-reported ones. */
  readonly source: BoardSource;
  readonly entries: readonly BoardEntry[];
  /** The asking player's own line (`playerKey` given), wherever it ranks; null when they have none. */
  readonly you: BoardEntry | null;
}

export interface BoardQuery {
  readonly board: BoardName;
  readonly size?: number;
  readonly target?: number;
  readonly day?: string;
  readonly limit?: number;
  readonly offset?: number;
  readonly playerKey?: string;
  /** Ranked games (the default), or self-reported ones. */
  readonly source?: BoardSource;
  /** Self-reported boards only: list assisted games too (marked). */
  readonly assisted?: boolean;
  /** The lines' order (default `rank`); sorted by a figure, the games analysed only. */
  readonly sort?: BoardSort;
  /** Only analysed games with at least this accuracy (0 to 100). */
  readonly minAccuracy?: number;
  /** Only analysed games with at least this agreement (0 to 100). */
  readonly minAgreement?: number;
  /** true: only the games marked as playing like the AI; false: none of them. */
  readonly aiLike?: boolean;
}

/** The error body of every refused request: `{ "error": { "code", "message" } }`. */
export interface ApiErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

/** Bytes of a player key before base64url: 32 random bytes make 43 characters. */
export const PLAYER_KEY_BYTES = 32;
const PLAYER_KEY = /^[A-Za-z0-9_-]{32,128}$/;
export const NAME_MAX = 24;

/** A new random player key: 32 random bytes in base64url (43 characters). */
export function newPlayerKey(): string {
  const bytes = new Uint8Array(PLAYER_KEY_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether a value is a player key the server accepts: 32–128 characters of A–Z a–z 0–9 - _. */
export function isPlayerKey(key: unknown): key is string {
  return typeof key === 'string' && PLAYER_KEY.test(key);
}

// Control characters (C0, DEL, C1), lone surrogates, and the bidirectional controls that can reorder what follows.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// Invisible characters: format characters (zero-width space and joiners, soft hyphen, word
// joiner, byte-order mark, tags), the combining grapheme joiner, the rarer variation selectors,
// blank fillers (Hangul, Braille, Mongolian), private-use and unassigned code points. (The
// emoji variation selectors U+FE00–FE0F are taken: a name's skeleton drops them.)
const INVISIBLE =
  /[\p{Cf}\p{Co}\p{Cn}\u115f\u1160\u2800\u3164\uffa0]|[\u{e0100}-\u{e01ef}]|\u034f|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180f/u;

/**
 * Checks a player's name: 1–24 printable characters (counted as code points), no control,
 * bidirectional-override, zero-width or other invisible characters, not blank; NFKC-normalised
 * (fullwidth letters become plain ones), surrounding spaces trimmed and runs of spaces made one.
 */
export function checkName(name: unknown): Result<string, Problem<'bad-name'>> {
  if (typeof name !== 'string') return err(problem('bad-name', 'a name is text'));
  // Text-direction controls are format characters too: named as what they are first.
  if (UNPRINTABLE.test(name)) {
    return err(problem('bad-name', 'a name has no control or text-direction characters'));
  }
  if (INVISIBLE.test(name)) {
    return err(problem('bad-name', 'a name has no zero-width or other invisible characters'));
  }
  const trimmed = name.normalize('NFKC').trim().replace(/ {2,}/g, ' ');
  const length = [...trimmed].length;
  if (length === 0) return err(problem('bad-name', 'a name has at least one character'));
  if (length > NAME_MAX) {
    return err(
      problem('bad-name', `a name has at most ${NAME_MAX} characters (this one has ${length})`),
    );
  }
  return ok(trimmed);
}

/**
 * Why a request to the server failed: `unreachable` (no answer: down, offline, wrong address),
 * `timeout`, `refused` (the server said no: `serverCode` says why), `rate-limited`,
 * `server-error` (5xx), `bad-answer` (not the API's shape: not a slidebox server?).
 */
export interface NetProblem
  extends Problem<
    'unreachable' | 'timeout' | 'refused' | 'rate-limited' | 'server-error' | 'bad-answer'
  > {
  readonly status?: number;
  readonly serverCode?: string;
}

/**
 * Why a ranked game could not start: a {@link NetProblem}; for today's ranked daily already
 * played to its end (`serverCode` 'daily-played'), `result` is what that attempt ranked.
 */
export interface RankedStartProblem extends NetProblem {
  readonly result?: RankedResult;
}

/**
 * `POST /api/rooms`'s answer: the room's code and rules (not its seed: the server keeps that
 * until a match has a result), your side and your seat token.
 */
export interface CreatedRoomAnswer {
  readonly code: string;
  readonly rules: {
    readonly kind: 'versus' | 'duel';
    readonly size: number;
    readonly target: number | null;
    readonly attackCap: number | null;
    /** Duel: the time per decision (s); versus: null. */
    readonly turnTime?: number | null;
  };
  readonly side: 0 | 1;
  readonly seat: string;
}

/** `GET /api/rooms/CODE`'s answer: what anyone may know of a room before joining it. */
export interface RoomSummaryAnswer {
  readonly code: string;
  readonly rules: CreatedRoomAnswer['rules'];
  /** The match's number in the room (1, then one more with each rematch). */
  readonly match: number;
  readonly seats: readonly {
    readonly name: string | null;
    readonly connected: boolean;
    readonly forfeitAt: number | null;
  }[];
  readonly over: boolean;
}

export interface ClientOptions {
  /** Milliseconds before a request is given up (default 5,000). */
  readonly timeoutMs?: number;
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
}

/** A server address as given by a player: http(s) with a host, no query; the trailing slash dropped. */
export function checkServerUrl(url: unknown): Result<string, Problem<'bad-url'>> {
  if (typeof url !== 'string' || url.trim() === '') {
    return err(problem('bad-url', 'a server address is a URL such as http://127.0.0.1:8080'));
  }
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return err(problem('bad-url', `"${url}" is not a URL (try http://127.0.0.1:8080)`));
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return err(
      problem('bad-url', `a server address starts with http:// or https://, not ${u.protocol}//`),
    );
  }
  if (u.search || u.hash) return err(problem('bad-url', 'a server address has no ?query or #part'));
  return ok(u.href.replace(/\/+$/, ''));
}

/** The API's client: one method per route; every failure is a {@link NetProblem}. */
export class ServerClient {
  readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  /** `base` must have passed {@link checkServerUrl}. */
  constructor(base: string, opts: ClientOptions = {}) {
    this.base = base.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  async health(): Promise<Result<true, NetProblem>> {
    const r = await this.request('GET', '/api/health');
    if (!r.ok) return r;
    return (r.value.body as { ok?: unknown })?.ok === true ? ok(true) : badAnswer();
  }

  /** Submits a code; `created` is false when the server had it already (the same entry). */
  async submit(
    code: string,
    name: string,
    playerKey: string,
  ): Promise<Result<{ entry: SubmittedEntry; created: boolean }, NetProblem>> {
    const r = await this.request('POST', '/api/scores', { code, name, playerKey });
    if (!r.ok) return r;
    const entry = r.value.body as SubmittedEntry;
    if (typeof entry?.id !== 'number') return badAnswer();
    return ok({ entry, created: r.value.status === 201 });
  }

  async leaderboard(q: BoardQuery): Promise<Result<Leaderboard, NetProblem>> {
    const params = new URLSearchParams({ board: q.board });
    for (const k of ['size', 'target', 'day', 'limit', 'offset', 'source'] as const) {
      if (q[k] !== undefined) params.set(k, String(q[k]));
    }
    if (q.assisted) params.set('assisted', '1');
    if (q.sort !== undefined && q.sort !== 'rank') params.set('sort', q.sort);
    if (q.minAccuracy !== undefined) params.set('minAccuracy', String(q.minAccuracy));
    if (q.minAgreement !== undefined) params.set('minAgreement', String(q.minAgreement));
    if (q.aiLike !== undefined) params.set('aiLike', q.aiLike ? '1' : '0');
    // The player's key goes in a header, never in the address (which logs and proxies keep).
    const headers: Record<string, string> = q.playerKey ? { 'x-player-key': q.playerKey } : {};
    const r = await this.request(
      'GET',
      `/api/leaderboard?${params}`,
      undefined,
      undefined,
      headers,
    );
    if (!r.ok) return r;
    const b = r.value.body as Leaderboard;
    return Array.isArray(b?.entries) ? ok(b) : badAnswer();
  }

  /**
   * Starts a ranked game (`POST /api/ranked`): dealt now by the server. Today's ranked daily
   * started again answers the attempt under way (`resumed`), or, once it is over, refuses with
   * `serverCode` 'daily-played' and the attempt's `result`.
   */
  async startRanked(req: RankedRequest): Promise<Result<RankedStart, RankedStartProblem>> {
    let refusal: unknown = null;
    const r = await this.request('POST', '/api/ranked', req, (body) => {
      refusal = body;
    });
    if (!r.ok) {
      const played = refusal as RankedDailyPlayed | null;
      const result = played?.result;
      // Its code is null while the day lasts (the server withholds it).
      if (
        r.error.serverCode === 'daily-played' &&
        result &&
        (typeof result.code === 'string' || result.code === null)
      ) {
        return err({ ...r.error, result });
      }
      return r;
    }
    const b = r.value.body as RankedStart;
    return typeof b?.id === 'string' && typeof b.token === 'string' && b.board
      ? ok(b)
      : badAnswer();
  }

  /** Changes the name shown for the player's entries. */
  async rename(playerKey: string, name: string): Promise<Result<{ name: string }, NetProblem>> {
    const r = await this.request('PUT', '/api/players/me', { playerKey, name });
    if (!r.ok) return r;
    const b = r.value.body as { name?: unknown };
    return typeof b?.name === 'string' ? ok({ name: b.name }) : badAnswer();
  }

  /** Makes an online room with you in its first seat: its code and your seat token. */
  async createRoom(req: {
    kind: 'versus' | 'duel';
    size?: number;
    target?: number;
    attackCap?: number | null;
    /** Duel: the time per decision (s); the server's default when absent. */
    turnTime?: number;
    name: string;
    /** The player's key: the room's matches count for its record. */
    player?: string;
  }): Promise<Result<CreatedRoomAnswer, NetProblem>> {
    const r = await this.request('POST', '/api/rooms', req);
    if (!r.ok) return r;
    const b = r.value.body as CreatedRoomAnswer;
    return typeof b?.code === 'string' && typeof b.seat === 'string' ? ok(b) : badAnswer();
  }

  /**
   * What the server says of a room before joining it: its rules and seats. No such room is a
   * `refused` problem with status 404.
   */
  async room(code: string): Promise<Result<RoomSummaryAnswer, NetProblem>> {
    const r = await this.request('GET', `/api/rooms/${encodeURIComponent(code)}`);
    if (!r.ok) return r;
    const b = r.value.body as RoomSummaryAnswer;
    return typeof b?.rules?.kind === 'string' && Array.isArray(b.seats) ? ok(b) : badAnswer();
  }

  /**
   * The player's own online record by their key (sent in a header): the finished matches that
   * counted, and the name the key goes by now (null when none).
   */
  async record(
    playerKey: string,
  ): Promise<
    Result<{ name: string | null; wins: number; losses: number; draws: number }, NetProblem>
  > {
    const r = await this.request('GET', '/api/records', undefined, undefined, {
      'x-player-key': playerKey,
    });
    if (!r.ok) return r;
    const b = r.value.body as { name: string | null; wins: number; losses: number; draws: number };
    return typeof b?.wins === 'number' ? ok(b) : badAnswer();
  }

  private async request(
    method: string,
    path: string,
    body?: unknown,
    refused?: (body: unknown) => void,
    headers: Record<string, string> = {},
  ): Promise<Result<{ status: number; body: unknown }, NetProblem>> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), this.timeoutMs);
    try {
      let res: Response;
      try {
        res = await this.fetchFn(`${this.base}${path}`, {
          method,
          signal: ctrl.signal,
          headers:
            body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch {
        return ctrl.signal.aborted
          ? netFail(
              'timeout',
              `the server at ${this.base} did not answer within ${this.timeoutMs / 1000} s`,
            )
          : netFail('unreachable', `the server at ${this.base} could not be reached`);
      }
      let parsed: unknown = null;
      try {
        parsed = await res.json();
      } catch {
        parsed = null;
      }
      if (res.ok) return ok({ status: res.status, body: parsed });
      refused?.(parsed);
      const e = (parsed as ApiErrorBody | null)?.error;
      const said = typeof e?.message === 'string' ? e.message : `HTTP ${res.status}`;
      // Past a bound of the day (the ranked daily's new attempts per address), not a rate: the
      // server's sentence as a refusal, not "slow down".
      if (res.status === 429 && e?.code !== 'daily-starts') {
        return err({
          code: 'rate-limited',
          message: `the server asks to slow down: ${said}`,
          status: 429,
        });
      }
      if (res.status >= 500) {
        return err({
          code: 'server-error',
          message: `the server failed (${said})`,
          status: res.status,
        });
      }
      return err({
        code: 'refused',
        message: said,
        status: res.status,
        ...(typeof e?.code === 'string' ? { serverCode: e.code } : {}),
      });
    } finally {
      clearTimeout(timer);
    }
  }
}

function netFail(code: NetProblem['code'], message: string): Result<never, NetProblem> {
  return err({ code, message });
}

function badAnswer(): Result<never, NetProblem> {
  return netFail('bad-answer', 'the server answered something that is not the slidebox API');
}
