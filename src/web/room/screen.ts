/**
 * The online room screen of the web app (`#room=CODE`): the room client over the browser's
 * WebSocket, with the seat token kept in this browser (a reload takes the seat back; without
 * one a free seat is taken under the player's name, asked for the first time, else the page
 * watches), the keys and swipes of your own side only, and the room drawn after every change
 * with the forfeit countdowns ticking. The server referees: the client shows your own actions
 * at once and the server's order wins.
 */
import type { Direction, Pos } from '../../engine/types.ts';
import { bare, keyDirection } from '../../front/keymap.ts';
import { keyDuel } from '../../front/keymapMatch.ts';
import { type CommandDuel, updateDuel } from '../../front/modelDuel.ts';
import { emptyRoomView, RoomClient, type RoomView, type SocketLike } from '../../net/roomClient.ts';
import { type AppContext, MOVE_MS, type RoomServer } from '../context.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { shareReplay } from '../ui/share.ts';
import { announceRoom, attacksLanded } from './announce.ts';
import { roomLink, roomOfHash } from './link.ts';
import { forgetSeat, loadSeat, saveSeat } from './seats.ts';
import { duelModel, roomTitle } from './shown.ts';
import { lookAtRoom, NAME_TEXT } from './start.ts';
import { ViewRoom } from './view.ts';

/** The browser's own WebSocket, as the room client takes it. */
const browserSocket = (url: string): SocketLike => new WebSocket(url) as unknown as SocketLike;

const MIDDLE: Pos = { row: 1, col: 1 };

export class ScreenRoom {
  private readonly view: ViewRoom;
  private client: RoomClient | null = null;
  private code = '';
  private last: RoomView = emptyRoomView('connecting', null);
  private cursor: Pos = MIDDLE;
  /** Counts entries, so that a join still under way for a screen left is dropped. */
  private entries = 0;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly findServer: () => Promise<RoomServer | null>,
  ) {
    this.view = new ViewRoom({
      menu: () => ctx.home(),
      copyLink: () => this.copyLink(),
      rematch: () => this.client?.offerRematch(),
      share: () => this.share(),
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
    this.view.reset(this.ctx.takeNotices());
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
    if (v.you === null || !v.match || !this.client) return false;
    if (v.result) {
      if (k !== 'r') return false;
      this.client.offerRematch();
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
        this.show(emptyRoomView('closed', `No room has the code ${code} (it may have expired).`));
        return;
      }
      // A free seat (or a server that did not say): it is taken under the player's name.
      if (look?.free !== false) name = await online.name(NAME_TEXT);
      if (entry !== this.entries) return;
    }
    const watch = !seat && name === null;
    let welcomed = false;
    this.client = new RoomClient({
      server: online.client.base,
      room: code,
      seat,
      ...(name ? { name } : {}),
      watch,
      socket: browserSocket,
      onChange: (v) => {
        welcomed ||= v.room !== null;
        // A kept seat the room refused before any welcome (the room is gone): forget it.
        if (v.status === 'closed' && seat && !welcomed) forgetSeat(this.ctx.kv, code);
        this.show(v);
      },
      onSeat: (token) => {
        const said = saveSeat(this.ctx.kv, code, token);
        if (said) this.view.say(said);
      },
    });
  }

  private close(): void {
    this.client?.close();
    this.client = null;
    this.tick(false);
  }

  /** Draws the room as the client now sees it, and says what changed. */
  private show(v: RoomView): void {
    const before = this.last;
    this.last = v;
    if (v.matchNo !== before.matchNo) this.cursor = MIDDLE;
    document.title = roomTitle(v, this.code || 'not found');
    this.draw(reducedMotion() ? 0 : MOVE_MS, attacksLanded(before, v));
    const said = announceRoom(before, v);
    if (said) this.ctx.live(said);
    this.tick(v.seats.some((s, i) => i !== v.you && s.forfeitAt !== null) && !v.result);
  }

  private draw(ms: number, attacked: readonly [boolean, boolean] = [false, false]): void {
    this.view.render(this.last, {
      code: this.code,
      now: Date.now(),
      ms,
      attacked,
      cursor: this.cursor,
    });
  }

  /** Redraws every second while a seat's forfeit is counted down. */
  private tick(on: boolean): void {
    if (on && !this.ticker) this.ticker = setInterval(() => this.draw(0), 1000);
    else if (!on && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private slide(dir: Direction): void {
    this.client?.act({ kind: 'slide', dir });
  }

  /** A duel command from a key or a tap; true when it is one of the room's. */
  private duelCommand(cmd: CommandDuel): boolean {
    const v = this.last;
    if (v.match?.kind !== 'duel' || v.you === null) return false;
    if (cmd.type === 'slide') this.slide(cmd.dir);
    else if (cmd.type === 'place') {
      const at = cmd.at ?? this.cursor;
      this.client?.act({ kind: 'place', row: at.row, col: at.col, value: cmd.value });
    } else if (cmd.type === 'cursor' || cmd.type === 'cursor-at') {
      this.cursor = updateDuel(duelModel(v.match.duel, v.you, this.cursor), cmd, () => 0).cursor;
      this.draw(0);
    } else return false;
    return true;
  }

  private copyLink(): void {
    const link = roomLink(this.code);
    const byHand = () => {
      this.view.say('The browser did not let this page copy the link: copy it from here.');
      this.view.showLink(link);
    };
    try {
      navigator.clipboard
        .writeText(link)
        .then(() => this.view.say('Link copied: send it to the other player.'), byHand);
    } catch {
      byHand();
    }
  }

  private share(): void {
    const code = this.last.result?.code;
    if (!code) return;
    void shareReplay(code, 'An online match on slidebox').then((s) => this.view.say(s));
  }
}
