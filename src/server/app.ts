/**
 * `slidebox serve`'s HTTP side (Fastify): the JSON API of src/net/api.ts and the built web app,
 * same origin. Bodies and queries are checked by JSON schemas; every refusal is
 * `{ "error": { "code", "message" } }` with a 4xx; a database that cannot be reached answers
 * 503 (as does a full disk or an I/O error); one log line per request (method, path without its
 * query and with room codes left out, status, time, client address).
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Problem, Result } from '../engine/result.ts';
import type { Verified, VerifyProblem } from '../engine/verify.ts';
import { utcDay } from '../front/daily.ts';
import {
  BOARD_SORTS,
  BOARDS,
  type BoardName,
  type BoardSort,
  type BoardSource,
  checkName,
  isPlayerKey,
  SOURCES,
} from '../net/api.ts';
import type { RankedRequest } from '../net/ranked.ts';
import { readRoomCode } from '../net/rooms.ts';
import { type CodeAnalyser, GameAnalyses } from './boards/analysisPool.ts';
import { BoardBytesCache, matches } from './boards/boardBytes.ts';
import { allTimeBoard, dailyBoard, MAX_TARGET, rankGame, type Track } from './boards/boards.ts';
import { NameHolders, nameTakenMessage } from './boards/nameHolders.ts';
import { type BoardView, Scores } from './boards/scores.ts';
import type { Database } from './db.ts';
import { sha256 } from './hash.ts';
import { newInstance, ProcessLease } from './lease.ts';
import { DailyStarts, DEFAULT_DAILY_STARTS, secondsToNextDay } from './ranked/dailyStarts.ts';
import { RankedPlay, RankedStartRefusal } from './ranked/ranked.ts';
import { serverSecret } from './ranked/secret.ts';
import { RANKED_SOCKET_PATH, rankedSocket } from './ranked/socket.ts';
import { Relay } from './relay.ts';
import {
  DEFAULT_LEASE_MS,
  Refusal,
  type RoomRequest,
  Rooms,
  type RoomsOptions,
  TURN_TIME_MAX,
  TURN_TIME_MIN,
} from './rooms/rooms.ts';
import { attachRoomSocket } from './rooms/socket.ts';
import { DEFAULT_SOCKET_LIMITS, SocketLimiter, type SocketLimits } from './socketLimits.ts';
import { guardSocket, refuseUpgrade } from './sockets.ts';
import { clientAddress, type TrustProxy } from './trustProxy.ts';
import { readWholeNumber, type WholeNumberField } from './wholeNumbers.ts';

export interface ServerOptions {
  readonly database: Database;
  /** Checks a code: the fast verifier (a worker pool for long games). */
  readonly verify: (code: string) => Promise<Result<Verified, VerifyProblem>>;
  /** The built web app to serve at /, or null for the API alone. */
  readonly webRoot: string | null;
  /** Requests a minute per client address on /api/ (0: no limit). */
  readonly rateLimit: number;
  /** Where the request lines go (default: nowhere). */
  readonly log?: (line: string) => void;
  /** The clock (tests). */
  readonly now?: () => number;
  /** How long a seat may stay empty in a match before it forfeits (ms; default 60 s). */
  readonly forfeitMs?: number;
  /**
   * The online rooms this process holds at most: past them, making a room is answered 503 with
   * Retry-After, and a socket of a room not held here is closed to try again later, while the
   * rooms held play on (default: no limit).
   */
  readonly maxRooms?: number;
  /**
   * PostgreSQL: the process's lease (ms; default rooms/types.ts DEFAULT_LEASE_MS): how long a
   * process that stopped renewing still owns its rooms and ranked games (tests shorten it).
   */
  readonly leaseMs?: number;
  /**
   * How long an unfinished ranked game no client plays is kept before it ends as it stands and
   * is ranked (ms; default 10 minutes).
   */
  readonly keepMs?: number;
  /** The ranked daily's secret (default: SLIDEBOX_SECRET, else one kept in the database). */
  readonly secret?: string;
  /**
   * The WebSockets' limits per client address (default: {@link DEFAULT_SOCKET_LIMITS}, or none
   * when `rateLimit` is 0).
   */
  readonly socketLimits?: SocketLimits | null;
  /**
   * The proxies believed (`--trust-proxy`): behind them the client's address (rate limits,
   * socket limits, log lines) comes from X-Forwarded-For; null or absent, the header is ignored.
   */
  readonly trustProxy?: TrustProxy | null;
  /**
   * Judges the games that stand on the boards, off the event loop (`slidebox serve`: a worker
   * thread, boards/analysisPool.ts); absent or null, games are not analysed (their figures stay
   * null).
   */
  readonly analyser?: CodeAnalyser | null;
  /**
   * New ranked daily attempts a day (UTC) per client address and kind (`--daily-starts`); past
   * them a new attempt is refused with 429 until the next day, resumes go on (default:
   * {@link DEFAULT_DAILY_STARTS}, or none when `rateLimit` is 0; 0 or null: none).
   */
  readonly dailyStarts?: number | null;
}

