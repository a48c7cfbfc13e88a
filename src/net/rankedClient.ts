/**
 * A client of one ranked game (src/net/ranked.ts), for the terminal and the browser alike (the
 * WebSocket class is given: the browser's own, or `ws` in Node). The board it shows is the
 * server's, plus what the server will surely confirm:
 *
 * - 2048: a move's slide is shown at once (`slideOnly`: the server slides the same board the
 *   same way) and the new tile when the server deals it (`placeTile`). One move is sent at a
 *   time; moves made before its tile arrives wait in a short queue and go out, in order, after
 *   it (a slide on a board whose tile is not there yet could be wrong). A refused move puts the
 *   server's board back.
 * - The puzzle: moves are certain (no chance in them), so each is shown and sent at once, and
 *   several may be on their way.
 *
 * Every move carries its number `n`; a dropped connection reconnects by itself (with backoff)
 * with the game's token, takes the server's board, and sends again, with the same numbers, the
 * moves the server had not taken (the server takes each number once). While the connection is
 * not open, or once the game is over, input is refused with a sentence and changes nothing.
 * Pure of Node: the web bundle uses it as it is.
 */
import { type Game, gameFromCells } from '../engine/game2048.ts';
import { moveTile, type Puzzle, puzzleFromTiles } from '../engine/puzzle.ts';
import { err, ok, type Problem, type Result } from '../engine/result.ts';
import { placeTile, slideOnly } from '../engine/spawn.ts';
import { type Direction, isDirection } from '../engine/types.ts';
import type { RankedStartProblem, ServerClient } from './api.ts';
import {
  DROPPED_SENTENCE,
  GAME_ELSEWHERE,
  interruptedSentence,
  NOT_ANSWERING_SENTENCE,
  NOT_SENT_DROPPED,
  NOT_SENT_NOT_ANSWERING,
  WAITING_AFTER_MS,
} from './linkWords.ts';
import {
  DIRECTION_LETTERS,
  RANKED_CLOSE,
  type RankedBoard,
  type RankedClientMessage,
  type RankedRequest,
  type RankedResult,
  type RankedServerMessage,
  type RankedStart,
  rankedSocketUrl,
} from './ranked.ts';
import {
  type Heartbeat,
  type LinkTime,
  Reconnecting,
  type SocketFactory,
  systemLinkTime,
} from './reconnect.ts';

/**
 * The connection: connecting, open, open but the server silent for a while ('not-answering':
 * nothing is sent), reconnecting, closed.
 */
export type RankedStatus = 'connecting' | 'open' | 'not-answering' | 'reconnecting' | 'closed';

/**
 * Why the connection is closed for good: a token that is not the game's, no such game (or no
 * longer kept), a client the server did not understand, the game opened on another connection,
 * no answer from the server in time, or you closed it.
 */
export type RankedClosed =
  | 'bad-token'
  | 'no-game'
  | 'bad-message'
  | 'replaced'
  | 'unreachable'
  | 'left';

/** Why input was refused: a sentence, and a code to act on. */
export type RankedRefusal = Problem<
  | 'connecting'
  | 'not-answering'
  | 'reconnecting'
  | 'closed'
  | 'over'
  | 'busy'
  | 'wrong-kind'
  | 'bad-move'
>;

/** The tile the server dealt with a move (2048). */
export interface DealtTile {
  readonly row: number;
  readonly col: number;
  readonly value: number;
}

/** The game as the client shows it. */
export interface RankedView {
  readonly status: RankedStatus;
  /** The game's id. */
  readonly id: string;
  /** The board as the server last said it (no move of yours on top). */
  readonly confirmed: RankedBoard;
  /** The board shown: the server's with your moves not answered yet on top. */
  readonly board: RankedBoard;
  /**
   * 2048: the engine game of the board shown, for renderers (`last` is the slide of the last
   * move shown, `spawned` its dealt tile once it came); its generator is not the server's and
   * is never used. Null for the puzzle.
   */
  readonly game: Game | null;
  /** Puzzle: the engine puzzle of the board shown (`last` for animation); null for 2048. */
  readonly puzzle: Puzzle | null;
  /** 2048: the tile dealt with the last move the server answered; else null. */
  readonly dealt: DealtTile | null;
  /** Moves sent and not answered yet. */
  readonly pending: number;
  /** 2048 moves waiting for the tile of the move before them (not sent yet). */
  readonly queued: number;
  /**
   * Your moves the screen says it waits for (sent and queued), once the oldest of them has
   * waited {@link WAITING_AFTER_MS}; 0 (or absent) before.
   */
  readonly waiting?: number;
  /** The server's clock (ms from the deal) as last heard, and the local `now()` it was heard at. */
  readonly clock: { readonly ms: number; readonly at: number };
  /** What the server ranked, once the game is over; null before. */
  readonly result: RankedResult | null;
  /**
   * A sentence: the last refusal (cleared by the next move taken), or, while reconnecting or
   * closed, why. Null when there is nothing to say.
   */
  readonly notice: string | null;
  /** Why the connection is closed, while `status` is 'closed'; else null. */
  readonly closed: RankedClosed | null;
}

