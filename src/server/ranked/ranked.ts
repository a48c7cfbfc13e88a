/**
 * Ranked play on the server: games it deals (seeds drawn from the platform's cryptographic
 * source, or, for the ranked daily, from its secret and the day) and times on its own clock.
 *
 * A live game is played in the memory of the process that holds its connection: a move is
 * applied by the engine and answered at once; the moves are written every
 * {@link FLUSH_MS} in one transaction for all games (a process killed outright loses at most
 * that last interval of moves; a stop writes them all). A hello for a game this process does
 * not have loads it from the database (its moves replayed) and takes it (`holder`) — after
 * waiting up to {@link TAKE_WAIT_MS} for a process that holds it to write it and let it go; a
 * process that finds at its next write that another took it lets its copy go and closes its
 * connection (the client reconnects). A connection that closes writes its game and lets it go: the next
 * hello, on any process, loads it afresh.
 *
 * An unfinished game that no client plays for `keepMs` is ended where it stands and ranked
 * (reason 'left'), by a sweep of every process. At the end the server makes the game's share
 * code (seed revealed), checks it with the same verifier as `POST /api/scores`, ranks it on the
 * ranked track of its boards and sends the result — a ranked daily's without its code until its
 * day is over ({@link RankedPlay.shown}).
 */
import { randomBytes } from 'node:crypto';
import type { Result } from '../../engine/result.ts';
import { randomSeed } from '../../engine/rng.ts';
import type { Verified, VerifyProblem } from '../../engine/verify.ts';
import { DAILY_SIZE, DAILY_TARGET, utcDay } from '../../front/daily.ts';
import {
  RANKED_CLOSE,
  type RankedClientMessage,
  type RankedDailyPlayed,
  type RankedKind,
  type RankedResult,
  type RankedServerMessage,
  type RankedStart,
} from '../../net/ranked.ts';
import { rankRankedGame } from '../boards/boards.ts';
import { type Scores, sha256 } from '../boards/scores.ts';
import type { Database } from '../db.ts';
import { RankedGame, type RankedSetup } from './game.ts';
import { rankedDailySeed, serverSecret } from './secret.ts';
import { type MovesToWrite, RankedStore } from './store.ts';

/** How often live games' new moves are written (ms): what a killed process may lose. */
export const FLUSH_MS = 200;
/** How long an unfinished game nobody plays is kept before it ends as it stands (ms). */
export const DEFAULT_KEEP_MS = 10 * 60 * 1000;
/**
 * How long a hello waits for another process holding the game to write its moves and let it
 * go (its connection closed), before taking it anyway (that process gone, or its connection
 * still open): ms.
 */
export const TAKE_WAIT_MS = 1000;
/** How often a process reads which games it still holds when it has no move to write (ms). */
const CHECK_MS = 1000;
const DAY_MS = 86_400_000;

/** The UTC instant a day (YYYY-MM-DD) ends, in ISO 8601. */
export function dayEndsAt(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
}

/** A refused hello: the close code, and why. */
export class RankedRefusal extends Error {
  constructor(
    readonly close: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A refused start: the status and the API's error body. */
export class RankedStartRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: { code: string; message: string } } | RankedDailyPlayed,
  ) {
    super(body.error.message);
  }
}

/** The socket of a player, as the games see it. */
export interface RankedPeer {
  send(m: RankedServerMessage): void;
  close(code: number, reason: string): void;
}

/** One connection's game: its messages after hello, and its close. */
export interface RankedConnection {
  message(m: RankedClientMessage): Promise<void>;
  closed(): Promise<void>;
}

export interface RankedOptions {
  readonly now: () => number;
  readonly verify: (code: string) => Promise<Result<Verified, VerifyProblem>>;
  readonly keepMs?: number;
  readonly log?: (line: string) => void;
  /** The daily secret (default: SLIDEBOX_SECRET, else the database's). */
  readonly secret?: string;
}

