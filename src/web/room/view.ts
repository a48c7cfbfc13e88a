/**
 * An online room's screen: the room's code and both seats (name and connection), the code big
 * with Copy link while it waits for the other player, then the same boards as local play
 * (versus: both sides' panels; duel: the duel's board and its lines), the result box with
 * Rematch, Share, Replay and Menu. Names are other players' text: always set as text. Clicks
 * go to the handlers; the view changes nothing itself.
 */

import { formatNumber } from '../../front/format.ts';
import type { CommandDuel } from '../../front/modelDuel.ts';
import type { RoomModel } from '../../front/online/modelRoom.ts';
import { clockText, SIDES, seatName, waitingForPlayer } from '../../front/online/roomWords.ts';
import { PENDING_MARK, SEAT_ELSEWHERE, waitingSentence } from '../../net/linkWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { Side } from '../../net/rooms.ts';
import { button, h, OverlaySlot, setText } from '../ui/dom.ts';
import { DuelBoard } from '../ui/duelBoard.ts';
import { SidePanel } from '../ui/sidePanel.ts';
import { asSentence, type Hold } from './hold.ts';
import { duelModel, duelNames, versusModel } from './shown.ts';

export interface ViewRoomHandlers {
  menu(): void;
  copyLink(): void;
  rematch(): void;
  share(): void;
  /** Takes the seat back from the tab or window that took it. */
  takeBack(): void;
  /** A duel command from its board: a tap on a cell. */
  duel(cmd: CommandDuel): void;
}

/** What the screen adds to the room's model for a picture. */
export interface RoomPicture {
  readonly code: string;
  /** The clock (ms), for the forfeit and duel-decision countdowns. */
  readonly now: number;
  /** How long a move slides (0: none). */
  readonly ms: number;
  /** Which versus boards an attack just landed on. */
  readonly attacked: readonly [boolean, boolean];
  readonly cursor: { readonly row: number; readonly col: number };
  /** The notice line's sentence. */
  readonly notice: string;
}

const KEYS = {
  versus: 'Arrows, WASD or swipe move your board · R rematch · Q or Esc menu',
  duel: 'Your turn to slide: arrows, WASD or swipe · your turn to place: tap an empty cell (the 2/4 toggle picks the tile), or move the cursor with the arrows and press 2 or 4 · R rematch · Q or Esc menu',
  watch: 'You are watching: the boards change as the players move · Q or Esc menu',
  replaced: 'T or Take the seat back plays this seat here again · Q or Esc menu',
  held: 'Your keys do nothing until the connection is back · Q or Esc menu',
  silent: 'Your keys do nothing until the server answers · Q or Esc menu',
};

/** The picture with the model's hold, as the parts below draw it. */
interface Picture extends RoomPicture {
  readonly hold: Hold | null;
}

interface SeatEls {
  readonly root: HTMLElement;
  readonly name: HTMLElement;
  readonly state: HTMLElement;
}

function seatEls(side: Side): SeatEls {
  const n = side + 1;
  const name = h('span', { class: 'seat-name', 'data-testid': `seat-name-${n}` });
  const state = h('span', { class: 'seat-state', 'data-testid': `seat-state-${n}` });
  const root = h(
    'p',
    { class: `seat seat-${n}`, 'data-testid': `seat-${n}` },
    h('span', { class: 'seat-dot', 'aria-hidden': 'true' }),
    name,
    state,
  );
  return { root, name, state };
}

