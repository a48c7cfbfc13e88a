/**
 * Ranked play on the server: games it deals (seeds drawn from the platform's cryptographic
 * source, or, for the ranked daily, from its secret and the day) and times on its own clock.
 *
 * A live game has one owner (owner.ts): the process that took it last (store.ts `take`, which
 * raises its epoch) plays it in memory. Every move is answered only once it is stored: the
 * moves of every game taken in one event-loop turn are written in one transaction, and their
 * answers sent together after it commits — so `kill -9` of the process at any moment loses
 * no answered move. A write names the epoch its owner took, and the database refuses it once
 * another process took the game: that owner's moves are not stored and so never answered, and
 * it lets its copy go and closes its connection (the client reconnects, to the new owner).
 *
 * A hello for a game this process does not have: with PostgreSQL, when another process holds
 * the game under a live lease, the connection is relayed to that owner (../relay.ts, the relay
 * the rooms use too), which plays the game for it as for a connection of its own — its hello,
 * its moves in order, its close; the answers back, each once its move is stored. A game nobody
 * holds, or whose holder's lease ran out (it died), is taken here; a take never takes a game
 * another live process took meanwhile. With SQLite (no relay) the hello takes the game, after
 * waiting up to {@link TAKE_WAIT_MS} for a process that holds it to let it go (it does when its
 * connection closes), and all the same after that. When the holder is gone (its lease ran out;
 * with SQLite, any other process), or a stopping server let it go, the time from the game's
 * last stored move to the take is left out of its clock, and its result says how long was left
 * out. A player's own lost connection counts on the clock.
 *
 * An unfinished game that no client plays for `keepMs` is ended where it stands and ranked
 * (reason 'left'), by a sweep of every process. At the end the server makes the game's share
 * code (seed revealed), checks it with the same verifier as `POST /api/scores`, ranks it on the
 * ranked track of its boards and sends the result — a ranked daily's without its code until its
 * day is over ({@link RankedPlay.shown}).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Result } from '../../engine/result.ts';
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
  readRankedClientMessage,
} from '../../net/ranked.ts';
import { rankRankedGame } from '../boards/boards.ts';
import type { Scores } from '../boards/scores.ts';
import type { Database } from '../db.ts';
import { sha256 } from '../hash.ts';
import { newInstance, type ProcessLease } from '../lease.ts';
import type { Relay, RelayProtocol } from '../relay.ts';
import { dealSeed } from '../seeds.ts';
import { RankedGame, type RankedSetup } from './game.ts';
import { type OwnerPort, RankedOwner, type RankedPeer } from './owner.ts';
import { rankedDailySeed, serverSecret } from './secret.ts';
import { type MovesToWrite, type Owned, RankedStore } from './store.ts';

export type { RankedPeer } from './owner.ts';

/** How often the games' owners are checked with no move to write, and touched (ms). */
export const FLUSH_MS = 200;
/** How long an unfinished game nobody plays is kept before it ends as it stands (ms). */
export const DEFAULT_KEEP_MS = 10 * 60 * 1000;
/**
 * Without a relay (SQLite): how long a hello waits for another process holding the game to let
 * it go (its connection closed), before taking it anyway (that process gone, or its connection
 * still open): ms.
 */
export const TAKE_WAIT_MS = 1000;
/** How often a process reads which games it still owns when it has no move to write (ms). */
const CHECK_MS = 1000;
/** A commit that failed is tried again after this long (ms). */
const RETRY_MS = 100;
const DAY_MS = 86_400_000;

/** The UTC instant a day (YYYY-MM-DD) ends, in ISO 8601. */
export function dayEndsAt(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
}

/** The ranked games' lines' tag on the relay (../relay.ts). */
const RELAY_NAME = 'ranked';

/**
 * Answers what a connection's hello or message threw: a refusal is said (`error`) and closes the
 * connection with its code; anything else is logged, said as `unavailable`, and closes it as a
 * server error (the client connects again and takes the server's board again).
 */