export interface RankedClientOptions {
  /** The server's base URL (http or https). */
  readonly server: string;
  /** The game's id and token (from `POST /api/ranked`, or kept to resume it). */
  readonly game: string;
  readonly token: string;
  readonly socket: SocketFactory;
  /** The board as dealt (`RankedStart.board`), shown until the server's state arrives. */
  readonly board: RankedBoard;
  /** Called after every change (as are the listeners of {@link RankedClient.subscribe}). */
  readonly onChange?: (view: RankedView) => void;
  /** Reconnection delays (ms), the last one repeated (default 250, 500, 1000, 2000). */
  readonly retryMs?: readonly number[];
  /**
   * How long the first connection may go without the server's state before the client gives
   * up (closed, 'unreachable'); default: it tries on. Reconnecting after a drop tries on.
   */
  readonly connectTimeoutMs?: number;
  /** The local clock (ms) for {@link RankedView.clock} (default the `time`'s). */
  readonly now?: () => number;
  /** The clock and timers of the connection (default the platform's): tests give fake ones. */
  readonly time?: LinkTime;
  /** The heartbeat's times (default reconnect.ts's HEARTBEAT). */
  readonly heartbeat?: Partial<Heartbeat>;
}

/** Moves of 2048 kept waiting for the tile of the move before them, at most. */
export const QUEUE_MAX = 4;

const FINAL: ReadonlyMap<number, RankedClosed> = new Map<number, RankedClosed>([
  [RANKED_CLOSE.badMessage, 'bad-message'],
  [RANKED_CLOSE.badToken, 'bad-token'],
  [RANKED_CLOSE.noGame, 'no-game'],
  [RANKED_CLOSE.replaced, 'replaced'],
]);

/** Why the connection closed for good, in every front-end's words (fragments). */
export const RANKED_CLOSED_SENTENCES: Readonly<Record<RankedClosed, string>> = {
  'bad-token': 'this token is not the game’s',
  'no-game': 'the server no longer has this game (it ended, or was kept too long unplayed)',
  'bad-message': 'the server did not understand this client',
  replaced: GAME_ELSEWHERE,
  unreachable: 'the server could not be reached',
  left: 'you closed the game',
};

/** The sentence while the connection is down after having been open. */
export const RANKED_RECONNECTING = `${DROPPED_SENTENCE} (no move is lost)`;

/** The engine game of a 2048 board (its generator is never used: the server deals). */
export function gameOfBoard(b: RankedBoard): Game {
  const g = gameFromCells(b.cells!, { target: b.target!, seed: 0, score: b.score });
  return { ...g, moves: b.moves, won: b.won, over: b.over, keepPlaying: true };
}

/** The engine puzzle of a puzzle board. */
export function puzzleOfBoard(b: RankedBoard): Puzzle {
  const p = puzzleFromTiles(b.tiles!, b.size);
  return { ...p, moves: b.score, solved: b.won };
}

export class RankedClient {
  private readonly link: Reconnecting<RankedClientMessage, RankedServerMessage>;
  private confirmed: RankedBoard;
  /** 2048: the move sent and not answered, and the game its slide left. */
  private sent: { n: number; d: Direction; slid: Game; at: number } | null = null;
  /** 2048: moves made while one was on its way. */
  private queue: Direction[] = [];
  /** Puzzle: the moves sent and not answered, in order. */
  private puzzleSent: { n: number; tile: number; at: number }[] = [];
  /** When the oldest of your moves not answered (2048: sent or queued) was made. */
  private since: number | null = null;
  private readonly time: LinkTime;
  /** You resigned and the server has not said the game is over: sent again after a reconnect. */
  private resigning = false;
  private game: Game | null;
  private puzzle: Puzzle | null;
  /** This connection has had the server's state: moves may go out. */
  private synced = false;
  /** Some connection had the server's state. */
  private everSynced = false;
  /** How many times the server said it failed during the game, as last told. */
  private interruptions = 0;
  private readonly listeners = new Set<(v: RankedView) => void>();
  private readonly now: () => number;
  private v: RankedView;