export class ViewRoom {
  readonly root: HTMLElement;
  /** The room's model last drawn. */
  private room: RoomModel | null = null;
  /** Versus: the two boards' area (where swipes move your board). */
  readonly arena: HTMLElement;
  readonly duelParts: DuelBoard;
  private readonly heading = h('h1', {}, 'Online');
  private readonly roomLine = h('span', { class: 'room-line', 'data-testid': 'room-line' });
  private readonly seats: readonly [SeatEls, SeatEls] = [seatEls(0), seatEls(1)];
  private readonly wait: HTMLElement;
  private readonly waitLabel = h('p', { class: 'room-wait-label' }, 'Room code');
  private readonly waitCode = h('p', { class: 'room-code', 'data-testid': 'room-code' });
  private readonly waitText = h('p', { class: 'room-wait-text', 'data-testid': 'room-status' });
  private readonly share: HTMLElement;
  private readonly link: HTMLInputElement;
  private readonly notice = h('p', {
    class: 'notice',
    'data-testid': 'notice',
    role: 'status',
  });
  /** Your actions the server has not answered, once they have waited (not a live region). */
  private readonly waitingLine = h('p', {
    class: 'hint-line net-waiting',
    'data-testid': 'net-waiting',
  });
  /** Shown while the seat is played elsewhere: take it back, or leave. */
  private readonly holdBar = h(
    'div',
    { class: 'room-share room-hold', 'data-testid': 'room-hold', hidden: true },
    button('Take the seat back', {
      action: 'take-back',
      cls: 'btn btn-primary',
      shortcut: 'T',
      title: 'Play this seat here again (the other tab or window stops playing it)',
    }),
    button('Leave', { action: 'menu', title: 'Back to the menu' }),
  );
  private readonly goal = h('p', { class: 'goal', 'data-testid': 'goal' });
  /** A duel's time left for the decision waited for (the server's deadline). */
  private readonly clock = h('p', {
    class: 'room-clock',
    'data-testid': 'room-clock',
    hidden: true,
  });
  private readonly sides: readonly [SidePanel, SidePanel] = [new SidePanel(0), new SidePanel(1)];
  private readonly versusStage: HTMLElement;
  private readonly duelStage: HTMLElement;
  private readonly keysHelp = h('p', { class: 'keys-help' });
  private readonly versusOverlay: OverlaySlot;
  private readonly duelOverlay: OverlaySlot;

  constructor(private readonly on: ViewRoomHandlers) {
    this.arena = h('div', { class: 'arena' }, this.sides[0].root, this.sides[1].root);
    this.versusStage = h('div', { class: 'room-stage', hidden: true }, this.goal, this.arena);
    this.duelParts = new DuelBoard((cmd) => this.on.duel(cmd));
    const d = this.duelParts;
    this.duelStage = h(
      'div',
      { class: 'room-stage', hidden: true },
      h('div', { class: 'room-duel-head' }, d.roles, d.stats),
      d.rounds,
      d.turn,
      this.clock,
      d.wrap,
      d.placeBar,
    );
    this.versusOverlay = new OverlaySlot(this.arena, null);
    this.duelOverlay = new OverlaySlot(d.board, d.board);
    this.link = h('input', {
      type: 'text',
      readonly: true,
      class: 'room-link',
      'aria-label': 'Link to this room',
      'data-testid': 'room-link',
      hidden: true,
    });
    this.share = h(
      'div',
      { class: 'room-share' },
      button('Copy link', { action: 'copy-link', cls: 'btn btn-primary' }),
      this.link,
    );
    this.wait = h(
      'div',
      { class: 'room-wait', 'data-testid': 'room-wait' },
      this.waitLabel,
      this.waitCode,
      this.share,
      this.waitText,
    );
    this.root = this.layout();
    this.listen();
  }

  private layout(): HTMLElement {
    return h(
      'section',
      { class: 'screen screen-room', 'aria-label': 'Online room' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        this.heading,
      ),
      h(
        'div',
        { class: 'room-seats', 'aria-label': 'Players' },
        this.roomLine,
        this.seats[0].root,
        this.seats[1].root,
      ),
      this.notice,
      this.waitingLine,
      this.holdBar,
      this.wait,
      this.versusStage,
      this.duelStage,
      this.keysHelp,
    );
  }

