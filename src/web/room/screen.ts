/**
 * The online room screen of the web app (`#room=CODE`): the room client over the browser's
 * WebSocket, with the seat token kept in this browser (a reload takes the seat back; without
 * one a free seat is taken under the player's name, asked for the first time, else the page
 * watches), the keys and swipes of your own side only, and the room drawn after every change
 * with the forfeit countdowns ticking. The server referees: the client shows your own actions
 * at once and the server's order wins. While the connection is down, or the seat was opened in
 * another tab or window, nothing is sent: keys, swipes and taps change nothing, the boards show
 * what the server took, and the notice says why until it is over (a replaced page offers to take
 * the seat back).
 */

import type { Direction, Pos } from '../../engine/types.ts';
import { bare, keyDirection } from '../../front/keymap.ts';
import { keyDuel } from '../../front/keymapMatch.ts';
import { type CommandDuel, updateDuel } from '../../front/modelDuel.ts';
import { RoomController } from '../../front/online/controllerRoom.ts';
import { roomModel } from '../../front/online/modelRoom.ts';
import { holdSentence } from '../../front/online/roomWords.ts';
import { SERVER_CHANGED_SENTENCE } from '../../net/linkWords.ts';
import { emptyRoomView, type RoomView, type SocketLike } from '../../net/roomClient.ts';
import type { RoomAction, RoomMatch } from '../../net/rooms.ts';
import { type AppContext, MOVE_MS, type RoomServer } from '../context.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { shareReplay } from '../ui/share.ts';
import { announceRoom, attacksLanded } from './announce.ts';
import { tileWait, waitsForTile } from './dealt.ts';
import { asSentence, type Hold, holdOf, noticeText, type Said, situation } from './hold.ts';
import { roomLink, roomOfHash } from './link.ts';
import { forgetSeat, loadSeat, saveSeat } from './seats.ts';
import { duelModel, roomTitle } from './shown.ts';
import { lookAtRoom, missingRoom, NAME_TEXT } from './start.ts';
import { ViewRoom } from './view.ts';

const browserSocket = (url: string): SocketLike => new WebSocket(url) as unknown as SocketLike;

const MIDDLE: Pos = { row: 1, col: 1 };