  constructor(private readonly o: RankedClientOptions) {
    this.time = o.time ?? systemLinkTime;
    this.now = o.now ?? (() => this.time.now());
    this.confirmed = o.board;
    this.game = o.board.kind === '2048' ? gameOfBoard(o.board) : null;
    this.puzzle = o.board.kind === 'puzzle' ? puzzleOfBoard(o.board) : null;
    this.v = {
      status: 'connecting',
      id: o.game,
      confirmed: o.board,
      board: o.board,
      game: this.game,
      puzzle: this.puzzle,
      dealt: null,
      pending: 0,
      queued: 0,
      waiting: 0,
      clock: { ms: o.board.elapsedMs, at: this.now() },
      result: null,
      notice: null,
      closed: null,
    };
    this.link = new Reconnecting({
      socket: o.socket,
      url: rankedSocketUrl(o.server, o.game),
      retryMs: o.retryMs,
      time: this.time,
      heartbeat: o.heartbeat,
      quiet: (silent) => this.quiet(silent),
      connecting: () => {
        this.synced = false;
      },
      hello: () => ({ type: 'hello', game: o.game, token: o.token }),
      receive: (m) => this.receive(m),
      dropped: (ev) => this.dropped(ev.code),
    });
    const ms = o.connectTimeoutMs;
    this.link.start(ms, () =>
      this.stop('unreachable', `the server at ${o.server} did not answer within ${ms! / 1000} s`),
    );
  }

  /**
   * Starts a ranked game through `api` (`POST /api/ranked`) and connects to it. The start's
   * id and token are what a client keeps to resume the game after a restart.
   */
  static async start(
    api: ServerClient,
    req: RankedRequest,
    o: Omit<RankedClientOptions, 'server' | 'game' | 'token' | 'board'>,
  ): Promise<Result<{ client: RankedClient; start: RankedStart }, RankedStartProblem>> {
    const r = await api.startRanked(req);
    if (!r.ok) return r;
    const s = r.value;
    const client = new RankedClient({
      ...o,
      server: api.base,
      game: s.id,
      token: s.token,
      board: s.board,
    });
    return ok({ client, start: s });
  }

  get view(): RankedView {
    return this.v;
  }