/** A start as the HTTP route checked it. */
export interface StartRequest {
  readonly kind: RankedKind;
  readonly size: number;
  readonly target: number | null;
  readonly daily: boolean;
  readonly keyHash: string;
  readonly name: string;
  /**
   * Called before a new ranked daily attempt is dealt (never for a resume): what it throws
   * refuses the start (the HTTP route's bound per address, dailyStarts.ts).
   */
  readonly beforeNewDaily?: () => Promise<void>;
}

interface Live {
  readonly game: RankedGame;
  tokenHash: string;
  peer: RankedPeer | null;
  /** Moves written to the database. */
  written: number;
  /** When the database last heard it is played (connected, not moving). */
  touchedAt: number;
  /** When this process took it (performance.now()). */
  readonly takenAt: number;
  ending: Promise<RankedResult> | null;
}

const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

export class RankedPlay {
  private readonly store: RankedStore;
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | StoredEnd | null>>();
  private readonly holder = newId(12);
  private readonly keepMs: number;
  private readonly flushTimer: ReturnType<typeof setInterval>;
  private readonly sweepTimer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();
  private secret: Promise<string> | null = null;
  private closed = false;
  private sweeping = false;
  /** Days with a ranked daily attempt still played, as last read. */
  private readonly played = new Map<string, { at: number; live: boolean }>();
  /** When the games held were last read (performance.now()). */
  private checkedAt = 0;

  constructor(
    database: Database,
    private readonly scores: Scores,
    private readonly o: RankedOptions,
  ) {
    this.store = new RankedStore(database);
    this.keepMs = o.keepMs ?? DEFAULT_KEEP_MS;
    if (o.secret !== undefined) this.secret = Promise.resolve(o.secret);
    else this.secret = null;
    this.secretOf = () => {
      this.secret ??= serverSecret(database);
      return this.secret;
    };
    this.flushTimer = setInterval(() => void this.flush().catch(this.logError), FLUSH_MS);
    const sweepMs = Math.min(30_000, Math.max(20, Math.floor(this.keepMs / 4)));
    this.sweepTimer = setInterval(() => void this.sweep().catch(this.logError), sweepMs);
    this.flushTimer.unref?.();
    this.sweepTimer.unref?.();
  }

  private readonly secretOf: () => Promise<string>;

  private readonly logError = (e: unknown) => {
    this.o.log?.(`ranked: ${e instanceof Error ? e.message : String(e)}`);
  };

  /**
   * Whether a ranked daily attempt of a kind and day is still being played (kept for up to a
   * second: boards read often ask often).
   */
  async dayPlayed(kind: RankedKind, day: string): Promise<boolean> {
    const key = `${kind} ${day}`;
    const at = performance.now();
    const known = this.played.get(key);
    if (known && at - known.at < 1000) return known.live;
    const live = await this.store.dayPlayed(kind, day);
    if (this.played.size > 100) this.played.clear();
    this.played.set(key, { at, live });
    return live;
  }

  /**
   * A result as a client may see it: a ranked daily's code withheld (null) while its day lasts,
   * and after it while an attempt of that day is still played (the code's seed deals every
   * player's game of the day); `codeAt` says when the day ends. Other games' codes as they are.
   */
  async shown(s: RankedSetup, r: RankedResult): Promise<RankedResult> {
    if (s.day === null) return { ...r, codeAt: null };
    const codeAt = dayEndsAt(s.day);
    const open = utcDay(this.o.now()) > s.day && !(await this.dayPlayed(s.kind, s.day));
    return { ...r, code: open ? r.code : null, codeAt };
  }

  /** The keep time (ms) the server states. */
  get keep(): number {
    return this.keepMs;
  }