/** Bodies over this are refused with 413. */
export const BODY_LIMIT = 64 * 1024;
/** The longest code a request may carry (characters): the share codes' own limit. */
const CODE_MAX = 50_000;

/**
 * The pages' Content-Security-Policy: scripts, workers and connections to this origin only (and
 * WebAssembly, for the AI's worker); styles from the app's own files only (the views set styles
 * through the DOM, which a policy allows). Sent with every file of the app, workers included.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (p: Problem, status = 400) => new ApiError(status, p.code, p.message);

/**
 * Errors of the database's connection (PostgreSQL down or restarting) and of its storage (a
 * full disk, an I/O error): answered 503 with Retry-After, the cause logged.
 */
function unavailable(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  if (typeof code === 'string') {
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|ENOSPC|EIO)$/.test(code)) {
      return true;
    }
    // PostgreSQL: connection exceptions, shutting down, cannot connect now, insufficient
    // resources (disk full, out of memory, too many clients), system errors (I/O).
    if (/^(08...|57P0[1-3]|53...|58...)$/.test(code)) return true;
    // SQLite: busy past its timeout, disk full, I/O errors, a file it cannot open.
    if (/^SQLITE_(BUSY|FULL|IOERR(_\w+)?|CANTOPEN)$/.test(code)) return true;
  }
  const message = e instanceof Error ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
    message,
  );
}

const submitSchema = {
  body: {
    type: 'object',
    required: ['code', 'name', 'playerKey'],
    properties: {
      code: { type: 'string', minLength: 1, maxLength: CODE_MAX },
      name: { type: 'string', minLength: 1, maxLength: 256 },
      playerKey: { type: 'string', minLength: 32, maxLength: 128 },
    },
  },
} as const;

const renameSchema = {
  body: {
    type: 'object',
    required: ['name', 'playerKey'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 256 },
      playerKey: { type: 'string', minLength: 32, maxLength: 128 },
    },
  },
} as const;

const boardSchema = {
  querystring: {
    type: 'object',
    required: ['board'],
    additionalProperties: false,
    properties: {
      board: { type: 'string', enum: [...BOARDS] },
      // Read by the route (wholeNumbers.ts), which says what is wrong with a bad one.
      size: {},
      target: {},
      day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      limit: {},
      offset: {},
      // Refused with a sentence: the key goes in the X-Player-Key header.
      playerKey: {},
      source: { type: 'string', enum: [...SOURCES] },
      assisted: { type: 'string', enum: ['0', '1'] },
      // Checked by boardViewOf, which says what is wrong with a bad one.
      sort: { type: 'string', maxLength: 32 },
      minAccuracy: { type: 'string', maxLength: 32 },
      minAgreement: { type: 'string', maxLength: 32 },
      aiLike: { type: 'string', maxLength: 32 },
    },
  },
} as const;

const rankedSchema = {
  body: {
    type: 'object',
    required: ['kind', 'name', 'playerKey'],
    additionalProperties: false,
    properties: {
      kind: { type: 'string', enum: ['2048', 'puzzle'] },
      // Read by the route (wholeNumbers.ts).
      size: {},
      target: {},
      daily: { type: 'boolean' },
      name: { type: 'string', minLength: 1, maxLength: 256 },
      playerKey: { type: 'string', minLength: 32, maxLength: 128 },
    },
  },
} as const;

/** A board's query as it comes: its numbers not read yet (a text, or an array when repeated). */
interface BoardQuerystring {
  board: BoardName;
  size?: unknown;
  target?: unknown;
  day?: string;
  limit?: unknown;
  offset?: unknown;
  playerKey?: unknown;
  source?: BoardSource;
  assisted?: '0' | '1';
  sort?: string;
  minAccuracy?: string;
  minAgreement?: string;
  aiLike?: string;
}

/** A figure of the query (0 to 100), or the sentence that refuses it. */
function percentOf(name: string, text: string | undefined): number | null {
  if (text === undefined) return null;
  const v = /^\d{1,3}(\.\d{1,3})?$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(v >= 0 && v <= 100)) {
    throw new ApiError(400, 'bad-request', `${name} is a number from 0 to 100, not "${text}"`);
  }
  return v;
}

