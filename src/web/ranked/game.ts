/**
 * What both ranked screens (2048 and the puzzle) do around their board: take the game kept in
 * this browser, run it through the ranked game's controller (front/online/controllerRanked.ts,
 * the terminal's and line mode's too) once the server is found, keep its latest board and, at
 * the end, what the server ranked (so a reload shows the end again), and the screen's buttons:
 * Resign (pressed twice: the controller's question and its answer), Play ranked again (not after
 * the day's ranked daily), and the leaderboards at the game's board.
 */

import type { Direction } from '../../engine/types.ts';
import { ControllerRanked, type RankedPort } from '../../front/online/controllerRanked.ts';
import { initialModelRanked } from '../../front/online/modelRanked.ts';
import { holdSentence, RESIGNING, rankedName } from '../../front/online/rankedWords.ts';
import type { RankedBoard } from '../../net/ranked.ts';
import {
  gameOfBoard,
  puzzleOfBoard,
  type RankedClient,
  type RankedView,
} from '../../net/rankedClient.ts';
import type { AppContext, BoardPick } from '../context.ts';
import type { Online } from '../leaderboards/online.ts';
import { dayOf } from '../leaderboards/words.ts';
import type { RankedAction, RankedEnd } from '../ui/rankedEnd.ts';
import { asSentence, closedSentence, gone } from './client.ts';
import { clearSlot, type KeptRanked, type RankedSlot, readSlot, writeSlot } from './slots.ts';
import { endText, rankedGoal } from './words.ts';

/** What a ranked screen asks of the app. */
export interface RankedApp {
  /** The leaderboard server, once looked for (null: none). */
  findServer(): Promise<Online | null>;
  /** Starts another ranked game of this kind (the card's Play ranked). */
  again(slot: RankedSlot): void;
  /** Goes to the home screen saying `notice`, or to the leaderboards. */
  go(to: 'home' | 'leaderboards', notice?: string): void;
  /** Opens the leaderboards at the board a ranked game was ranked on. */
  boards(pick: BoardPick): void;
}

/** What the screen does for the game: connect, draw, show the end, title, mount. */
export interface RankedHooks {
  connect(server: string, kept: KeptRanked, onChange: (v: RankedView) => void): RankedClient | null;
  shown(v: RankedView): void;
  end(end: RankedEnd | null): void;
  title(text: string, goal: string): void;
  mount(): void;
}

/** No ranked game of this kind in this browser: the screen goes home and says so. */
export const NO_GAME =
  'No ranked game is being played here: start one with Play ranked on its card.';

/** How long a first press of Resign waits for the second (ms). */
const RESIGN_MS = 5000;

/** The view of a game kept as ended (no client: nothing to send). */
export function endedView(kept: KeptRanked, board: RankedBoard, now: number): RankedView {
  return {
    status: 'closed',
    id: kept.id,
    confirmed: board,
    board,
    game: board.kind === '2048' ? gameOfBoard(board) : null,
    puzzle: board.kind === 'puzzle' ? puzzleOfBoard(board) : null,
    dealt: null,
    pending: 0,
    queued: 0,
    clock: { ms: board.elapsedMs, at: now },
    result: kept.result,
    notice: null,
    closed: 'left',
  };
}

/**
 * The end dialog of a game: its lines, and its replay when the server gave its code (a ranked
 * daily's only once its day is over: its replay would show the day's tiles to players still to
 * play it).
 */
export function endOf(board: RankedBoard, v: RankedView, now: number): RankedEnd | null {
  const r = v.result;
  if (!r) return null;
  const replay = r.code === null ? null : `#replay=${encodeURIComponent(r.code)}`;
  return { ...endText(board, r, dayOf(now)), replay, again: board.day === null };
}