export class ScreenRoom {
  private readonly view: ViewRoom;
  private client: RoomController | null = null;
  private code = '';
  private last: RoomView = emptyRoomView('connecting', null);
  private cursor: Pos = MIDDLE;
  /** Counts entries, so that a join still under way for a screen left is dropped. */
  private entries = 0;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private hold: Hold | null = 'connecting';
  /** The screen's own sentence (a refusal, a copied link) and the room it spoke of. */
  private said: Said | null = null;
  /** The match last drawn, your board's cells then, and when your last slide was drawn. */
  private drawn: RoomMatch | null = null;
  private drawnCells = '';
  private slidAt = 0;
  /** A draw put off until your slide is over (its tile came during it). */
  private later: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly findServer: () => Promise<RoomServer | null>,
  ) {
    this.view = new ViewRoom({
      menu: () => ctx.home(),
      copyLink: () => this.copyLink(),
      rematch: () => this.rematch(),
      share: () => this.share(),
      takeBack: () => this.takeBack(),
      duel: (cmd) => this.duelCommand(cmd),
    });
    attachPointer(this.view.arena, { swipe: (dir) => this.slide(dir) });
    attachPointer(this.view.duelParts.board, {
      swipe: (dir) => {
        const m = this.last.match;
        if (m?.kind === 'duel' && m.duel.phase === 'slide') this.slide(dir);
      },
      tap: (_target, x, y) => this.view.duelParts.tapAt(x, y),
    });
  }

  /** Connects to the room the address names. */
  enter(): void {
    const entry = ++this.entries;
    this.close();
    this.ctx.mount(this.view.root);
    this.view.reset();
    const kept = this.ctx.takeNotices();
    this.said = kept ? { text: kept, about: null } : null;
    const read = roomOfHash(location.hash);
    if ('problem' in read) {
      this.code = '';
      this.show(emptyRoomView('closed', read.problem));
      return;
    }
    this.code = read.code;
    this.cursor = MIDDLE;
    this.show(emptyRoomView('connecting', null));
    void this.join(read.code, entry);
  }

  leave(): void {
    this.entries++;
    this.close();
  }

  /** A key pressed on this screen; true when the room took it. */
  key(e: KeyboardEvent): boolean {
    const v = this.last;
    const k = bare(e);
    if (k === 'q' || k === 'Escape') {
      this.ctx.home();
      return true;
    }
    if (k === 't' && this.hold === 'replaced') {
      this.takeBack();
      return true;
    }
    if (v.you === null || !v.match || !this.client) return false;
    if (v.result) {
      if (k !== 'r') return false;
      this.rematch();
      return true;
    }
    if (v.match.kind === 'versus') {
      const dir = keyDirection(e);
      if (dir) this.slide(dir);
      return dir !== null;
    }
    const cmd = keyDuel(e, duelModel(v.match.duel, v.you, this.cursor));
    return cmd !== null && this.duelCommand(cmd);
  }

  /** Takes the seat kept for the room, or a free one under the player's name, or watches. */
  private async join(code: string, entry: number): Promise<void> {
    const online = await this.findServer();
    if (entry !== this.entries) return;
    if (!online) {
      this.show(
        emptyRoomView(
          'closed',
          'Online rooms come with the slidebox server: this page is served without one, or the server cannot be reached now.',
        ),
      );
      return;
    }
    const seat = loadSeat(this.ctx.kv, code);
    let name: string | null = null;
    if (!seat) {
      const look = await lookAtRoom(online.client.base, code);
      if (entry !== this.entries) return;
      if (look?.kind === 'missing') {
        this.show(emptyRoomView('closed', missingRoom(code)));
        return;
      }
      // A free seat (or a server that did not say): it is taken under the player's name.
      if (look?.free !== false) name = await online.name(NAME_TEXT);
      if (entry !== this.entries) return;
    }
    const watch = !seat && name === null;
    const player = name ? online.player()?.key : undefined;
    let welcomed = false;
    this.client = new RoomController({
      server: online.client.base,
      room: code,
      seat,
      ...(name ? { name } : {}),
      ...(player ? { player } : {}),
      watch,
      ports: { socket: browserSocket },
      onChange: ({ view: v }) => {
        // A client left behind (the screen left, the seat taken back) says nothing here.
        if (entry !== this.entries) return;
        welcomed ||= v.room !== null;
        // A kept seat the room refused before any welcome (the room is gone): forget it.
        if (v.status === 'closed' && seat && !welcomed) forgetSeat(this.ctx.kv, code);
        this.show(v);
      },
      onSeat: (token) => {
        const said = saveSeat(this.ctx.kv, code, token);
        if (said) this.say(said, null);
      },
    });
  }

  private close(): void {
    this.client?.close();
    this.client = null;
    if (this.later) clearTimeout(this.later);
    this.later = null;
    this.tick(false);
  }

  /** Draws the room as the client now sees it, and says what changed. */
  private show(v: RoomView): void {
    const before = this.last;
    const held = this.hold;
    this.last = v;
    this.hold = holdOf(v);
    // A refusal or problem the server sent: said while the room stays as it is.
    if (v.status === 'open' && v.notice !== null && v.notice !== before.notice) {
      this.said = { text: asSentence(v.notice), about: situation(v) };
    } else if (
      before.notice === SERVER_CHANGED_SENTENCE &&
      v.notice !== before.notice &&
      this.said?.text === asSentence(SERVER_CHANGED_SENTENCE)
    ) {
      // That the server changed is said until the room changes (a move taken), as everywhere.
      this.said = null;
    }
    if (v.matchNo !== before.matchNo) this.cursor = MIDDLE;
    document.title = roomTitle(v, this.code || 'not found');
    const ms = reducedMotion() ? 0 : MOVE_MS;
    const attacked = attacksLanded(before, v);
    // Your slide's tile, dealt while the slide still moves: drawn once it has stopped.
    const wait =
      this.hold === null ? tileWait(this.drawn, v.match, v.you, this.slidAt, Date.now(), ms) : 0;
    if (this.later) clearTimeout(this.later);
    this.later = null;
    if (wait > 0) {
      this.later = setTimeout(() => {
        this.later = null;
        this.draw(ms, attacked);
      }, wait);
    } else this.draw(ms, attacked);
    const said = [announceRoom(before, v)];
    if (this.hold !== held && v.match) {
      if (
        this.hold === 'not-answering' ||
        this.hold === 'reconnecting' ||
        this.hold === 'replaced'
      ) {
        said.push(holdSentence(this.hold, v, false));
      } else if (this.hold === null && held !== 'connecting' && v.you !== null) {
        said.push('Connected again: your keys play.');
      }
    }
    // The match went on on another server process: said once, to screen readers too.
    if ((v.serverChanges ?? 0) > (before.serverChanges ?? 0) && v.notice) {
      said.push(asSentence(v.notice));
    }
    const words = said.filter(Boolean).join(' ');
    if (words) this.ctx.live(words);
    const away = v.seats.some((s, i) => i !== v.you && s.forfeitAt !== null);
    this.tick((away || Boolean(v.deadline)) && !v.result);
  }

  private draw(ms: number, attacked: readonly [boolean, boolean] = [false, false]): void {
    const room = roomModel(this.last, {
      now: Date.now(),
      refused: this.client?.model.refused ?? false,
    });
    const { view: v, hold, match } = room;
    const cells =
      match?.kind === 'versus' && v.you !== null ? String(match.match.games[v.you].cells) : '';
    if (cells !== this.drawnCells && waitsForTile(match, v.you)) this.slidAt = Date.now();
    this.drawn = match;
    this.drawnCells = cells;
    this.view.render(room, {
      code: this.code,
      now: Date.now(),
      ms,
      attacked,
      cursor: this.cursor,
      notice: noticeText(v, hold, room.refused, this.said),
    });
  }

  /** A sentence of the screen's own, shown while the room stays as it is (`about` null: until the next one). */
  private say(text: string, about: string | null = situation(this.last)): void {
    this.said = { text, about };
    this.draw(0);
  }

  /** Input refused while held: the notice (drawn by the controller's change) and the live region say nothing was sent. */
  private heldBack(): void {
    if (this.hold !== null) this.ctx.live(holdSentence(this.hold, this.last, true));
  }

  /** Plays an action of yours when the room can take it; else says why not. */
  private act(action: RoomAction): void {
    if (!this.client) return;
    // A new move: what was said of the one before (a refusal) is over, drawn with the move.
    if (this.hold === null && this.said?.about != null) this.said = null;
    const done = this.client.act(action);
    if (!done.ok && done.held) this.heldBack();
    else if (!done.ok) this.say(asSentence(done.message));
  }

  private rematch(): void {
    if (!this.client || this.last.you === null) return;
    const done = this.client.rematch();
    if (!done.ok && done.held) this.heldBack();
  }

  /** Plays the seat here again: the tab or window that took it is the one replaced now. */
  private takeBack(): void {
    if (this.hold !== 'replaced' || !this.code) return;
    const entry = ++this.entries;
    this.close();
    this.said = null;
    // The boards stay as the server last had them until the room's state comes.
    this.show({ ...this.last, status: 'connecting', notice: null });
    this.ctx.live('Taking the seat back…');
    void this.join(this.code, entry);
  }

  /** Redraws every second while a seat's forfeit or a duel's decision is counted down. */
  private tick(on: boolean): void {
    if (on && !this.ticker) this.ticker = setInterval(() => this.draw(0), 1000);
    else if (!on && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private slide(dir: Direction): void {
    this.act({ kind: 'slide', dir });
  }

  /** A duel command from a key or a tap; true when it is one of the room's. */
  private duelCommand(cmd: CommandDuel): boolean {
    const v = this.last;
    if (v.match?.kind !== 'duel' || v.you === null) return false;
    if (cmd.type === 'slide') this.slide(cmd.dir);
    else if (cmd.type === 'place') {
      const at = cmd.at ?? this.cursor;
      this.act({ kind: 'place', row: at.row, col: at.col, value: cmd.value });
    } else if (cmd.type === 'cursor' || cmd.type === 'cursor-at') {
      this.cursor = updateDuel(duelModel(v.match.duel, v.you, this.cursor), cmd, () => 0).cursor;
      this.draw(0);
    } else return false;
    return true;
  }

  private copyLink(): void {
    const link = roomLink(this.code);
    const byHand = () => {
      this.say('The browser did not let this page copy the link: copy it from here.');
      this.view.showLink(link);
    };
    try {
      navigator.clipboard
        .writeText(link)
        .then(() => this.say('Link copied: send it to the other player.'), byHand);
    } catch {
      byHand();
    }
  }

  private share(): void {
    const code = this.last.result?.code;
    if (!code) return;
    void shareReplay(code, 'An online match on slidebox').then((s) => this.say(s));
  }
}