/** The order and filters a query asks of a board (analysis figures), or the sentence that refuses them. */
function boardViewOf(q: BoardQuerystring): BoardView {
  const sort = q.sort ?? 'rank';
  if (!(BOARD_SORTS as readonly string[]).includes(sort)) {
    throw new ApiError(
      400,
      'bad-request',
      `sort is ${BOARD_SORTS.join(', ').replace(/, (?=[^,]*$)/, ' or ')}, not "${sort}"`,
    );
  }
  if (q.aiLike !== undefined && q.aiLike !== '0' && q.aiLike !== '1') {
    throw new ApiError(
      400,
      'bad-request',
      `aiLike is 1 (only the games marked as playing like the AI) or 0 (none of them), not "${q.aiLike}"`,
    );
  }
  return {
    sort: sort as BoardSort,
    minAccuracy: percentOf('minAccuracy', q.minAccuracy),
    minAgreement: percentOf('minAgreement', q.minAgreement),
    aiLike: q.aiLike === undefined ? null : q.aiLike === '1',
  };
}

const roomSchema = {
  body: {
    type: 'object',
    required: ['kind', 'name'],
    additionalProperties: false,
    properties: {
      kind: { type: 'string', enum: ['versus', 'duel'] },
      // Read by the route (wholeNumbers.ts).
      size: {},
      target: {},
      attackCap: {},
      turnTime: {},
      name: { type: 'string', minLength: 1, maxLength: 256 },
      player: { type: 'string', minLength: 1, maxLength: 256 },
    },
  },
} as const;

const roomCodeSchema = {
  params: {
    type: 'object',
    required: ['code'],
    properties: { code: { type: 'string', minLength: 1, maxLength: 64 } },
  },
} as const;

/** A player's own online record: their key in a header (never in a logged query string). */
const recordSchema = {
  headers: {
    type: 'object',
    required: ['x-player-key'],
    properties: { 'x-player-key': { type: 'string', minLength: 1, maxLength: 256 } },
  },
} as const;

/** The whole numbers requests give, with their ranges. */
const SIZE: WholeNumberField = { name: 'size', min: 3, max: 8 };
const TARGET: WholeNumberField = { name: 'target', min: 8, max: MAX_TARGET };
const LIMIT: WholeNumberField = { name: 'limit', min: 1, max: 100 };
const OFFSET: WholeNumberField = { name: 'offset', min: 0, max: 1_000_000 };
const ROOM_TARGET: WholeNumberField = { name: 'target', min: 16, max: MAX_TARGET };
const ATTACK_CAP: WholeNumberField = { name: 'attackCap', min: 4, max: MAX_TARGET };
const TURN_TIME: WholeNumberField = { name: 'turnTime', min: TURN_TIME_MIN, max: TURN_TIME_MAX };

/** `value` read as a whole number of `f` (undefined when absent), or refused with 400. */
function whole(f: WholeNumberField, value: unknown): number | undefined {
  const r = readWholeNumber(f, value);
  if (!r.ok) throw refuse(r.error);
  return r.value;
}

const nameTaken = (name: string) => new ApiError(409, 'name-taken', nameTakenMessage(name));

const badKey = () =>
  new ApiError(400, 'bad-key', 'a player key is 32 to 128 characters of A-Z a-z 0-9 - _');

const noPlayer = () =>
  new ApiError(404, 'no-player', 'no player has this key yet: submit a game first');

/** The board key a query names (a daily board's day defaults to today), or why it names none. */
function boardKeyOf(
  q: BoardQuerystring & { size?: number; target?: number },
  today: string,
): string {
  if (q.board === 'daily-2048' || q.board === 'daily-puzzle') {
    const day = q.day ?? today;
    if (utcDay(Date.parse(`${day}T00:00:00Z`) || 0) !== day) {
      throw new ApiError(400, 'bad-request', `${day} is not a day`);
    }
    if (q.size !== undefined || q.target !== undefined) {
      throw new ApiError(
        400,
        'bad-request',
        'the daily boards have one size (4) and target (2048)',
      );
    }
    return dailyBoard(q.board === 'daily-2048' ? '2048' : 'puzzle', day);
  }
  if (q.day !== undefined)
    throw new ApiError(400, 'bad-request', 'only the daily boards have a day');
  const size = q.size ?? 4;
  if (q.board === 'puzzle') {
    if (q.target !== undefined)
      throw new ApiError(400, 'bad-request', 'the puzzle boards have no target');
    return allTimeBoard('puzzle', size, null);
  }
  const target = q.target ?? 2048;
  if ((target & (target - 1)) !== 0) {
    throw new ApiError(400, 'bad-request', `a target is a power of two, not ${target}`);
  }
  return allTimeBoard('2048', size, target);
}