  /**
   * Deals a ranked game (201), or, for the ranked daily already started by this player key,
   * answers it again with a new token (200, `resumed`), or refuses once it is over (409).
   */
  async start(r: StartRequest): Promise<{ status: 200 | 201; body: RankedStart }> {
    const now = this.o.now();
    const day = r.daily ? utcDay(now) : null;
    if (day !== null) {
      const resumed = await this.resumeDaily(r, day);
      if (resumed) return resumed;
      await r.beforeNewDaily?.();
    }
    const size = day !== null ? DAILY_SIZE : r.size;
    const target = r.kind === 'puzzle' ? null : day !== null ? DAILY_TARGET : r.target;
    const seed = day !== null ? rankedDailySeed(await this.secretOf(), r.kind, day) : randomSeed();
    const setup: RankedSetup = {
      id: newId(16),
      kind: r.kind,
      size,
      target,
      day,
      seed,
      dealtMs: now,
      keyHash: r.keyHash,
      name: r.name,
    };
    const token = newId(32);
    const game = new RankedGame(setup);
    // Held by no process until a hello takes it (on this process or another).
    if (!(await this.store.insert(setup, sha256(token), null, now))) {
      // The player's daily was started at the same moment by another request.
      const again = day !== null ? await this.resumeDaily(r, day) : null;
      if (again) return again;
      throw new Error('a ranked game could not be stored');
    }
    return {
      status: 201,
      body: { id: setup.id, token, board: game.board(), keepMs: this.keepMs },
    };
  }

  /** The player's ranked daily of the day, resumed (new token), or refused when over; null: none. */
  private async resumeDaily(
    r: StartRequest,
    day: string,
  ): Promise<{ status: 200; body: RankedStart } | null> {
    const stored = await this.store.daily(r.keyHash, r.kind, day);
    if (!stored) return null;
    const what = r.kind === '2048' ? 'ranked daily 2048' : 'ranked daily puzzle';
    const refuse = (result: RankedResult) => {
      throw new RankedStartRefusal(409, {
        error: {
          code: 'daily-played',
          message: `you have played today's ${what} (${day}): your first attempt is your entry, and the next one opens tomorrow (UTC)`,
        },
        result,
      });
    };
    if (stored.endedMs !== null) {
      refuse(await this.shown(stored.setup, JSON.parse(stored.result!) as RankedResult));
    }
    const id = stored.setup.id;
    // The game as this process plays it, else as the database has it (not taken: the hello
    // that follows takes it, here or on another process).
    const here = this.live.get(id);
    const ended = here?.ending ? await here.ending.catch(() => null) : null;
    if (ended) refuse(await this.shown(stored.setup, ended));
    let board = here?.game.board();
    if (!board) {
      const loaded = await this.store.load(id);
      if (!loaded) return null;
      board = RankedGame.replayed(loaded.game.setup, loaded.moves).board();
    }
    const token = newId(32);
    await this.store.setToken(id, sha256(token));
    if (here) here.tokenHash = sha256(token);
    return {
      status: 200,
      body: {
        id,
        token,
        board,
        keepMs: this.keepMs,
        resumed: true,
      },
    };
  }

