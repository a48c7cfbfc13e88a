/**
 * The full-screen online match: the versus or duel screen of local play, drawn from the room
 * client's view — the server's match only: a move is drawn once the server has taken it — with
 * the players' names and, on the notice line, the room's code, who is away and for how long,
 * and how the match ended. Your keys act only for your own side; a watcher's keys only quit or
 * ask for help.
 *
 * While the connection is not open (connecting, reconnecting, the seat opened in another window
 * or terminal, closed), keys send nothing and change no board, and the notice line says why
 * until that is over ("Not sent: …" once a key was refused). A replaced window offers t to take
 * the seat back, and q to leave. A room that closes before it was ever shown ends the screen.
 * While a duel's clock runs, the screen is drawn again every half second (the time left).
 */

import type { Pos } from '../../engine/types.ts';
import { keyDirection } from '../../front/keymap.ts';
import { keyDuel } from '../../front/keymapMatch.ts';
import { initialModelDuel, type ModelDuel } from '../../front/modelDuel.ts';
import { initialModelVersus, type ModelVersus } from '../../front/modelVersus.ts';
import type { OnlineSeats } from '../../front/onlineSeats.ts';
import type { RoomClient, RoomView } from '../../net/roomClient.ts';
import type { RoomAction } from '../../net/rooms.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import { cellAt, renderDuel } from '../duel/render.ts';
import { type Key, keyInput } from '../keys.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { renderVersus } from '../versus/render.ts';

export interface RunOnlineOptions {
  readonly depth: ColorDepth;
  /** Makes the room's client; `onChange` redraws. */
  readonly connect: (onChange: () => void) => RoomClient;
  /**
   * The notice line for a view (why keys do nothing now, the room's code, who is away, the
   * end); `refused`: a key was refused since the connection last changed.
   */
  readonly notice: (view: RoomView, refused: boolean) => string | null;
}

export type OnlineCommand = Command;

type Command =
  | { readonly type: 'act'; readonly action: RoomAction }
  | { readonly type: 'cursor'; readonly at: Pos }
  | { readonly type: 'rematch' }
  | { readonly type: 'retake' }
  | { readonly type: 'help' }
  | { readonly type: 'close-help' }
  | { readonly type: 'quit' };

interface Local {
  help: boolean;
  quit: boolean;
  cursor: Pos | null;
  /** A key was refused (nothing sent) since the connection last changed. */
  refused: boolean;
  /** The connection's state when `refused` was last cleared. */
  held: string;
}

function seats(v: RoomView): OnlineSeats {
  const name = (s: 0 | 1) => v.seats[s]?.name ?? `Player ${s + 1}`;
  return { names: [name(0), name(1)], you: v.you };
}

/** The connection's state, as far as what the keys can do: it changes, a refusal is over. */
function connection(v: RoomView): string {
  return `${v.status} ${v.closed ?? ''}`;
}

/** The local screen's model for the room's view (`local`: help shown, the duel's cursor). */
export function onlineModel(
  v: RoomView,
  local: Pick<Local, 'help' | 'quit' | 'cursor'>,
  notice: string | null,
): ModelVersus | ModelDuel | null {
  const m = v.match;
  if (!m) return null;
  const overlay = local.help ? ('help' as const) : null;
  if (m.kind === 'versus') {
    return {
      ...initialModelVersus(m.match, { kind: 'human' }, notice),
      overlay,
      quit: local.quit,
      online: seats(v),
    };
  }
  const base = initialModelDuel(m.duel, ['human', 'human'], notice);
  return {
    ...base,
    cursor: local.cursor ?? base.cursor,
    overlay,
    quit: local.quit,
    online: seats(v),
  };
}

/** The keys an end box offers online: a player's rematch, a watcher's leave. */
function endKeys(v: RoomView): string[] {
  return [v.you === null ? 'q: leave' : 'r: rematch   q: leave'];
}

/** Whether `t` can connect the room again: the seat opened elsewhere, or the server away. */
function canRetake(v: RoomView): boolean {
  return v.status === 'closed' && (v.closed === 'replaced' || v.closed === 'unreachable');
}