/** An error's cause for the log: its code (SQLITE_FULL, 53100, ENOSPC…) and message, one line. */
export function causeOf(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  const message = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 300);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * A request's path as logged: without its query, and with a room's code (or anything in its
 * place) written `:code`.
 */
export function loggedPath(url: string): string {
  return url
    .split('?')[0]!
    .replace(/^\/api\/rooms\/(?!socket(?:\/|$))[^/]+/, '/api/rooms/:code')
    .slice(0, 200);
}

/** The answer to any error: the API's shape, 4xx for what the client did, 503 for the database. */
function answerError(log: ((line: string) => void) | undefined) {
  return (error: FastifyError | ApiError, _request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, code: string, message: string) =>
      reply.code(status).send({ error: { code, message } });
    if (error instanceof ApiError) return send(error.statusCode, error.code, error.message);
    const status = error.statusCode;
    if (status === 429) return send(429, 'rate-limited', error.message);
    if (error.validation) {
      const where = error.validationContext === 'querystring' ? 'query' : 'body';
      const what = error.message.replace(/^(body|querystring)\/?/, '').trim();
      return send(400, 'bad-request', `the request's ${where} ${what}`);
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(413, 'too-large', `a request body is at most ${BODY_LIMIT / 1024} KB`);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(415, 'bad-content-type', 'send JSON (content-type: application/json)');
    }
    if (status !== undefined && status >= 400 && status < 500) {
      const json = error instanceof SyntaxError || /JSON/i.test(error.code ?? '');
      return json
        ? send(status, 'bad-json', 'the body is not valid JSON')
        : send(status, 'bad-request', error.message);
    }
    if (unavailable(error)) {
      log?.(`unavailable (503): ${causeOf(error)}`);
      reply.header('retry-after', '1');
      return send(503, 'unavailable', 'the database cannot be reached; try again shortly');
    }
    log?.(`error: ${causeOf(error)}`);
    return send(500, 'internal', 'the server failed to answer this request');
  };
}

/**
 * The answer to a request Node cannot parse or that came too slowly (before any route sees it),
 * in the API's shape; the connection is closed after it.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'timeout', 'the request came too slowly: send it whole within 10 s']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'too-large', "the request's headers are too large"]
        : [400, 'bad-request', 'the request is not valid HTTP'];
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** A room's request as it comes: its numbers not read yet. */
type RoomBody = Omit<RoomRequest, 'size' | 'target' | 'attackCap' | 'turnTime'> & {
  size?: unknown;
  target?: unknown;
  attackCap?: unknown;
  turnTime?: unknown;
};

/** A room's request with its numbers read (refused with 400 when one is not a whole number of its range). */
function roomRequestOf(b: RoomBody): RoomRequest {
  const { size, target, attackCap, turnTime, ...rest } = b;
  const read: { size?: number; target?: number; attackCap?: number | null; turnTime?: number } = {};
  if (size !== undefined) read.size = whole(SIZE, size);
  if (target !== undefined) read.target = whole(ROOM_TARGET, target);
  if (attackCap !== undefined)
    read.attackCap = attackCap === null ? null : whole(ATTACK_CAP, attackCap);
  if (turnTime !== undefined) read.turnTime = whole(TURN_TIME, turnTime);
  return { ...rest, ...read } as RoomRequest;
}

/** The rooms' HTTP routes (their socket is rooms/socket.ts). */
function roomRoutes(api: FastifyInstance, o: ServerOptions, rooms: Rooms): void {
  // Rooms: made by one player (seat 0, its token in the answer); joined over the socket.
  // Making rooms has its own, tighter limit: a tenth of the requests a minute, at least 1.
  const roomLimit =
    o.rateLimit > 0
      ? {
          config: {
            rateLimit: { max: Math.max(1, Math.floor(o.rateLimit / 10)), timeWindow: 60_000 },
          },
        }
      : {};
  api.post<{ Body: RoomBody }>(
    '/rooms',
    { schema: roomSchema, ...roomLimit },
    async (request, reply) => {
      const body = roomRequestOf(request.body);
      if (body.kind === 'duel') {
        const { target, attackCap } = body;
        if (target !== undefined || (attackCap !== undefined && attackCap !== null)) {
          throw new ApiError(400, 'bad-request', 'a duel has no target and no attacks');
        }
      } else if (body.turnTime !== undefined) {
        throw new ApiError(400, 'bad-request', 'a versus match has no time per decision');
      }
      if (body.player !== undefined && !isPlayerKey(body.player)) throw badKey();
      try {
        return reply.code(201).send(await rooms.create(body));
      } catch (e) {
        if (e instanceof Refusal && e.code === 'busy') {
          reply.header('retry-after', '5');
          throw new ApiError(503, e.code, e.message);
        }
        if (e instanceof Refusal) throw new ApiError(400, e.code, e.message);
        throw e;
      }
    },
  );

  // Looking rooms up has the same tighter limit: a code is all it takes to join a room.
  api.get<{ Params: { code: string } }>(
    '/rooms/:code',
    { schema: roomCodeSchema, ...roomLimit },
    async (request) => {
      const code = readRoomCode(request.params.code);
      if (!code.ok) throw refuse(code.error);
      const summary = await rooms.summary(code.value);
      if (!summary) throw new ApiError(404, 'no-room', `no room ${code.value}`);
      return summary;
    },
  );

  api.get<{ Headers: { 'x-player-key': string } }>(
    '/records',
    { schema: recordSchema },
    async (request) => {
      const key = request.headers['x-player-key'];
      if (!isPlayerKey(key)) throw badKey();
      return rooms.record(key);
    },
  );
}