  private listen(): void {
    this.root.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-action]');
      if (!el || !this.root.contains(el)) return;
      const action = el.dataset.action;
      if (action === 'menu') this.on.menu();
      else if (action === 'copy-link') this.on.copyLink();
      else if (action === 'rematch') this.on.rematch();
      else if (action === 'share') this.on.share();
      else if (action === 'take-back') this.on.takeBack();
    });
  }

  /** Forgets what was shown of another room: its link. */
  reset(): void {
    this.link.hidden = true;
    this.link.value = '';
  }

  /** Shows the room's link to select and copy by hand (the clipboard refused). */
  showLink(link: string): void {
    this.link.value = link;
    this.link.hidden = false;
    this.link.focus();
    this.link.select();
  }

  /** Shows the room's model: the match it draws, its seats, its result, its hold. */
  render(room: RoomModel, picture: RoomPicture): void {
    this.room = room;
    const v: RoomView = { ...room.view, match: room.match };
    const p: Picture = { ...picture, hold: room.hold };
    const kind = v.rules?.kind ?? v.room?.rules.kind ?? null;
    setText(
      this.heading,
      kind === 'duel' ? 'Duel online' : kind === 'versus' ? 'Versus online' : 'Online',
    );
    this.root.classList.toggle('screen-versus', kind === 'versus');
    this.root.classList.toggle('screen-duel', kind === 'duel');
    setText(this.roomLine, `Room ${p.code}`);
    this.renderSeats();
    const waitsForPlayer = !v.match || waitingForPlayer(v);
    setText(this.notice, p.notice);
    const waiting = v.waiting ?? 0;
    setText(this.waitingLine, waiting > 0 ? asSentence(waitingSentence(waiting)) : '');
    this.holdBar.hidden = p.hold !== 'replaced';
    this.wait.hidden = !waitsForPlayer;
    this.share.hidden = v.status === 'closed';
    setText(this.waitCode, p.code);
    this.waitLabel.hidden = this.waitCode.hidden = p.code === '';
    setText(this.waitText, waitText(v, p.hold));
    this.versusStage.hidden = waitsForPlayer || v.match?.kind !== 'versus';
    this.duelStage.hidden = waitsForPlayer || v.match?.kind !== 'duel';
    this.keysHelp.hidden = waitsForPlayer;
    setText(this.keysHelp, keysHelp(v, p.hold, kind));
    if (v.match?.kind === 'versus') this.renderVersus(v, p);
    else if (v.match?.kind === 'duel') this.renderDuel(v, p);
  }

  private renderSeats(): void {
    for (const side of SIDES) {
      const els = this.seats[side];
      const seat = this.room!.seats[side];
      setText(els.name, `${seat.name}${seat.you ? ' (you)' : ''}`);
      setText(els.state, seat.state.text);
      els.root.dataset.state = seat.state.kind;
      els.root.classList.toggle('seat-you', seat.you);
    }
  }

  private renderVersus(v: RoomView, p: Picture): void {
    if (v.match?.kind !== 'versus') return;
    const m = versusModel(v.match.match);
    const names: [string, string] = [seatName(v.seats, 0), seatName(v.seats, 1)];
    const pending = pendingShown(v, p.hold);
    for (const s of this.sides) {
      // Your side's keys, while they play it; your moves the server has not taken, marked.
      const mine = v.you === s.side;
      const keys = !mine ? '' : p.hold === null ? 'you · arrows · WASD · swipe' : 'you';
      s.render(
        m,
        p.ms,
        p.attacked[s.side],
        mine && pending ? `${keys} · ${PENDING_MARK}` : keys,
        names,
        // The server's score: a slide drawn ahead adds its points once taken.
        this.room?.scores?.[s.side],
      );
      s.root.classList.toggle('pending', mine && pending);
      s.root.classList.toggle('winner', v.result?.winner === s.side);
      s.root.classList.toggle('mine', v.you === s.side);
    }
    const { target, attackCap } = m.match.rules;
    const cap = attackCap === null ? 'a merge sends its tile' : `attacks up to ${attackCap}`;
    setText(this.goal, `First to ${formatNumber(target)} wins · ${cap} to the other board`);
    this.versusOverlay.show(overlayKind(v, p.hold), () => this.resultBox(v, p.hold));
  }

  private renderDuel(v: RoomView, p: Picture): void {
    if (v.match?.kind !== 'duel') return;
    const duel = duelModel(v.match.duel, v.you, p.cursor);
    this.duelParts.render(duel, p.ms, duelNames(v), this.room?.scores?.[0]);
    this.duelParts.wrap.classList.toggle('pending', pendingShown(v, p.hold));
    const clock = clockText(v, p.now);
    this.clock.hidden = clock === null;
    setText(this.clock, clock ?? '');
    this.duelOverlay.show(overlayKind(v, p.hold), () => this.resultBox(v, p.hold));
  }

  /**
   * The result box: who won and how, the rematch offers, Rematch (players whose seat is
   * connected here), Share, Replay and Menu.
   */
  private resultBox(v: RoomView, hold: Hold | null): HTMLElement {
    const r = v.result!;
    const result = this.room!.result!;
    const offer = hold === null ? this.room!.rematch : null;
    const buttons: HTMLElement[] = [];
    if (v.you !== null && hold === null) {
      const theirs = v.rematch[v.you === 0 ? 1 : 0];
      const rematch = button(theirs ? 'Accept rematch' : 'Rematch', {
        action: 'rematch',
        cls: 'btn btn-primary',
        shortcut: 'R',
      });
      rematch.disabled = v.rematch[v.you];
      buttons.push(rematch);
    }
    buttons.push(
      button('Share', { action: 'share', title: 'Share a link that replays this match' }),
      h('a', { class: 'btn', href: `#replay=${r.code}`, 'data-testid': 'replay-link' }, 'Replay'),
      button('Menu', { action: 'menu' }),
    );
    return h(
      'div',
      { class: 'overlay overlay-over', role: 'dialog', 'aria-labelledby': 'room-result' },
      h(
        'div',
        { class: 'overlay-box' },
        h('h2', { id: 'room-result', 'data-testid': 'result-title' }, result.title),
        h('p', { 'data-testid': 'result-detail' }, result.detail),
        offer ? h('p', { class: 'rematch-line', 'data-testid': 'rematch-line' }, offer) : null,
        h('div', { class: 'overlay-buttons' }, ...buttons),
      ),
    );
  }
}