  /** Listens to every change; returns what stops listening. */
  subscribe(listener: (v: RankedView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The server's clock now, as well as the client knows it (a puzzle's running time). */
  elapsedMs(): number {
    const b = this.v.confirmed;
    if (b.over || this.v.result) return b.elapsedMs;
    return this.v.clock.ms + Math.max(0, this.now() - this.v.clock.at);
  }

  /**
   * A 2048 move: its slide shown at once and sent (or queued behind the move on its way).
   * `ok(false)` when nothing slides that way (nothing is sent); refused with a sentence while
   * the connection is not open, once the game is over, or for a puzzle game.
   */
  move(d: Direction): Result<boolean, RankedRefusal> {
    if (!isDirection(d)) return this.refuse('bad-move', `${String(d)} is not a direction`);
    if (this.confirmed.kind !== '2048') {
      return this.refuse('wrong-kind', 'this is a puzzle: move a tile');
    }
    const offline = this.offline();
    if (offline) return offline;
    if (this.sent) {
      if (this.queue.length >= QUEUE_MAX) {
        return this.refuse('busy', 'waiting for the server’s tile: too many moves ahead of it');
      }
      this.queue.push(d);
      this.update({ queued: this.queue.length });
      return ok(true);
    }
    return ok(this.send2048(d));
  }

  /**
   * A puzzle move (the tile to slide, with those between it and the blank): shown and sent at
   * once. `ok(false)` when that tile cannot move (nothing is sent); refused like {@link move}.
   */
  moveTile(tile: number): Result<boolean, RankedRefusal> {
    if (this.confirmed.kind !== 'puzzle') {
      return this.refuse('wrong-kind', 'this is a 2048 game: move in a direction');
    }
    const offline = this.offline();
    if (offline) return offline;
    const shown = this.puzzle!;
    const max = this.confirmed.size * this.confirmed.size - 1;
    if (!Number.isInteger(tile) || tile < 1 || tile > max) {
      return this.refuse('bad-move', `a tile is a whole number from 1 to ${max}`);
    }
    const next = moveTile(shown, tile);
    if (next === shown) return ok(false);
    const n = this.confirmed.moves + this.puzzleSent.length + 1;
    this.puzzleSent.push({ n, tile, at: this.time.now() });
    this.puzzle = next;
    this.send({ type: 'move', n, tile });
    this.update({ notice: null });
    return ok(true);
  }

  /** Ends the game where it stands (it is ranked as it stands); refused like {@link move}. */
  resign(): Result<true, RankedRefusal> {
    const offline = this.offline();
    if (offline) return offline;
    this.queue = [];
    this.resigning = true;
    this.send({ type: 'resign' });
    this.update({ queued: 0 });
    return ok(true);
  }

  /** Closes the connection (an unfinished game stays the server's: resume it with its token). */
  close(): void {
    if (this.v.status === 'closed') {
      this.link.stop();
      return;
    }
    this.stop('left', null);
  }

  private send2048(d: Direction): boolean {
    const shown = this.game!;
    const slid = slideOnly(shown, d);
    if (slid === shown) return false;
    const n = this.confirmed.moves + 1;
    this.sent = { n, d, slid, at: this.time.now() };
    this.game = slid;
    this.send({ type: 'move', n, d: DIRECTION_LETTERS[d] });
    this.update({ notice: null });
    return true;
  }

  /** The refusal while the connection is not open, or once the game is over; null otherwise. */
  private offline(): Result<never, RankedRefusal> | null {
    const v = this.v;
    if (v.result || v.confirmed.over) return this.refuse('over', 'the game is over');
    if (v.status === 'closed') {
      return this.refuse('closed', `not sent: ${RANKED_CLOSED_SENTENCES[v.closed ?? 'left']}`);
    }
    if (v.status === 'not-answering') return this.refuse('not-answering', NOT_SENT_NOT_ANSWERING);
    if (v.status === 'reconnecting') {
      return this.refuse('reconnecting', `${NOT_SENT_DROPPED} (reconnecting…)`);
    }
    if (v.status === 'connecting' || !this.synced) {
      return this.refuse('connecting', 'not sent: still connecting to the server');
    }
    return null;
  }

  private refuse(code: RankedRefusal['code'], message: string): Result<never, RankedRefusal> {
    this.update({ notice: message });
    return err({ code, message });
  }

  private stop(why: RankedClosed, sentence: string | null): void {
    this.link.stop();
    this.update({ status: 'closed', closed: why, notice: sentence });
  }

  /** The server went silent (its socket still open), or spoke again. */
  private quiet(silent: boolean): void {
    if (silent && this.v.status === 'open') {
      this.update({ status: 'not-answering', notice: NOT_ANSWERING_SENTENCE });
    } else if (!silent && this.v.status === 'not-answering') {
      this.update({ status: 'open', notice: null });
    }
  }

  /** How many moves the screen says wait for the server (0 while the oldest is recent). */
  private waitingNow(pending: number): number {
    const waits = pending + this.queue.length;
    if (waits === 0) {
      this.since = null;
      return 0;
    }
    if (this.since === null) {
      this.since = this.time.now();
      const since = this.since;
      this.time.after(WAITING_AFTER_MS + 1, () => {
        if (this.since === since) this.update({});
      });
    }
    return this.time.now() - this.since >= WAITING_AFTER_MS ? waits : 0;
  }

  /** The socket closed, not by {@link stop}: true to connect again. */
  private dropped(code: number): boolean {
    this.synced = false;
    const final = FINAL.get(code);
    if (final) {
      this.stop(final, RANKED_CLOSED_SENTENCES[final]);
      return false;
    }
    if (this.v.result) {
      // Over and said: nothing to reconnect for.
      this.stop('left', null);
      return false;
    }
    if (this.everSynced) this.update({ status: 'reconnecting', notice: RANKED_RECONNECTING });
    return true;
  }

  private send(m: RankedClientMessage): void {
    this.link.send(m);
  }

  private receive(m: RankedServerMessage): void {
    switch (m.type) {
      case 'state': {
        this.takeState(m.board, m.result, m.t ?? m.board.elapsedMs);
        // Told once each time the server failed during the game (a resumed game included).
        const times = m.interruptions ?? 0;
        if (times > this.interruptions) {
          this.interruptions = times;
          this.update({ notice: interruptedSentence(m.interruptedMs ?? 0) });
        }
        return;
      }
      case 'moved':
        if (this.confirmed.kind === '2048') this.moved2048(m);
        else this.movedPuzzle(m);
        return;
      case 'refused':
        this.rollback(m.message);
        return;
      case 'over':
        this.resigning = false;
        this.sent = null;
        this.queue = [];
        this.puzzleSent = [];
        this.update({ result: m.result, pending: 0, queued: 0 });
        return;
      case 'error':
        this.update({ notice: m.message });
        return;
    }
  }

  /** The server's board (after hello): moves it had not taken are sent again, same numbers. */
  private takeState(board: RankedBoard, result: RankedResult | null, t: number): void {
    this.link.welcomed();
    this.synced = true;
    this.everSynced = true;
    this.confirmed = board;
    const live = !board.over && result === null;
    if (board.kind === '2048') {
      const base = gameOfBoard(board);
      this.game = base;
      const again = this.sent;
      this.sent = null;
      if (!live) this.queue = [];
      // The move the server had not taken, again (if it still slides), else the next queued.
      const resent = live && again !== null && again.n > board.moves && this.send2048(again.d);
      if (!resent) this.drainQueue();
    } else {
      let shown = puzzleOfBoard(board);
      const again = live ? this.puzzleSent.filter((p) => p.n > board.moves) : [];
      this.puzzleSent = [];
      // Numbered on from the server's count (the same numbers, unless the server lost moves it
      // had answered: a server killed outright, whose board is then the one shown).
      for (const p of again) {
        const next = moveTile(shown, p.tile);
        if (next === shown) break;
        shown = next;
        const n = board.moves + this.puzzleSent.length + 1;
        this.puzzleSent.push({ n, tile: p.tile, at: p.at });
        this.send({ type: 'move', n, tile: p.tile });
      }
      this.puzzle = shown;
    }
    if (live && this.resigning) this.send({ type: 'resign' });
    this.update({
      status: 'open',
      closed: null,
      notice: null,
      result,
      clock: { ms: t, at: this.now() },
    });
  }

  private moved2048(m: Extract<RankedServerMessage, { type: 'moved' }>): void {
    const sent = this.sent;
    if (!sent || sent.n !== m.n) return; // an answer again to a move already counted
    this.sent = null;
    let game = sent.slid;
    if (m.tile) {
      const placed = placeTile(game, { row: m.tile.row, col: m.tile.col }, m.tile.value);
      if (placed.ok) game = placed.value;
    }
    game = { ...game, score: m.score, moves: m.n, over: m.over, won: m.won };
    this.confirmed = {
      ...this.confirmed,
      cells: game.cells,
      score: m.score,
      moves: m.n,
      elapsedMs: m.t,
      over: m.over,
      won: m.won,
    };
    this.game = game;
    this.update({ dealt: m.tile, clock: { ms: m.t, at: this.now() } });
    if (m.over) this.queue = [];
    this.drainQueue();
  }

  /** Sends the first queued 2048 move that slides (those that do not are dropped). */
  private drainQueue(): void {
    while (this.queue.length > 0 && !this.sent && !this.confirmed.over) {
      this.send2048(this.queue.shift()!);
    }
    this.update({ queued: this.queue.length });
  }

  private movedPuzzle(m: Extract<RankedServerMessage, { type: 'moved' }>): void {
    const first = this.puzzleSent[0];
    if (!first || first.n !== m.n) return;
    this.puzzleSent.shift();
    const base = moveTile(puzzleOfBoard(this.confirmed), first.tile);
    this.confirmed = {
      ...this.confirmed,
      tiles: base.tiles,
      score: m.score,
      moves: m.n,
      elapsedMs: m.t,
      over: m.over,
      won: m.won,
    };
    if (this.puzzleSent.length === 0) this.puzzle = { ...this.puzzle!, moves: m.score };
    this.update({ clock: { ms: m.t, at: this.now() } });
  }

  /** A move refused: the server's board again, and nothing of yours on top. */
  private rollback(message: string): void {
    this.sent = null;
    this.queue = [];
    this.puzzleSent = [];
    if (this.confirmed.kind === '2048') this.game = gameOfBoard(this.confirmed);
    else this.puzzle = puzzleOfBoard(this.confirmed);
    this.update({ notice: message, queued: 0 });
  }

  private update(p: Partial<RankedView>): void {
    const pending = this.confirmed.kind === '2048' ? (this.sent ? 1 : 0) : this.puzzleSent.length;
    this.v = {
      ...this.v,
      ...p,
      confirmed: this.confirmed,
      board: this.shownBoard(),
      game: this.game,
      puzzle: this.puzzle,
      pending,
      waiting: this.waitingNow(pending),
    };
    this.o.onChange?.(this.v);
    for (const l of this.listeners) l(this.v);
  }

  /** The board shown, as a RankedBoard. */
  private shownBoard(): RankedBoard {
    const c = this.confirmed;
    if (c.kind === '2048' && this.game) {
      const g = this.game;
      return { ...c, cells: g.cells, score: g.score, moves: g.moves };
    }
    if (c.kind === 'puzzle' && this.puzzle) {
      const p = this.puzzle;
      return {
        ...c,
        tiles: p.tiles,
        score: p.moves,
        moves: c.moves + this.puzzleSent.length,
        won: p.solved,
      };
    }
    return c;
  }
}