/** The ranked daily's starts per address (none when the server has no limits). */
function dailyStartsOf(o: ServerOptions): DailyStarts | null {
  const max =
    o.dailyStarts !== undefined ? o.dailyStarts : o.rateLimit > 0 ? DEFAULT_DAILY_STARTS : null;
  if (max === null || max <= 0) return null;
  let secret: Promise<string> | null = o.secret !== undefined ? Promise.resolve(o.secret) : null;
  return new DailyStarts(o.database, max, () => {
    secret ??= serverSecret(o.database);
    return secret;
  });
}

/** The sentence of a ranked daily start past its address's bound. */
function dailyStartsMessage(max: number, kind: '2048' | 'puzzle'): string {
  const what = kind === '2048' ? 'ranked daily 2048' : 'ranked daily puzzle';
  return (
    `at most ${max} new ${what} attempt${max === 1 ? '' : 's'} a day from one address: the next ` +
    'opens tomorrow (UTC); an attempt already started goes on with its own player key'
  );
}

/** Ranked play's HTTP route (its socket is ranked/socket.ts). */
function rankedRoutes(
  api: FastifyInstance,
  o: ServerOptions,
  ranked: RankedPlay,
  names: NameHolders,
  now: () => number,
): void {
  const starts = dailyStartsOf(o);
  // Starting games has its own, tighter limit, as making rooms: a tenth of the requests a
  // minute, at least 1.
  const limit =
    o.rateLimit > 0
      ? {
          config: {
            rateLimit: { max: Math.max(1, Math.floor(o.rateLimit / 10)), timeWindow: 60_000 },
          },
        }
      : {};
  api.post<{ Body: Omit<RankedRequest, 'size' | 'target'> & { size?: unknown; target?: unknown } }>(
    '/ranked',
    { schema: rankedSchema, ...limit },
    async (request, reply) => {
      const b = {
        ...request.body,
        size: whole(SIZE, request.body.size),
        target: whole(TARGET, request.body.target),
      };
      if (!isPlayerKey(b.playerKey)) throw badKey();
      const name = checkName(b.name);
      if (!name.ok) throw refuse(name.error);
      if (b.kind === 'puzzle' && b.target !== undefined) {
        throw new ApiError(400, 'bad-request', 'a puzzle has no target');
      }
      const target = b.target ?? 2048;
      if ((target & (target - 1)) !== 0) {
        throw new ApiError(400, 'bad-request', `a target is a power of two, not ${target}`);
      }
      if (!(await names.claim(name.value, sha256(b.playerKey), now()))) {
        throw nameTaken(name.value);
      }
      // A new ranked daily attempt takes one of its address's starts of the day (a resume none);
      // given back when no attempt was dealt after all.
      const address = clientAddress(request.raw, o.trustProxy ?? null);
      let taken: string | null = null;
      const beforeNewDaily =
        starts && b.daily
          ? async () => {
              const day = utcDay(now());
              if (!(await starts.take(address, b.kind, day))) {
                reply.header('retry-after', String(secondsToNextDay(now())));
                throw new ApiError(429, 'daily-starts', dailyStartsMessage(starts.max, b.kind));
              }
              taken = day;
            }
          : undefined;
      const giveBack = async () => {
        if (taken !== null) await starts?.giveBack(address, b.kind, taken);
        taken = null;
      };
      try {
        const started = await ranked.start({
          kind: b.kind,
          size: b.size ?? 4,
          target: b.kind === '2048' ? target : null,
          daily: b.daily ?? false,
          keyHash: sha256(b.playerKey),
          name: name.value,
          ...(beforeNewDaily ? { beforeNewDaily } : {}),
        });
        if (started.status !== 201) await giveBack();
        return reply.code(started.status).send(started.body);
      } catch (e) {
        await giveBack();
        if (e instanceof RankedStartRefusal) return reply.code(e.status).send(e.body);
        throw e;
      }
    },
  );
}

