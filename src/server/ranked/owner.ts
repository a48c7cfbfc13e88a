/**
 * One ranked game's owner: the only object of this process that plays the game, under the
 * epoch its take raised (store.ts). It takes commands — a connection's hello, its messages,
 * its close, the end of the game, the news that its moves were stored, that another process
 * took the game, or that the database failed — and changes only its own state.
 *
 * An answer means stored: a move is applied by the engine at once (the tile it deals is then
 * fixed), but its answer waits in the owner's outbox until the move is written
 * ({@link RankedOwner.stored}); answers go out in the order their moves came. A move that was
 * never stored was never answered, so no client sees a tile that is not part of the game.
 */
import {
  RANKED_CLOSE,
  type RankedClientMessage,
  type RankedResult,
  type RankedServerMessage,
} from '../../net/ranked.ts';
import type { RankedGame } from './game.ts';
import type { StoredGame } from './store.ts';

/** The socket of a player, as the games see it. */
export interface RankedPeer {
  send(m: RankedServerMessage): void;
  /** Sends a message written as JSON already (what a relayed socket's owner sent it). */
  sendText(text: string): void;
  close(code: number, reason: string): void;
}

/** What an owner needs of its process. */
export interface OwnerPort {
  readonly now: () => number;
  /** A commit of this owner's unwritten moves, soon (with this event-loop turn's others). */
  commitSoon(owner: RankedOwner): void;
  /** Resolves once every move taken until now is written (or could not be). */
  committed(): Promise<void>;
  /** Ranks the game where it stands (`reason`) and stores its end: the result. */
  rank(owner: RankedOwner, reason: RankedResult['reason']): Promise<RankedResult>;
  /** A result as a client may see it (a ranked daily's code withheld while its day lasts). */
  shown(owner: RankedOwner, r: RankedResult): Promise<RankedResult>;
  /** The owner is done in this process (ended, lost, or let go). */
  forget(owner: RankedOwner): void;
  /** The owner is gone after a fault: its next take pauses the game's clock. */
  broken(owner: RankedOwner): void;
  /** The owner's connection closed: write its moves and let the game go. */
  letGo(owner: RankedOwner): Promise<void>;
}

interface Outgoing {
  /** Sent once this many moves are written. */
  readonly needs: number;
  readonly peer: RankedPeer;
  readonly m: RankedServerMessage;
}

/** How long moves may wait for a database that fails before the owner gives up (ms). */
export const STORE_GIVE_UP_MS = 10_000;

export class RankedOwner {
  peer: RankedPeer | null = null;
  /** Moves written to the database. */
  written: number;
  /** When the database last heard it is played (connected, not moving). */
  touchedAt: number;
  /** When this process took it (performance.now()). */
  readonly takenAt = performance.now();
  ending: Promise<RankedResult> | null = null;
  /** Lost to another process, given up after a fault, or let go: it acts no more. */
  gone = false;
  /** Since when the writes of its moves fail (performance.now()), or null. */
  private failingSince: number | null = null;
  private outbox: Outgoing[] = [];

  constructor(
    readonly game: RankedGame,
    readonly epoch: number,
    public tokenHash: string,
    /** Time left out of the game's clock after server faults (ms), and how many times. */
    readonly paused: Pick<StoredGame, 'pausedMs' | 'interruptedMs' | 'interruptions'>,
    private readonly port: OwnerPort,
  ) {
    this.written = game.taken;
    this.touchedAt = port.now();
  }

  get id(): string {
    return this.game.setup.id;
  }

  /** The game's clock: the server's time from the deal, less what faults took (ms). */
  clock(): number {
    return this.port.now() - this.game.setup.dealtMs - this.paused.pausedMs;
  }

  /** Moves taken that are not written yet. */
  get unwritten(): number {
    return this.game.taken - this.written;
  }