export function answerFailure(
  e: unknown,
  peer: Pick<RankedPeer, 'send' | 'close'>,
  log?: (line: string) => void,
): void {
  if (e instanceof RankedRefusal) {
    peer.send({ type: 'error', code: e.code, message: e.message });
    peer.close(e.close, e.message.slice(0, 120));
    return;
  }
  log?.(`ranked: ${e instanceof Error ? e.message : String(e)}`);
  peer.send({
    type: 'error',
    code: 'unavailable',
    message: 'the server could not take this message; connect again shortly',
  });
  peer.close(1011, 'server error');
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

/** One connection's game: its messages after hello, and its close. */
export interface RankedConnection {
  message(m: RankedClientMessage): Promise<void>;
  closed(): Promise<void>;
  /** An answer sent after the answers to the moves before it (which wait for their commit). */
  inTurn?(answer: RankedServerMessage): void;
}

export interface RankedOptions {
  readonly now: () => number;
  readonly verify: (code: string) => Promise<Result<Verified, VerifyProblem>>;
  readonly keepMs?: number;
  readonly log?: (line: string) => void;
  /** The daily secret (default: SLIDEBOX_SECRET, else the database's). */
  readonly secret?: string;
  /**
   * PostgreSQL: the process's lease (../lease.ts), shared with the rooms: its instance is the
   * games' holder, and a game held by a process whose lease ran out is taken with its clock
   * paused. Without one (SQLite: one process), a holder other than this process is one gone.
   */
  readonly lease?: ProcessLease;
  /**
   * PostgreSQL: the process's relay (../relay.ts), shared with the rooms: a hello for a game
   * another live process holds is relayed to it. Without one, such a hello takes the game after
   * {@link TAKE_WAIT_MS}.
   */
  readonly relay?: Relay;
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

const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

export class RankedPlay {
  private readonly store: RankedStore;
  private readonly live = new Map<string, RankedOwner>();
  private readonly loading = new Map<string, Promise<Found>>();
  /** Games being let go by this process (their connection closed): taken again after. */
  private readonly leaving = new Map<string, Promise<void>>();
  /** This process, as the games' holder. */
  private readonly holder: string;
  private readonly keepMs: number;
  private readonly flushTimer: ReturnType<typeof setInterval>;
  private readonly sweepTimer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();
  /** The write queued behind the one in flight, not started yet (or null). */
  private queued: Promise<void> | null = null;
  private commitPlanned = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private secret: Promise<string> | null = null;
  private closed = false;
  private sweeping = false;
  /** Days with a ranked daily attempt still played, as last read. */
  private readonly played = new Map<string, { at: number; live: boolean }>();
  /** Owners with moves to write (the next commit's). */
  private readonly dirty = new Set<RankedOwner>();
  /** Games whose owner here gave up after a fault: their next take here pauses their clock. */
  private readonly broken = new Set<string>();
  /** When the games owned were last read (performance.now()). */
  private checkedAt = 0;
  private readonly port: OwnerPort;

  constructor(
    database: Database,
    private readonly scores: Scores,
    private readonly o: RankedOptions,
  ) {
    this.store = new RankedStore(database);
    this.holder = o.lease?.instance ?? newInstance();
    this.keepMs = o.keepMs ?? DEFAULT_KEEP_MS;
    if (o.secret !== undefined) this.secret = Promise.resolve(o.secret);
    else this.secret = null;
    this.secretOf = () => {
      this.secret ??= serverSecret(database);
      return this.secret;
    };
    this.port = {
      now: o.now,
      commitSoon: (owner) => this.commitSoon(owner),
      committed: () => this.flush(),
      rank: (owner, reason) => this.rank(owner, reason),
      shown: (owner, r) => this.shown(owner.game.setup, r),
      forget: (owner) => {
        if (this.live.get(owner.id) === owner) this.live.delete(owner.id);
      },
      broken: (owner) => this.broken.add(owner.id),
      letGo: (owner) => this.letGo(owner),
    };
    o.relay?.serve(this.onRelay());
    this.flushTimer = setInterval(() => void this.flush().catch(this.logError), FLUSH_MS);
    const sweepMs = Math.min(30_000, Math.max(20, Math.floor(this.keepMs / 4)));
    this.sweepTimer = setInterval(() => void this.sweep().catch(this.logError), sweepMs);
    this.flushTimer.unref?.();
    this.sweepTimer.unref?.();
  }

  private readonly secretOf: () => Promise<string>;

  /** The ranked socket on the relay: a relayed hello is this process's, as the game's holder. */
  private onRelay(): RelayProtocol<RankedClientMessage> {
    return {
      name: RELAY_NAME,
      what: 'game',
      goingAway: RANKED_CLOSE.goingAway,
      badMessage: RANKED_CLOSE.badMessage,
      read: readRankedClientMessage,
      // The owner's first line is its answer to the hello: the state, or why it is refused.
      answers: () => true,
      helloRelayed: (peer, m) => this.hello(peer, m.game, m.token, true),
      fail: (e, peer) => answerFailure(e, peer, this.o.log),
      refusal: (code, message, close) => new RankedRefusal(close, code, message),
    };
  }

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
    const seed = day !== null ? rankedDailySeed(await this.secretOf(), r.kind, day) : dealSeed();
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
    // The game as this process plays it ending, else as the database has it: only its stored
    // moves (the tiles of moves not yet answered are not shown). Not taken: the hello that
    // follows takes it, here or on another process.
    const here = this.live.get(id);
    const ended = here?.ending ? await here.ending.catch(() => null) : null;
    if (ended) refuse(await this.shown(stored.setup, ended));
    const loaded = await this.store.load(id);
    if (!loaded) return null;
    const board = RankedGame.replayed(loaded.game.setup, loaded.moves).board();
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
   * The game's owner in this process, taking the game from the database when there is none;
   * an ended game's board and result; null when there is no such game.
   */
  private acquire(id: string): Promise<Found> {
    const here = this.live.get(id);
    if (here) return Promise.resolve(here);
    let p = this.loading.get(id);
    if (!p) {
      p = this.take(id).finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    return p;
  }

  private async take(id: string): Promise<Found> {
    await this.leaving.get(id)?.catch(() => {});
    let peek = await this.store.peek(id);
    if (!peek) return null;
    const heldBy = peek.endedMs === null ? peek.holder : null;
    let pauseFor: string | null = null;
    if (heldBy !== null && heldBy !== this.holder && this.o.relay && this.o.lease) {
      // Its holder's sockets are relayed to it while its lease is live; once the lease ran out
      // (the holder died), the game is taken with its clock paused from its last stored move.
      if ((await this.o.lease.alive([heldBy])).has(heldBy)) return { heldBy };
      pauseFor = heldBy;
    } else if (heldBy !== null && heldBy !== this.holder) {
      // A live holder lets the game go when its connection closes: wait for that a while.
      const until = performance.now() + TAKE_WAIT_MS;
      while (peek?.holder === heldBy && peek.endedMs === null && performance.now() < until) {
        await sleep(25);
        peek = await this.store.peek(id);
      }
      if (!peek) return null;
      if (peek.holder === heldBy && peek.endedMs === null && (await this.gone(heldBy))) {
        pauseFor = heldBy;
      }
    } else if (heldBy === this.holder && this.broken.has(id)) {
      pauseFor = this.holder;
    }
    // With the relay, a game another live process took meanwhile is left to it.
    const from = this.o.relay ? [heldBy] : undefined;
    const taken = await this.store.take(id, this.holder, this.o.now(), pauseFor, from);
    if (!taken) return null;
    if ('heldBy' in taken) return taken;
    this.broken.delete(id);
    const game = RankedGame.replayed(taken.game.setup, taken.moves);
    if (taken.game.endedMs !== null) {
      return {
        ended: true,
        game,
        tokenHash: taken.game.tokenHash,
        result: JSON.parse(taken.game.result!) as RankedResult,
      };
    }
    if (taken.gapMs > 0) {
      this.o.log?.(`ranked: a game taken after a fault, ${taken.gapMs} ms left out of its clock`);
    }
    const owner = new RankedOwner(
      game,
      taken.game.epoch,
      taken.game.tokenHash,
      taken.game,
      this.port,
    );
    // Another owner of this game in this process (it lost the game, and this take won it back).
    this.live.get(id)?.lost();
    this.live.set(id, owner);
    return owner;
  }

  /**
   * Whether the process `instance` is gone: its lease ran out, or it has none (with a lease,
   * one that is renewed meanwhile is alive; this waits at most the lease for either). Without a
   * lease (SQLite: one process), any other process is gone.
   */
  private async gone(instance: string): Promise<boolean> {
    const lease = this.o.lease;
    if (!lease) return true;
    const first = await lease.until(instance);
    const end = performance.now() + lease.leaseMs;
    for (;;) {
      const until = await lease.until(instance);
      if (until === null || first === null || until < (await lease.dbNow())) return true;
      if (until > first) return false;
      if (performance.now() > end) return true;
      await sleep(100);
    }
  }

  /**
   * A connection's hello: the game it plays (its state sent), or a refusal to close it with. A
   * game another live process holds: the connection is relayed to it (`relayed`: this hello is
   * one relayed here, which is not relayed again).
   */
  async hello(
    peer: RankedPeer,
    id: string,
    token: string,
    relayed = false,
  ): Promise<RankedConnection> {
    let found = await this.acquire(id);
    for (let tries = 1; found !== null && 'heldBy' in found; tries++) {
      const relay = this.o.relay;
      if (relayed || !relay) {
        throw new RankedRefusal(
          RANKED_CLOSE.goingAway,
          'moved',
          'the game moved to another server process; connect again',
        );
      }
      try {
        const { link } = await relay.hello(
          RELAY_NAME,
          peer,
          { type: 'hello', game: id, token },
          found.heldBy,
        );
        return { message: async (m) => link.send(m), closed: async () => link.close() };
      } catch (e) {
        // The holder did not answer (it died, its lease not run out yet): asked again, and taken
        // here once its lease ran out.
        if (!(e instanceof RankedRefusal) || e.code !== 'unavailable' || tries >= 3) throw e;
      }
      found = await this.acquire(id);
    }
    if (found === null) {
      throw new RankedRefusal(RANKED_CLOSE.noGame, 'no-game', 'no ranked game has this id');
    }
    const hash = sha256(token);
    if (found.tokenHash !== hash) {
      // A ranked daily resumed through another process has a new token there.
      const stored = 'ended' in found ? null : await this.store.peek(id);
      if ('ended' in found || stored?.tokenHash !== hash) {
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
    const owner = found;
    await owner.hello(peer);
    return {
      message: (m) => owner.act(peer, m),
      closed: () => owner.left(peer),
      inTurn: (answer) => owner.inTurn(peer, answer),
    };
  }

  /** A connection closed: its game is written and let go (unless another connection has it). */
  private async letGo(owner: RankedOwner): Promise<void> {
    await this.flush();
    if (owner.peer || owner.ending || owner.gone || this.closed) return;
    // From here the owner acts no more: a hello takes the game afresh, once it is let go.
    owner.gone = true;
    this.port.forget(owner);
    const id = owner.id;
    const release = this.store.release(owner, this.holder, this.o.now());
    this.leaving.set(id, release);
    try {
      await release;
    } finally {
      if (this.leaving.get(id) === release) this.leaving.delete(id);
    }
  }

  private async rank(owner: RankedOwner, reason: RankedResult['reason']): Promise<RankedResult> {
    await this.flush();
    if (owner.gone || owner.unwritten > 0) {
      throw new Error(`ranked game ${owner.id}: its moves are not all stored, so it is not ranked`);
    }
    const g = owner.game;
    const s = g.setup;
    const code = g.code();
    const now = this.o.now();
    let entry: RankedResult['entry'] = null;
    let why: string | null = null;
    const verified = await this.o.verify(code);
    const { interruptedMs, interruptions } = owner.paused;
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
          await this.scores.submit(code, verified.value, ranked.value, s.keyHash, s.name, now, {
            interruptedMs,
          })
        ).entry;
      }
    }
    let result: RankedResult = { code, entry, why, reason, interruptedMs, interruptions };
    if (!(await this.store.end(owner, now, reason, JSON.stringify(result)))) {
      // Ended by another process first (its sweep), or taken: what is stored stands.
      const stored = await this.store.peek(s.id);
      if (!stored?.result) {
        owner.lost();
        throw new Error(`ranked game ${s.id} was taken by another process before its end`);
      }
      result = JSON.parse(stored.result) as RankedResult;
    }
    return result;
  }

  /** A commit of every owner's unwritten moves at the end of this event-loop turn. */
  private commitSoon(owner: RankedOwner): void {
    this.dirty.add(owner);
    if (this.commitPlanned) return;
    this.commitPlanned = true;
    setImmediate(() => {
      this.commitPlanned = false;
      void this.flush().catch(this.logError);
    });
  }

  /** Writes every owner's new moves (one transaction), after the write before it. */
  flush(): Promise<void> {
    // One write waits behind the one in flight at most: it takes every move made until it
    // starts, so whoever asks meanwhile is answered by it (the group commit).
    if (this.queued) return this.queued;
    const run = () => {
      this.queued = null;
      return this.write();
    };
    const next = this.flushing.then(run, run);
    this.queued = next;
    this.flushing = next;
    return next;
  }

  private async write(): Promise<void> {
    const now = this.o.now();
    const batch: MovesToWrite[] = [];
    const touch: Owned[] = [];
    const sent = new Map<string, { owner: RankedOwner; upTo: number }>();
    const started = performance.now();
    // Which games this process still owns is read now and then even with nothing to write: a
    // game taken by another process is let go here soon, moves or not; and then every game is
    // looked at for its touch. Else only the games with moves to write.
    const check = started - this.checkedAt > CHECK_MS && this.live.size > 0;
    if (check) this.checkedAt = started;
    const looked = check ? [...this.live.values()] : [...this.dirty];
    this.dirty.clear();
    for (const owner of looked) {
      if (owner.gone || this.live.get(owner.id) !== owner) continue;
      const id = owner.id;
      const taken = owner.game.taken;
      if (taken > owner.written) {
        const moves = owner.game.moves.slice(owner.written);
        batch.push({ id, epoch: owner.epoch, from: owner.written + 1, moves });
        sent.set(id, { owner, upTo: taken });
      }
      // Played (moving or connected): marked active now and then, so no sweep ends it.
      if ((taken > owner.written || owner.peer) && now - owner.touchedAt > this.keepMs / 4) {
        touch.push(owner);
        owner.touchedAt = now;
      }
    }
    if (batch.length === 0 && touch.length === 0 && !check) return;
    let owned: Set<string>;
    try {
      owned = await this.store.write(batch, touch, [], this.holder, now);
    } catch (e) {
      for (const { owner } of sent.values()) {
        this.dirty.add(owner);
        owner.failed();
      }
      if (sent.size > 0) this.retrySoon();
      throw e;
    }
    for (const [id, { owner, upTo }] of sent) {
      if (owned.has(id)) owner.stored(upTo);
      else owner.lost();
    }
    if (check) {
      // Read without holding anything: a game another process took is let go here.
      const mine = await this.store.owned(this.holder);
      for (const owner of this.live.values()) {
        if (mine.get(owner.id) !== owner.epoch && owner.takenAt < started && !owner.ending) {
          owner.lost();
        }
      }
    }
  }

  /** The moves a failed commit did not store are tried again shortly. */
  private retrySoon(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush().catch(this.logError);
    }, RETRY_MS);
    this.retryTimer.unref?.();
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
        await this.store.write([], [here], [], this.holder, now);
        here.touchedAt = now;
        continue;
      }
      const owner = await this.acquire(id);
      if (owner === null || 'ended' in owner || 'heldBy' in owner) continue;
      if (owner.peer) continue;
      await owner.finish('left');
    }
  }

  /**
   * Stops: every owner's moves written, and its game let go for the next process (whose take
   * leaves the time until then out of the game's clock: the player did not leave).
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.flushTimer);
    clearInterval(this.sweepTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await Promise.allSettled([...this.live.values()].map((l) => l.ending));
    await this.flush().catch(this.logError);
    const now = this.o.now();
    for (const owner of this.live.values()) {
      if (owner.ending) continue;
      await this.store.release(owner, this.holder, now, true).catch(this.logError);
    }
    // The connections relayed here (this process's own are closed already): they connect again.
    for (const owner of this.live.values()) {
      owner.peer?.close(RANKED_CLOSE.goingAway, 'the server is stopping');
    }
    this.live.clear();
  }
}

/**
 * A game as a hello finds it: its owner here, its end, held by another live process (its
 * sockets are relayed there), or null (no such game).
 */
type Found = RankedOwner | StoredEnd | { readonly heldBy: string } | null;

/** An ended game as loaded: its final board and what it ranked. */
interface StoredEnd {
  readonly ended: true;
  readonly game: RankedGame;
  readonly tokenHash: string;
  readonly result: RankedResult;
}