/** Runs the room's screen until the player leaves; resolves with the last view. */
export function runOnline(opts: RunOnlineOptions): Promise<RoomView> {
  const session = new TerminalSession({ mouse: true });
  const local: Local = { help: false, quit: false, cursor: null, refused: false, held: '' };
  let client: RoomClient | null = null;
  let shownOnce = false;
  let end: (() => void) | null = null;
  // The time left of a duel's decision counts down on the notice line.
  let ticking: ReturnType<typeof setInterval> | null = null;
  const view = () => {
    const v = client!.view;
    if (connection(v) !== local.held) {
      local.held = connection(v);
      local.refused = false;
    }
    return v;
  };
  const model = () => {
    if (!client) return null;
    const v = view();
    return onlineModel(v, local, opts.notice(v, local.refused));
  };
  const draw = () => {
    const m = model();
    if (!m) {
      // Before the room's state: connecting, or why it cannot be joined.
      const v = client?.view;
      const said = v?.status === 'closed' && v.notice ? `${v.notice} · q: quit` : 'Connecting…';
      const rows = session.size().rows;
      session.draw(Array.from({ length: rows }, (_, i) => (i === 0 ? ` ${said}` : '')));
      return;
    }
    shownOnce = true;
    const keys = endKeys(client!.view);
    session.draw(
      'match' in m
        ? renderVersus(m, session.size(), opts.depth, null, keys)
        : renderDuel(m, session.size(), opts.depth, null, keys),
    );
  };
  const animator = new Animator<null>(draw);
  const game = {
    get model() {
      return { quit: local.quit };
    },
    dispatch(cmd: Command) {
      if (cmd.type === 'quit') local.quit = true;
      else if (cmd.type === 'help') local.help = true;
      else if (cmd.type === 'close-help') local.help = false;
      else if (cmd.type === 'cursor') local.cursor = cmd.at;
      else if (cmd.type === 'retake') client?.retake();
      else if (cmd.type === 'rematch') {
        if (client && !client.offerRematch().ok) local.refused = true;
      } else if (client && !client.act(cmd.action).ok && client.view.status !== 'open') {
        // Nothing was sent: the notice says so (a refusal while open is the client's notice).
        view();
        local.refused = true;
      }
      if (!local.quit) draw();
    },
    close(): RoomView {
      if (ticking) clearInterval(ticking);
      client?.close();
      return client!.view;
    },
    suspend() {},
    resume() {},
  };
  const command = (key: Key): Command | null => {
    const m = model();
    const cell = (x: number, y: number) =>
      m && 'duel' in m ? cellAt(m, session.size(), opts.depth, x, y) : null;
    return onlineCommand(key, m, client?.view ?? null, cell);
  };
  const loop = { session, animator, game, draw, command };
  return runScreen({ ...loop, animate: () => {} }, (finish) => {
    end = finish;
    client = opts.connect(() => {
      if (local.quit) return;
      const v = client?.view;
      // A room that closed before it was ever shown (the server away, no such room): the
      // screen ends and the sentence is said after it.
      if (v && v.status === 'closed' && !shownOnce && v.closed !== 'left') {
        local.quit = true;
        end?.();
        return;
      }
      draw();
    });
    ticking = setInterval(() => {
      if (!local.quit && client?.view.deadline) draw();
    }, 500);
    ticking.unref?.();
    draw();
  });
}

/**
 * What a key does on the room's screen (`cell`: the board cell under a click): a watcher's keys
 * only help and leave; a player's act for their own side, `r` offers a rematch only once the
 * match is over, and `t` takes the seat back only when it can be.
 */
export function onlineCommand(
  key: Key,
  m: ModelVersus | ModelDuel | null,
  v: RoomView | null,
  cell: (x: number, y: number) => Pos | null,
): Command | null {
  if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
  const k = keyInput(key);
  if (!k) {
    if (m && 'duel' in m && key.name === 'mouse' && key.button === 0) {
      const at = cell(key.x!, key.y!);
      return at && m.duel.phase === 'place' && m.online?.you !== null
        ? { type: 'cursor', at }
        : null;
    }
    return null;
  }
  if (m?.overlay === 'help') return k.key === 'q' ? { type: 'quit' } : { type: 'close-help' };
  if (k.key === 'q' || k.key === 'Escape') return { type: 'quit' };
  if (k.key === '?') return { type: 'help' };
  if (k.key === 't' && v && canRetake(v)) return { type: 'retake' };
  if (!m || m.online?.you === null) return null;
  if (k.key === 'r') return v?.result ? { type: 'rematch' } : null;
  if ('match' in m) {
    const dir = keyDirection(k);
    return dir ? { type: 'act', action: { kind: 'slide', dir } } : null;
  }
  const cmd = keyDuel(k, m);
  if (cmd?.type === 'slide') return { type: 'act', action: { kind: 'slide', dir: cmd.dir } };
  if (cmd?.type === 'place') {
    const at = cmd.at ?? m.cursor;
    return { type: 'act', action: { kind: 'place', row: at.row, col: at.col, value: cmd.value } };
  }
  if (cmd?.type === 'cursor') {
    const step = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] }[cmd.dir];
    const size = m.duel.size;
    const row = Math.min(size - 1, Math.max(0, m.cursor.row + step[0]!));
    const col = Math.min(size - 1, Math.max(0, m.cursor.col + step[1]!));
    return { type: 'cursor', at: { row, col } };
  }
  return null;
}