  /** A connection opened the game: the state once every move taken is stored. */
  async hello(peer: RankedPeer): Promise<void> {
    if (this.peer && this.peer !== peer) {
      this.peer.close(RANKED_CLOSE.replaced, 'the game was opened on another connection');
    }
    this.peer = peer;
    // The state may show only stored moves: the tiles of the others are not given yet.
    if (this.unwritten > 0) await this.port.committed();
    if (this.gone || this.peer !== peer) return;
    if (this.unwritten > 0) {
      peer.close(1011, 'the server could not store the game: connect again shortly');
      return;
    }
    const result = this.ending ? await this.ending.catch(() => null) : null;
    if (this.peer !== peer) return;
    const { interruptedMs, interruptions } = this.paused;
    peer.send({
      type: 'state',
      board: this.game.board(),
      result: result && (await this.port.shown(this, result)),
      t: result ? this.game.board().elapsedMs : this.clock(),
      ...(interruptions > 0 ? { interruptedMs, interruptions } : {}),
    });
  }

  /** A message of the connection (after its hello). */
  async act(peer: RankedPeer, m: RankedClientMessage): Promise<void> {
    if (this.peer !== peer || this.gone) return;
    if (m.type === 'hello') {
      peer.close(RANKED_CLOSE.badMessage, 'hello once');
      return;
    }
    if (m.type === 'resign') {
      if (!this.ending) await this.finish('resigned');
      return;
    }
    if (this.ending) {
      this.answer(peer, this.game.taken, {
        type: 'refused',
        n: m.n,
        code: 'over',
        message: 'the game is over',
      });
      return;
    }
    const before = this.game.taken;
    const answer = this.game.move(m.n, 'd' in m ? { d: m.d } : { tile: m.tile }, this.clock());
    // A move's answer (taken now or before) waits for the move; a refusal for those before it.
    this.answer(peer, answer.type === 'moved' ? answer.n : this.game.taken, answer);
    if (this.game.taken > before) {
      this.port.commitSoon(this);
      if (this.game.over) await this.finish('play');
    }
  }

  /** An answer (a move refused past the socket's rate) sent after those of the moves before it. */
  inTurn(peer: RankedPeer, m: RankedServerMessage): void {
    this.answer(peer, this.game.taken, m);
  }

  private answer(peer: RankedPeer, needs: number, m: RankedServerMessage): void {
    this.outbox.push({ needs, peer, m });
    this.drain();
  }

  /** Sends what the moves written allow, in order. */
  private drain(): void {
    while (this.outbox.length > 0 && this.outbox[0]!.needs <= this.written) {
      const o = this.outbox.shift()!;
      if (o.peer === this.peer) o.peer.send(o.m);
    }
  }

  /** The moves up to `upTo` are stored: their answers go out. */
  stored(upTo: number): void {
    this.failingSince = null;
    this.written = Math.max(this.written, upTo);
    this.drain();
  }

  /**
   * The moves could not be written (the database failed): they wait, and are written with the
   * next commit; past {@link STORE_GIVE_UP_MS} the owner gives up — its unanswered moves were
   * never taken as far as anyone knows — and its connection connects again.
   */
  failed(): void {
    if (this.unwritten === 0) return;
    const at = performance.now();
    this.failingSince ??= at;
    if (at - this.failingSince < STORE_GIVE_UP_MS) return;
    this.port.broken(this);
    this.drop(1011, 'the server could not store your moves: connect again shortly');
  }

  /** Another process took the game: this owner goes, and its connection connects there. */
  lost(): void {
    if (this.ending) return;
    this.drop(RANKED_CLOSE.goingAway, 'the game moved to another server process');
  }

  private drop(code: number, reason: string): void {
    if (this.gone) return;
    this.gone = true;
    this.outbox = [];
    this.port.forget(this);
    const peer = this.peer;
    this.peer = null;
    peer?.close(code, reason);
  }

  /** The connection closed: its game is written and let go (unless another has it). */
  async left(peer: RankedPeer): Promise<void> {
    if (this.peer !== peer) return;
    this.peer = null;
    this.outbox = this.outbox.filter((o) => o.peer !== peer);
    if (this.ending || this.gone) return;
    await this.port.letGo(this);
  }

  /** Ends the game where it stands, ranks it and says so. */
  finish(reason: RankedResult['reason']): Promise<RankedResult> {
    // An end that failed (the database away) is tried again by the next resign, hello or sweep.
    this.ending ??= this.port.rank(this, reason).then(
      async (result) => {
        const peer = this.peer;
        if (peer)
          this.answer(peer, this.game.taken, {
            type: 'over',
            result: await this.port.shown(this, result),
          });
        this.port.forget(this);
        return result;
      },
      (e: unknown) => {
        this.ending = null;
        throw e;
      },
    );
    return this.ending;
  }
}