/**
 * The server's WebSocket upgrades by path: the ranked games' socket here, every other path to
 * the rooms' socket (which answers 404 for paths not its own).
 */
function upgrades(
  server: Server,
  ranked: ReturnType<typeof rankedSocket>,
  limiter: SocketLimiter,
  log: ((line: string) => void) | undefined,
): EventEmitter {
  const others = new EventEmitter();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Before anything is written on it: a reset from the client must not stop the process.
    guardSocket(socket);
    try {
      // Opens a window and sockets at once, per client address: past them, 429 and closed.
      const address = limiter.address(req);
      const refused = limiter.open(address, req.socket);
      if (refused !== null) {
        const body = JSON.stringify({ error: { code: 'rate-limited', message: refused.message } });
        refuseUpgrade(socket, 429, { 'retry-after': refused.retryAfter }, body);
        return;
      }
      socket.once('close', () => limiter.close(address, req.socket));
      if ((req.url ?? '').split('?')[0] === RANKED_SOCKET_PATH) ranked.upgrade(req, socket, head);
      else others.emit('upgrade', req, socket, head);
    } catch (e) {
      // An upgrade's listener runs outside any request: what it throws would stop the process.
      log?.(`error: upgrade: ${causeOf(e)}`);
      socket.destroy();
    }
  });
  return others;
}

/**
 * `GET /api/leaderboard`: a board's page of ranked games (by default) or self-reported ones,
 * and the asking player's line.
 */
