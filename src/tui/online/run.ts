/**
 * The full-screen online match: the versus or duel screen of local play, drawn from the room's
 * model (front/online) — the server's match only: a move is drawn once the server has taken it — with
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
import { initialModelDuel, type ModelDuel } from '../../front/modelDuel.ts';
import { initialModelVersus, type ModelVersus } from '../../front/modelVersus.ts';
import type { RoomController } from '../../front/online/controllerRoom.ts';
import type { RoomModel } from '../../front/online/modelRoom.ts';
import type { OnlineSeats } from '../../front/onlineSeats.ts';
import type { RoomView } from '../../net/roomClient.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import { cellAt, renderDuel } from '../duel/render.ts';
import type { Key } from '../keys.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { renderVersus } from '../versus/render.ts';
import { type OnlineCommand, onlineCommand } from './keymap.ts';

export interface RunOnlineOptions {
  readonly depth: ColorDepth;
  /** Makes the room's controller; `onChange` redraws. */
  readonly connect: (onChange: () => void) => RoomController;
  /** The notice line for the room (why keys do nothing now, the room's code, who is away, the end). */
  readonly notice: (room: RoomModel) => string | null;
}

interface Local {
  help: boolean;
  quit: boolean;
  cursor: Pos | null;
}

function seats(v: RoomView): OnlineSeats {
  const name = (s: 0 | 1) => v.seats[s]?.name ?? `Player ${s + 1}`;
  return { names: [name(0), name(1)], you: v.you };
}

/** The local screen's model for the room's view (`local`: help shown, the duel's cursor). */
export function onlineModel(
  v: RoomView,
  local: Local,
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

/** Runs the room's screen until the player leaves; resolves with the last view. */
export function runOnline(opts: RunOnlineOptions): Promise<RoomView> {
  const session = new TerminalSession({ mouse: true });
  const local: Local = { help: false, quit: false, cursor: null };
  let room: RoomController | null = null;
  let shownOnce = false;
  let end: (() => void) | null = null;
  // The time left of a duel's decision counts down on the notice line.
  let ticking: ReturnType<typeof setInterval> | null = null;
  const model = () => {
    if (!room) return null;
    const r = room.model;
    return onlineModel(r.view, local, opts.notice(r));
  };
  const draw = () => {
    const m = model();
    if (!m) {
      // Before the room's state: connecting, or why it cannot be joined.
      const v = room?.view;
      const said = v?.status === 'closed' && v.notice ? `${v.notice} · q: quit` : 'Connecting…';
      const rows = session.size().rows;
      session.draw(Array.from({ length: rows }, (_, i) => (i === 0 ? ` ${said}` : '')));
      return;
    }
    shownOnce = true;
    const keys = endKeys(room!.view);
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
    dispatch(cmd: OnlineCommand) {
      if (cmd.type === 'quit') local.quit = true;
      else if (cmd.type === 'help') local.help = true;
      else if (cmd.type === 'close-help') local.help = false;
      else if (cmd.type === 'cursor') local.cursor = cmd.at;
      else if (cmd.type === 'retake') room?.retake();
      else if (cmd.type === 'rematch') room?.rematch();
      // Refused while held: nothing was sent, and the notice says so.
      else room?.act(cmd.action);
      if (!local.quit) draw();
    },
    close(): RoomView {
      if (ticking) clearInterval(ticking);
      return room!.close();
    },
    suspend() {},
    resume() {},
  };
  const command = (key: Key): OnlineCommand | null => {
    const m = model();
    const cell = (x: number, y: number) =>
      m && 'duel' in m ? cellAt(m, session.size(), opts.depth, x, y) : null;
    return onlineCommand(key, m, room?.model.keys ?? null, cell);
  };
  const loop = { session, animator, game, draw, command };
  return runScreen({ ...loop, animate: () => {} }, (finish) => {
    end = finish;
    room = opts.connect(() => {
      if (local.quit) return;
      const v = room?.view;
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
      if (!local.quit && room?.view.deadline) draw();
    }, 500);
    ticking.unref?.();
    draw();
  });
}