  /**
   * The game in this process's memory, loaded (and taken) from the database when it is not;
   * an ended game's board and result; null when there is no such game.
   */
  private acquire(id: string): Promise<Live | StoredEnd | null> {
    const here = this.live.get(id);
    if (here) return Promise.resolve(here);
    let p = this.loading.get(id);
    if (!p) {
      p = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    return p;
  }

  private async load(id: string): Promise<Live | StoredEnd | null> {
    let stored = await this.store.load(id);
    const until = performance.now() + TAKE_WAIT_MS;
    const elsewhere = () =>
      stored !== null &&
      stored.game.endedMs === null &&
      stored.game.holder !== null &&
      stored.game.holder !== this.holder;
    while (elsewhere() && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      stored = await this.store.load(id);
    }
    if (!stored) return null;
    const game = RankedGame.replayed(stored.game.setup, stored.moves);
    if (stored.game.endedMs !== null) {
      return {
        ended: true,
        game,
        tokenHash: stored.game.tokenHash,
        result: JSON.parse(stored.game.result!) as RankedResult,
      };
    }
    const now = this.o.now();
    await this.store.take(id, this.holder, now);
    const live: Live = {
      game,
      tokenHash: stored.game.tokenHash,
      peer: null,
      written: stored.moves.length,
      touchedAt: now,
      takenAt: performance.now(),
      ending: null,
    };
    this.live.set(id, live);
    return live;
  }

  /** A connection's hello: the game it plays (its state sent), or a refusal to close it with. */
  async hello(peer: RankedPeer, id: string, token: string): Promise<RankedConnection> {
    const found = await this.acquire(id);
    if (found === null) {
      throw new RankedRefusal(RANKED_CLOSE.noGame, 'no-game', 'no ranked game has this id');
    }
    const hash = sha256(token);
    if (found.tokenHash !== hash) {
      // A ranked daily resumed through another process has a new token there.
      const stored = 'ended' in found ? null : await this.store.load(id);
      if ('ended' in found || stored?.game.tokenHash !== hash) {
        throw new RankedRefusal(RANKED_CLOSE.badToken, 'bad-token', "this token is not the game's");
      }
      found.tokenHash = hash;
    }
    if ('ended' in found) {
      peer.send({
        type: 'state',
        board: found.game.board(),
        result: await this.shown(found.game.setup, found.result),
        t: found.game.board().elapsedMs,
      });
      return { message: async () => {}, closed: async () => {} };
    }
    const live = found;
    if (live.peer && live.peer !== peer) {
      live.peer.close(RANKED_CLOSE.replaced, 'the game was opened on another connection');
    }
    live.peer = peer;
    const result = live.ending ? await live.ending.catch(() => null) : null;
    peer.send({
      type: 'state',
      board: live.game.board(),
      result: result && (await this.shown(live.game.setup, result)),
      t: result ? live.game.board().elapsedMs : this.o.now() - live.game.setup.dealtMs,
    });
    return {
      message: (m) => this.message(live, peer, m),
      closed: () => this.left(live, peer),
    };
  }

  private async message(live: Live, peer: RankedPeer, m: RankedClientMessage): Promise<void> {
    if (live.peer !== peer) return;
    if (m.type === 'hello') {
      peer.close(RANKED_CLOSE.badMessage, 'hello once');
      return;
    }
    if (m.type === 'resign') {
      if (!live.ending) await this.finish(live, 'resigned');
      return;
    }
    if (live.ending) {
      peer.send({ type: 'refused', n: m.n, code: 'over', message: 'the game is over' });
      return;
    }
    const before = live.game.taken;
    const t = this.o.now() - live.game.setup.dealtMs;
    const answer = live.game.move(m.n, 'd' in m ? { d: m.d } : { tile: m.tile }, t);
    peer.send(answer);
    if (live.game.taken > before && live.game.over) await this.finish(live, 'play');
  }

  /** A connection closed: its game is written and let go (unless another connection has it). */
  private async left(live: Live, peer: RankedPeer): Promise<void> {
    if (live.peer !== peer) return;
    live.peer = null;
    if (live.ending) return;
    await this.flush();
    if (live.peer || live.ending || this.closed) return;
    const id = live.game.setup.id;
    await this.store.release(id, this.holder, this.o.now());
    if (live.peer) {
      await this.store.take(id, this.holder, this.o.now());
      return;
    }
    if (this.live.get(id) === live) this.live.delete(id);
  }

  /** Ends a game where it stands, ranks it and says so. */
  private finish(live: Live, reason: RankedResult['reason']): Promise<RankedResult> {
    // An end that failed (the database away) is tried again by the next resign, hello or sweep.
    live.ending ??= this.rank(live, reason).catch((e: unknown) => {
      live.ending = null;
      throw e;
    });
    return live.ending;
  }

  private async rank(live: Live, reason: RankedResult['reason']): Promise<RankedResult> {
    await this.flush();
    const g = live.game;
    const s = g.setup;
    const code = g.code();
    const now = this.o.now();
    let entry: RankedResult['entry'] = null;
    let why: string | null = null;
    const verified = await this.o.verify(code);
    if (!verified.ok) {
      this.logError(new Error(`ranked game ${s.id} did not verify: ${verified.error.message}`));
      why = `the game could not be checked: ${verified.error.message}`;
    } else if (g.taken === 0) {
      why = 'a game with no move ranks nowhere';
    } else {
      const ranked = rankRankedGame(verified.value, s.day);
      if (!ranked.ok) why = ranked.error.message;
      else {
        entry = (
          await this.scores.submit(code, verified.value, ranked.value, s.keyHash, s.name, now)
        ).entry;
      }
    }
    let result: RankedResult = { code, entry, why, reason };
    if (!(await this.store.end(s.id, now, reason, JSON.stringify(result)))) {
      // Ended by another process first (its sweep): its result stands.
      const stored = await this.store.load(s.id);
      if (stored?.game.result) result = JSON.parse(stored.game.result) as RankedResult;
    }
    if (live.peer) live.peer.send({ type: 'over', result: await this.shown(s, result) });
    if (this.live.get(s.id) === live) this.live.delete(s.id);
    return result;
  }

  /** Writes every live game's new moves (one transaction), after the write before it. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(
      () => this.write(),
      () => this.write(),
    );
    return this.flushing;
  }

  private async write(): Promise<void> {
    const now = this.o.now();
    const batch: MovesToWrite[] = [];
    const touch: string[] = [];
    const sent = new Map<string, { live: Live; upTo: number }>();
    for (const [id, live] of this.live) {
      const taken = live.game.taken;
      if (taken > live.written) {
        batch.push({ id, from: live.written + 1, moves: live.game.moves.slice(live.written) });
        sent.set(id, { live, upTo: taken });
      }
      // Played (moving or connected): marked active now and then, so no sweep ends it.
      if ((taken > live.written || live.peer) && now - live.touchedAt > this.keepMs / 4) {
        touch.push(id);
        live.touchedAt = now;
      }
    }
    const started = performance.now();
    // Which games this process still holds is read now and then even with nothing to write: a
    // game taken by another process is let go here soon, moves or not.
    const check = started - this.checkedAt > CHECK_MS && this.live.size > 0;
    if (check) this.checkedAt = started;
    const held = await this.store.write(batch, touch, this.holder, now, check);
    if (held === null) return;
    for (const [id, { live, upTo }] of sent) {
      if (held.has(id)) live.written = Math.max(live.written, upTo);
    }
    for (const [id, live] of this.live) {
      if (!held.has(id) && live.takenAt < started) this.dropLost(live);
    }
  }

  /** Another process took the game: this copy goes, and its connection reconnects there. */
  private dropLost(live: Live): void {
    const id = live.game.setup.id;
    if (live.ending) return;
    if (this.live.get(id) === live) this.live.delete(id);
    const peer = live.peer;
    live.peer = null;
    peer?.close(RANKED_CLOSE.goingAway, 'the game moved to another server process');
  }

  /** Ends the games idle past keepMs (here or anywhere) where they stand (one sweep at a time). */
  async sweep(): Promise<void> {
    if (this.closed || this.sweeping) return;
    this.sweeping = true;
    try {
      await this.sweepOnce();
    } finally {
      this.sweeping = false;
    }
  }

  private async sweepOnce(): Promise<void> {
    const now = this.o.now();
    const ids = await this.store.idle(now - this.keepMs, 50);
    for (const id of ids) {
      const here = this.live.get(id);
      if (here?.peer) {
        await this.store.write([], [id], this.holder, now);
        here.touchedAt = now;
        continue;
      }
      const live = await this.acquire(id);
      if (live === null || 'ended' in live) continue;
      if (live.peer) continue;
      await this.finish(live, 'left');
    }
  }

  /** Stops: every live game's moves written, and let go for the next process. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.flushTimer);
    clearInterval(this.sweepTimer);
    await Promise.allSettled([...this.live.values()].map((l) => l.ending));
    await this.flush();
    const now = this.o.now();
    for (const id of this.live.keys()) {
      await this.store.release(id, this.holder, now).catch(this.logError);
    }
    this.live.clear();
  }
}

/** An ended game as loaded: its final board and what it ranked. */
interface StoredEnd {
  readonly ended: true;
  readonly game: RankedGame;
  readonly tokenHash: string;
  readonly result: RankedResult;
}