/** Whether the match drawn has actions of yours on it that the server has not taken. */
function pendingShown(v: RoomView, hold: Hold | null): boolean {
  return (v.pending ?? 0) > 0 && (hold === null || hold === 'not-answering');
}

/** The result box's kind: made again when the match, the result, the offers or the hold change. */
function overlayKind(v: RoomView, hold: Hold | null): string | null {
  if (!v.result) return null;
  return `over ${v.matchNo} ${v.result.code} ${v.rematch.join()} ${v.you} ${hold}`;
}

/** The keys line: your game's keys, the watcher's, or what keys do while input is held. */
function keysHelp(v: RoomView, hold: Hold | null, kind: string | null): string {
  if (v.you === null) return KEYS.watch;
  if (hold === 'replaced') return KEYS.replaced;
  if (hold === 'not-answering') return KEYS.silent;
  if (hold !== null) return KEYS.held;
  return kind === 'duel' ? KEYS.duel : KEYS.versus;
}

/** The waiting panel's line: connecting, the connection lost, or waiting for the other player. */
function waitText(v: RoomView, hold: Hold | null): string {
  if (hold === 'replaced') return asSentence(SEAT_ELSEWHERE);
  if (v.status === 'closed') return asSentence(v.notice ?? 'The connection to the room is closed.');
  if (!v.match) return v.status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…';
  return 'Waiting for the other player…';
}
