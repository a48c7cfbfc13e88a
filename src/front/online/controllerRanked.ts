/**
 * The loop around a ranked game, for every front-end: the ranked client (src/net/rankedClient.ts)
 * keeps the game as the server deals it — the server's board with your own unanswered moves on
 * it where their outcome is sure, never a tile the server did not deal — and this adds what a
 * screen needs around it: help and the resignation's question, leaving, whether a key was
 * refused while the connection was down (said until it is back), and waiting until nothing is
 * in flight. The client is given (`connect`), so the loop is tested on a scripted socket; the
 * terminal, line mode and the web's ranked screens (web/ranked/game.ts) run it.
 */

import { tileToward } from '../../engine/puzzle.ts';
import type { Result } from '../../engine/result.ts';
import type { Direction } from '../../engine/types.ts';
import type { RankedRefusal, RankedView } from '../../net/rankedClient.ts';
import { bare, type KeyInput, keyDirection } from '../keymap.ts';
import { type ModelRanked, rankedOver } from './modelRanked.ts';

/** What the loop needs of the ranked client. */
export interface RankedPort {
  readonly view: RankedView;
  move(d: Direction): Result<boolean, RankedRefusal>;
  moveTile(tile: number): Result<boolean, RankedRefusal>;
  resign(): Result<true, RankedRefusal>;
  close(): void;
}

/** Makes the client; `onChange` hears every change of its view. */
export type RankedConnect = (onChange: (view: RankedView) => void) => RankedPort;

/** What a key or a line asks of a ranked game. */
export type CommandRanked =
  | { readonly type: 'move'; readonly dir: Direction }
  | { readonly type: 'tile'; readonly tile: number }
  | { readonly type: 'resign' }
  | { readonly type: 'resign-confirmed' }
  | { readonly type: 'help' }
  | { readonly type: 'cancel' }
  | { readonly type: 'quit' };

export interface ControllerRankedOptions {
  readonly model: ModelRanked;
  readonly connect: RankedConnect;
  /** Told after every change; `moved`: the board shown changed because of your command. */
  readonly onChange?: (model: ModelRanked, c: { readonly moved: boolean }) => void;
}

/** Runs one ranked game through its client. */
export class ControllerRanked {
  private current: ModelRanked;
  private port: RankedPort | null = null;
  private closed = false;
  private waiters: (() => void)[] = [];

  constructor(private readonly o: ControllerRankedOptions) {
    this.current = o.model;
  }

  get model(): ModelRanked {
    return this.current;
  }

  /** Makes the client (once): it connects. */
  start(): void {
    if (this.port || this.closed) return;
    this.port = this.o.connect((view) => this.viewChanged(view));
    this.viewChanged(this.port.view);
  }

  dispatch(cmd: CommandRanked): void {
    const m = this.current;
    if (cmd.type === 'quit') this.set({ ...m, quit: true });
    else if (cmd.type === 'help') this.set({ ...m, overlay: 'help' });
    else if (cmd.type === 'cancel') this.set({ ...m, overlay: null });
    else if (cmd.type === 'resign') {
      if (!rankedOver(m) && m.synced) this.set({ ...m, overlay: 'confirm-resign' });
    } else if (cmd.type === 'resign-confirmed') {
      if (rankedOver(m) || m.resigning || !this.port) this.set({ ...m, overlay: null });
      else {
        const r = this.port.resign();
        const sent = r.ok ? { resigning: true } : this.refusal(r);
        this.set({ ...this.current, overlay: null, ...sent });
      }
    } else this.move(cmd);
  }

  /** A move: sent through the client, which shows it at once where its outcome is sure. */
  private move(cmd: Extract<CommandRanked, { type: 'move' | 'tile' }>): void {
    const m = this.current;
    const port = this.port;
    const v = port?.view;
    if (!port || !v || rankedOver(m) || m.resigning) return;
    const before = v.board;
    let r: Result<boolean, RankedRefusal>;
    if (m.kind === '2048') {
      if (cmd.type !== 'move') return;
      r = port.move(cmd.dir);
    } else {
      const tile =
        cmd.type === 'tile' ? cmd.tile : v.puzzle ? tileToward(v.puzzle, cmd.dir, m.invert) : null;
      if (tile === null) return;
      r = port.moveTile(tile);
    }
    const moved = port.view.board !== before;
    this.set({ ...this.current, ...this.refusal(r), ...(moved ? { notice: null } : {}) }, moved);
  }

  /**
   * Resolves once nothing is in flight (no move or resignation unanswered, no key waiting, no
   * result awaited for a game the server ended), or the connection is closed for good.
   */
  settled(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Closes the connection (an unfinished game stays the server's); the last model. */
  close(): ModelRanked {
    if (!this.closed) {
      this.closed = true;
      this.port?.close();
      for (const w of this.waiters.splice(0)) w();
    }
    return this.current;
  }

  /** What a refused command changes: a key while the connection is down is said so. */
  private refusal(r: Result<unknown, RankedRefusal>): Partial<ModelRanked> {
    if (r.ok) return {};
    const down = ['connecting', 'not-answering', 'reconnecting', 'closed'].includes(r.error.code);
    return down ? { refused: true } : {};
  }

  private idle(): boolean {
    const m = this.current;
    const v = m.view;
    if (this.closed || !v || v.status === 'closed' || v.result) return true;
    // Over on the server's board: its result is on its way.
    if (v.confirmed.over) return false;
    return v.pending === 0 && v.queued === 0 && !m.resigning;
  }

  private viewChanged(view: RankedView): void {
    if (this.closed) return;
    const m = this.current;
    const statusChanged = m.view?.status !== view.status;
    this.set(
      {
        ...m,
        view,
        synced: m.synced || view.status === 'open',
        refused: statusChanged ? false : m.refused,
        resigning: view.result ? false : m.resigning,
        overlay: view.result && m.overlay === 'confirm-resign' ? null : m.overlay,
      },
      false,
    );
  }

  private set(m: ModelRanked, moved = false): void {
    this.current = m;
    this.o.onChange?.(m, { moved });
    if (this.idle()) for (const w of this.waiters.splice(0)) w();
  }
}

/**
 * What a key does in a ranked game (arrows, WASD, hjkl slide; x resigns after a y; ? help;
 * q or Esc leaves — the game stays on the server and the same command resumes it). No undo,
 * hint, AI or solver: ranked play has none.
 */
export function keyRanked(k: KeyInput, m: ModelRanked): CommandRanked | null {
  const key = bare(k);
  if (m.overlay === 'confirm-resign') {
    return key === 'y' ? { type: 'resign-confirmed' } : { type: 'cancel' };
  }
  if (m.overlay === 'help') return key === 'q' ? { type: 'quit' } : { type: 'cancel' };
  if (key === 'q' || key === 'Escape') return { type: 'quit' };
  if (rankedOver(m)) return key === 'Enter' ? { type: 'quit' } : null;
  if (key === '?') return { type: 'help' };
  if (key === 'x') return { type: 'resign' };
  const dir = keyDirection(k);
  return dir ? { type: 'move', dir } : null;
}