export class RankedGame {
  /** The game's loop, once connected. */
  private controller: ControllerRanked | null = null;
  /** Its client (for the puzzle's running clock). */
  client: RankedClient | null = null;
  /** A connection asking the server again for an ended ranked daily's withheld code. */
  private asking: RankedClient | null = null;
  /** The screen's own sentence (Resign pressed once, a notice from the start), or null. */
  said: string | null = null;
  private kept: KeptRanked | null = null;
  private status: RankedView['status'] = 'connecting';
  private entries = 0;
  private resignArmed: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly app: RankedApp,
    private readonly slot: RankedSlot,
    private readonly hooks: RankedHooks,
  ) {}

  /** Shows the game kept in this browser and connects to it (none: home, saying so). */
  enter(): void {
    const entry = ++this.entries;
    this.close();
    const kept = readSlot(this.ctx.kv, this.slot);
    if (!kept?.board) {
      this.app.go('home', NO_GAME);
      return;
    }
    const board = kept.board;
    this.kept = kept;
    this.said = this.ctx.takeNotices();
    this.status = 'connecting';
    const title = rankedName(kept.kind, kept.size, kept.daily);
    document.title = `${title} · slidebox`;
    this.hooks.mount();
    this.hooks.title(title, rankedGoal(board));
    if (kept.result) {
      let v: RankedView;
      try {
        v = endedView(kept, board, Date.now());
      } catch {
        this.app.go('home', NO_GAME);
        return;
      }
      this.hooks.end(endOf(board, v, Date.now()));
      this.hooks.shown(v);
      if (kept.result.code === null) this.askCode(entry, kept, board);
      return;
    }
    this.hooks.end(null);
    void this.app.findServer().then((online) => {
      if (entry !== this.entries) return;
      if (!online) {
        this.said =
          'The server cannot be reached now: your ranked game waits there. Reload to try again.';
        this.ctx.live(this.said);
        return;
      }
      let heard: ((v: RankedView) => void) | null = null;
      const client = this.hooks.connect(online.client.base, kept, (v) => heard?.(v));
      if (!client) {
        this.app.go('home', NO_GAME);
        return;
      }
      this.client = client;
      const port: RankedPort = client;
      let last: { view: RankedView | null; refused: boolean } = { view: null, refused: false };
      this.controller = new ControllerRanked({
        model: initialModelRanked(kept.kind),
        connect: (onChange) => {
          heard = onChange;
          return port;
        },
        onChange: (m) => {
          // Drawn once for each new view or refusal.
          if (!m.view || (m.view === last.view && m.refused === last.refused)) return;
          last = { view: m.view, refused: m.refused };
          this.changed(m.view);
        },
      });
      this.controller.start();
    });
  }

  /** The client's view (null before it connects). */
  get view(): RankedView | null {
    return this.controller?.model.view ?? null;
  }

  /** A key was pressed while the connection was not open (the notice says nothing was sent). */
  get wasRefused(): boolean {
    return this.controller?.model.refused ?? false;
  }

  /** Slides 2048's board. */
  move(dir: Direction): void {
    if (this.view && !this.view.result) this.controller?.dispatch({ type: 'move', dir });
  }

  /** Slides a puzzle's tile; true when the board shown changed. */
  moveTile(tile: number): boolean {
    const before = this.view?.board;
    if (!before || this.view?.result) return false;
    this.controller?.dispatch({ type: 'tile', tile });
    return this.view?.board !== before;
  }

  leave(): void {
    this.entries++;
    this.close();
  }

  private close(): void {
    this.controller?.close();
    this.controller = null;
    this.client = null;
    this.asking?.close();
    this.asking = null;
    this.disarm();
  }

  /**
   * An ended ranked daily kept without its code (the server withholds it while the day lasts):
   * the server is asked again with the game's token, and once the day is over it gives the
   * code, kept here and shown with the end's Replay. Asked once each time the screen is shown.
   */
  private askCode(entry: number, kept: KeptRanked, board: RankedBoard): void {
    void this.app.findServer().then((online) => {
      if (!online || entry !== this.entries) return;
      let client: RankedClient | null = null;
      const done = () => {
        client?.close();
        if (this.asking === client) this.asking = null;
      };
      client = this.hooks.connect(online.client.base, kept, (v) => {
        if (entry !== this.entries) return done();
        if (v.status === 'closed') return done();
        if (!v.result) return;
        done();
        if (v.result.code === null) return;
        this.kept = { ...kept, result: v.result };
        writeSlot(this.ctx.kv, this.kept);
        const shown = endedView(this.kept, board, Date.now());
        this.hooks.end(endOf(board, shown, Date.now()));
        this.hooks.shown(shown);
      });
      this.asking = client;
    });
  }

  /** A ranked button pressed. */
  action(a: RankedAction): void {
    if (a === 'again') {
      if (this.kept?.daily !== true) this.app.again(this.slot);
    } else if (a === 'boards') {
      const k = this.kept;
      if (!k) this.app.go('leaderboards');
      else {
        this.app.boards({
          board: k.daily ? `daily-${k.kind}` : k.kind,
          size: k.size,
          target: k.target,
          day: k.daily ? (k.board?.day ?? null) : null,
        });
      }
    } else this.resign();
  }

  /**
   * Resign, pressed twice within a few seconds: the game ends as it stands. The first press is
   * the controller's question, the second its answer.
   */
  private resign(): void {
    const c = this.controller;
    const v = c?.model.view;
    if (!c || !v || v.result) return;
    if (!this.resignArmed) {
      this.resignArmed = setTimeout(() => this.disarm(true), RESIGN_MS);
      c.dispatch({ type: 'resign' });
      this.say('Press Resign again to end this ranked game as it stands.');
      return;
    }
    this.disarm();
    c.dispatch({ type: 'resign-confirmed' });
    if (c.model.resigning) this.say(RESIGNING);
    else this.say(null);
  }

  private disarm(redraw = false): void {
    if (this.resignArmed) clearTimeout(this.resignArmed);
    this.resignArmed = null;
    if (redraw) {
      this.controller?.dispatch({ type: 'cancel' });
      this.say(null);
    }
  }

  private say(text: string | null): void {
    this.said = text;
    if (text) this.ctx.live(text);
    const v = this.view;
    if (v) this.hooks.shown(v);
  }

  /** The client changed: kept, the end shown once it comes, drawn. */
  private changed(v: RankedView): void {
    const kept = this.kept;
    if (!kept) return;
    if (v.status !== this.status) {
      this.status = v.status;
      const hold = holdSentence(v.status, false, closedSentence(v));
      if (hold && !v.result) this.ctx.live(asSentence(hold));
      if (gone(v)) clearSlot(this.ctx.kv, this.slot);
    }
    const board = v.confirmed;
    if (v.result && !kept.result) {
      this.kept = { ...kept, board, result: v.result };
      writeSlot(this.ctx.kv, this.kept);
      this.said = null;
      const end = endOf(board, v, Date.now());
      this.hooks.end(end);
      if (end) this.ctx.live(`${end.title} ${end.lines.join(' ')}`);
    } else if (gone(v)) {
      this.kept = null;
    } else if (board.moves !== kept.board?.moves || board.over !== kept.board?.over) {
      this.kept = { ...kept, board };
      writeSlot(this.ctx.kv, this.kept);
    }
    if (this.said === RESIGNING && v.status !== 'open') this.said = null;
    this.hooks.shown(v);
  }
}