function leaderboardRoute(
  api: FastifyInstance,
  scores: Scores,
  ranked: RankedPlay,
  now: () => number,
): void {
  const bytes = new BoardBytesCache();
  api.get<{ Querystring: BoardQuerystring }>(
    '/leaderboard',
    { schema: boardSchema },
    async (request, reply) => {
      const q = request.query;
      // The reader's key, for their own line: in a header, never in the logged address.
      const header = request.headers['x-player-key'];
      const playerKey = Array.isArray(header) ? header[0] : header;
      if (playerKey !== undefined && !isPlayerKey(playerKey)) throw badKey();
      if (q.playerKey !== undefined) {
        throw new ApiError(
          400,
          'bad-request',
          'the player key goes in the X-Player-Key header, never in the address',
        );
      }
      const limit = whole(LIMIT, q.limit) ?? 10;
      const offset = whole(OFFSET, q.offset) ?? 0;
      const today = utcDay(now());
      const key = boardKeyOf(
        { ...q, size: whole(SIZE, q.size), target: whole(TARGET, q.target) },
        today,
      );
      const view = boardViewOf(q);
      const source = q.source ?? 'ranked';
      if (source === 'ranked' && q.assisted !== undefined) {
        throw new ApiError(
          400,
          'bad-request',
          'ranked boards have no assisted games: the server saw every move (assisted is for source=self-reported)',
        );
      }
      const track: Track = source === 'ranked' ? 'ranked' : q.assisted === '1' ? 'open' : 'clean';
      const you = playerKey ? sha256(playerKey) : null;
      const r = await scores.leaderboard(key, track, limit, offset, you, view);
      // A ranked daily's codes stay hidden while its day lasts: they would reveal its tiles.
      // A ranked daily's codes stay hidden while its day lasts, and after it while an attempt of
      // that day is still played (started before midnight): they would reveal its tiles.
      const day = q.board.startsWith('daily-') ? (q.day ?? today) : null;
      const kind = q.board === 'daily-2048' ? '2048' : 'puzzle';
      const hide =
        source === 'ranked' &&
        day !== null &&
        (day >= today || (await ranked.dayPlayed(kind, day)));
      // A page served from memory is the same array each time: its answer is made JSON once,
      // with its ETag, and the reader's own line is spliced in.
      const answer = bytes.answer(r.entries, { board: q.board, source, hide }, r.you);
      // Kept by a browser, and asked again each time with If-None-Match.
      reply
        .header('etag', answer.etag)
        .header('vary', 'X-Player-Key')
        .header('cache-control', 'no-cache');
      if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );
}

/** The routes under /api. */
function apiRoutes(
  o: ServerOptions,
  scores: Scores,
  rooms: Rooms,
  ranked: RankedPlay,
  now: () => number,
) {
  const names = new NameHolders(o.database.db);
  return async (api: FastifyInstance) => {
    if (o.rateLimit > 0) {
      await api.register(rateLimit, {
        max: o.rateLimit,
        timeWindow: 60_000,
        errorResponseBuilder: (_req, ctx) =>
          new ApiError(429, 'rate-limited', `too many requests: try again in ${ctx.after}`),
      });
    }
    api.addHook('onSend', async (_request, reply, payload) => {
      // Nothing is stored but what a route says may be (the leaderboard's pages: revalidated).
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      return payload;
    });

    api.get('/health', async () => ({ ok: true }));

    api.post<{ Body: { code: string; name: string; playerKey: string } }>(
      '/scores',
      { schema: submitSchema },
      async (request, reply) => {
        const { name, playerKey } = request.body;
        // The code as the engine reads it (spaces around it dropped): one text per game, so the
        // same game sent with a space is found as stored, not stored again for someone else.
        const code = request.body.code.trim();
        if (!isPlayerKey(playerKey)) throw badKey();
        const checked = checkName(name);
        if (!checked.ok) throw refuse(checked.error);
        const known = await scores.existing(code);
        if (known) return reply.code(200).send(known);
        const verified = await o.verify(code);
        if (!verified.ok) throw refuse(verified.error);
        const ranked = rankGame(verified.value, now());
        if (!ranked.ok) throw refuse(ranked.error);
        const key = sha256(playerKey);
        const copied = await scores.copied(code, key);
        if (copied) throw new ApiError(409, 'copied', copied);
        if (!(await names.claim(checked.value, key, now()))) throw nameTaken(checked.value);
        const r = await scores.submit(
          code,
          verified.value,
          ranked.value,
          key,
          checked.value,
          now(),
        );
        return reply.code(r.created ? 201 : 200).send(r.entry);
      },
    );

    leaderboardRoute(api, scores, ranked, now);

    roomRoutes(api, o, rooms);
    rankedRoutes(api, o, ranked, names, now);

    api.put<{ Body: { name: string; playerKey: string } }>(
      '/players/me',
      { schema: renameSchema },
      async (request) => {
        const { name, playerKey } = request.body;
        if (!isPlayerKey(playerKey)) throw badKey();
        const checked = checkName(name);
        if (!checked.ok) throw refuse(checked.error);
        const key = sha256(playerKey);
        // A name another key holds is said so first, to a key with no games too.
        if (await names.heldByAnother(checked.value, key)) throw nameTaken(checked.value);
        if (!(await scores.hasPlayer(key))) throw noPlayer();
        // The name is claimed before the player's lines are renamed: a key refused it (another
        // key holds it or a look-alike, or took it first in a race) has nothing renamed.
        if (!(await names.claim(checked.value, key, now()))) throw nameTaken(checked.value);
        if (!(await scores.rename(key, checked.value))) throw noPlayer();
        return { name: checked.value };
      },
    );
  };
}

/** The sockets' limits, counted by client address (behind a trusted proxy, the forwarded one). */
function socketLimiter(o: ServerOptions): SocketLimiter {
  return new SocketLimiter(
    o.socketLimits !== undefined ? o.socketLimits : o.rateLimit > 0 ? DEFAULT_SOCKET_LIMITS : null,
    undefined,
    (req) => clientAddress(req, o.trustProxy ?? null),
  );
}

/**
 * The games that stand on the boards judged in the background (never in a request): a stored
 * game wakes the queue, and its figures, once stored, refresh the pages it is on. The queue is
 * the app's `analyses` (tests wait on it). Gives `scores` back.
 */
function analyseInBackground(
  app: FastifyInstance,
  o: ServerOptions,
  scores: Scores,
  now: () => number,
): Scores {
  if (!o.analyser) return scores;
  const analyses = new GameAnalyses(o.database, o.analyser, {
    now,
    log: o.log,
    analysed: (gameId) => scores.analysed(gameId),
  });
  scores.onStored = (gameId) => analyses.stored(gameId);
  analyses.start();
  app.addHook('onClose', async () => analyses.close());
  app.decorate('analyses', analyses);
  return scores;
}

/** The rooms' options from the server's. */
function roomsOptions(
  o: ServerOptions,
  now: () => number,
  lease: ProcessLease | null,
  relay: Relay | null,
): RoomsOptions {
  return {
    now,
    forfeitMs: o.forfeitMs,
    capacity: o.maxRooms,
    log: o.log,
    ...(lease ? { lease } : {}),
    ...(relay ? { relay } : {}),
  };
}

/** The web app's files (when built), each with the headers it needs. */
async function serveWebApp(app: FastifyInstance, o: ServerOptions): Promise<void> {
  if (o.webRoot === null || !existsSync(o.webRoot)) return;
  await app.register(fastifyStatic, {
    root: o.webRoot,
    index: ['index.html'],
    setHeaders(res, path) {
      res.setHeader('x-content-type-options', 'nosniff');
      // On every file: a page's, and a worker's (the AI's WebAssembly runs in one).
      res.setHeader('content-security-policy', CSP);
      if (path.endsWith('.html')) {
        res.setHeader('referrer-policy', 'no-referrer');
        res.setHeader('cache-control', 'no-cache');
      } else if (path.endsWith('sw.js')) {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
}

/** PostgreSQL: one lease for this process, shared by the rooms and ranked play (lease.ts). */
function processLease(o: ServerOptions): ProcessLease | null {
  if (o.database.dialect !== 'postgres') return null;
  const lease = new ProcessLease(
    o.database.db,
    newInstance(),
    o.leaseMs ?? DEFAULT_LEASE_MS,
    o.log,
  );
  void lease.start();
  return lease;
}

/** Builds the server (not listening yet). */
export async function buildServer(o: ServerOptions): Promise<FastifyInstance> {
  const now = o.now ?? Date.now;
  const app = Fastify({
    logger: false,
    // request.ip (rate limits, log lines) by the same rule as the sockets' (trustProxy.ts).
    trustProxy: o.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    // A client that sends its request too slowly is cut off.
    requestTimeout: 10_000,
    connectionTimeout: 30_000,
    keepAliveTimeout: 5_000,
    forceCloseConnections: 'idle',
    // While stopping, a request already on an open connection (sent behind one in flight) is
    // answered like any other, with `connection: close` (Fastify's own 503 was not the API's
    // shape); new connections are refused.
    return503OnClosing: false,
    // Node enforces the two timeouts above only this often (with its default, 30 s, a slow client
    // held a connection for 30 s whatever they say).
    http: { connectionsCheckingInterval: 1_000 },
    clientErrorHandler: answerClientError,
    // Unknown query fields are refused, not dropped.
    // A number or true sent for a text field is read as its text (42 → "42"), but an array is
    // refused, not taken for its one item.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: true } },
  });
  app.server.headersTimeout = 5_000;
  // One line a request, the client's address last.
  app.addHook('onResponse', async (request, reply) => {
    const path = loggedPath(request.url);
    o.log?.(
      `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms ${request.ip}`,
    );
  });
  app.setErrorHandler(answerError(o.log));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.slice(0, 200);
    reply
      .code(404)
      .send({ error: { code: 'not-found', message: `no route ${request.method} ${path}` } });
  });
  const lease = processLease(o);
  // PostgreSQL: one relay for this process, which both the rooms and ranked play use.
  const relay =
    lease && o.database.newClient ? new Relay(o.database.newClient, lease, o.log) : null;
  const rooms = new Rooms(o.database, roomsOptions(o, now, lease, relay));
  const scores = analyseInBackground(app, o, new Scores(o.database), now);
  const ranked = new RankedPlay(o.database, scores, {
    now,
    verify: o.verify,
    keepMs: o.keepMs,
    log: o.log,
    ...(o.secret !== undefined ? { secret: o.secret } : {}),
    ...(lease ? { lease } : {}),
    ...(relay ? { relay } : {}),
  });
  const limiter = socketLimiter(o);
  // Socket opens are counted, not logged one line each: a line a minute says how many.
  const opensLine = setInterval(() => {
    const { opened, refused } = limiter.takeCounts();
    if (opened + refused > 0) o.log?.(`WS opens in the last minute: ${opened}, refused ${refused}`);
  }, 60_000);
  opensLine.unref();
  app.addHook('onClose', async () => clearInterval(opensLine));
  const rankedSockets = rankedSocket(ranked, o.log, limiter);
  // The rooms' socket listens on an emitter that hears every upgrade not for ranked play.
  const socket = attachRoomSocket(
    upgrades(app.server, rankedSockets, limiter, o.log) as Server,
    rooms,
    o.log,
    limiter,
  );
  // Open sockets would hold the server's close: they are closed first (code 1001), and the
  // rooms let go of their seats and stop listening before the database is closed; the ranked
  // games' moves are written and the games let go.
  app.addHook('preClose', async () => {
    await rankedSockets.close();
    await socket.close();
    await ranked.close();
    await relay?.close();
    await lease
      ?.stop()
      .catch((e: unknown) => o.log?.(`lease: ${e instanceof Error ? e.message : e}`));
  });
  await app.register(apiRoutes(o, scores, rooms, ranked, now), { prefix: '/api' });
  await serveWebApp(app, o);
  return app;
}
