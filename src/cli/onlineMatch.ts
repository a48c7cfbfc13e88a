/**
 * `slidebox versus|duel --online` and `--join CODE`: a match against a friend anywhere, through
 * a `slidebox serve` server that referees it. `--online` makes a room and prints its code and
 * link; `--join` takes a free seat, takes your seat back (its token is kept in the data
 * directory), or watches. In line mode each line is an action of your own side, and the room
 * is printed after every change (yours, the other player's, who is connected).
 */

import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { keyDirection } from '../front/keymap.ts';
import { type RoomAnswer, RoomController } from '../front/online/controllerRoom.ts';
import { checkName, newPlayerKey } from '../net/api.ts';
import { waitingSentence } from '../net/linkWords.ts';
import type { RoomView, SocketFactory } from '../net/roomClient.ts';
import { type RoomAction, type RoomKind, readRoomCode } from '../net/rooms.ts';
import { nodeSocketFactory } from '../node/webSocket.ts';
import { defaultDataDir } from '../storage/files.ts';
import { ensurePlayer, loadPlayer } from '../storage/player.ts';
import { loadSeat, saveSeat } from '../storage/seats.ts';
import { fullScreenHere } from '../tui/fullScreen.ts';
import { checkOnlineArgs, ONLINE_OPTIONS } from './args.ts';
import { safeText } from './boardText.ts';
import { parseCommand } from './command.ts';
import { usageReminder } from './help.ts';
import { clientFor, netTimeoutMs, requiredServer, type ServerChoice } from './online.ts';
import { onlineNotice, onlineText, resultText } from './onlineText.ts';
import { plainKey, quoteInput } from './plainIo.ts';
import { shellWord } from './saveWatch.ts';

export const ONLINE_USAGE = `Usage: slidebox versus --online [--size N] [--target N] [--cap N]
       slidebox duel --online [--size N] [--turn-time S]
                                        make a room; a friend joins by its code
       slidebox versus|duel --join CODE join a room (or a link with #room=CODE),
                                        take your seat back, or watch when both
                                        seats are taken
Options:
  --server URL     the server (else SLIDEBOX_SERVER, else slidebox config
                   server)
  --name NAME      your name in the room (default: your leaderboard name, else
                   Player N)
  --watch          with --join: watch, even when a seat is free
  --turn-time S    duel --online: the time each decision may take, in seconds
                   (default 60); who lets it run out loses the match
  --plain          line mode for scripts (in a terminal: full screen): the
                   commands below
  --data-dir DIR   where your seat tokens are kept

Full screen: the keys of local play, for your own side only (arrows, WASD or
hjkl; placing in a duel: they move the cursor, a click too, and 2 or 4 places);
r rematch once the match is over; t takes your seat back when it was opened in
another window; ? help; q leaves. A move is drawn once the server has taken
it; while the connection is down, keys send nothing and the screen says so.
Line mode, one command a line: w a s d (or up down left right, h j k l) slide
your board; in a duel place ROW COL VALUE places a 2 or a 4 (rows and columns
from 1); r offers a rematch once the match is over; q leaves (your seat is kept:
--join the same code takes it back). A line typed while the connection is down
is refused on stderr; the end of input leaves once the server has answered.`;

const out = (s: string) => process.stdout.write(s);
const errOut = (s: string) => process.stderr.write(s);

function usageError(message: string): number {
  errOut(`slidebox: ${message}\n\n${usageReminder(ONLINE_USAGE, 'versus --online')}\n`);
  return 2;
}

/** The action a line stands for in a room of `kind`, or null. */
export function onlineAction(line: string, kind: RoomKind): RoomAction | null {
  const place = /^place\s+(\d{1,2})\s+(\d{1,2})\s+(\d{1,5})$/.exec(line);
  if (place && kind === 'duel') {
    const value = Number(place[3]);
    if (value !== 2 && value !== 4) return null;
    return { kind: 'place', row: Number(place[1]) - 1, col: Number(place[2]) - 1, value };
  }
  const key = plainKey(line, 'wasdhjkl');
  const dir = key === null ? null : keyDirection({ key });
  return dir ? { kind: 'slide', dir } : null;
}

/** The sentence for a room of the other kind: the command that joins it. */
export function otherKindLine(room: string, other: RoomKind): string {
  return `Room ${room} is a ${other} room: join it with slidebox ${other} --join ${room}`;
}

/**
 * The player key of the leaderboards (made on first use): a room's matches count for its
 * record. Without one (the player file cannot be written: said), they count for nobody.
 */
function playerKey(dir: string): string | undefined {
  const keyed = ensurePlayer(dir, newPlayerKey);
  if (!keyed.ok) errOut(`${keyed.error.message} Your online record will not count.\n`);
  return keyed.ok ? keyed.value.player.key : undefined;
}

/** Runs `slidebox versus|duel --online|--join …`; resolves with the exit code. */
export async function main(kind: RoomKind, argv: readonly string[]): Promise<number> {
  const parsed = parseCommand(argv.slice(1), ONLINE_OPTIONS);
  if (!parsed.ok) return usageError(parsed.message);
  const v = parsed.values;
  if (v.help) {
    out(`${ONLINE_USAGE}\n`);
    return 0;
  }
  // Options first: `--ai hard` leaves a word behind.
  const nums = checkOnlineArgs(kind, v);
  if (!nums.ok) return usageError(nums.error.message);
  if (parsed.positionals.length > 0) {
    return usageError(`unexpected "${parsed.positionals.join(' ')}"`);
  }
  let joining: string | null = null;
  if (v.join !== undefined) {
    const code = readRoomCode(v.join);
    if (!code.ok) return usageError(`--join: ${code.error.message}`);
    joining = code.value;
  }
  const socket = await nodeSocketFactory();
  if (typeof socket === 'string') {
    errOut(`slidebox: ${socket}.\n`);
    return 1;
  }
  const dir = resolve(v['data-dir'] ?? defaultDataDir());
  const server = requiredServer(v.server, dir, usageError, errOut);
  if (typeof server === 'number') return server;
  let name: string | undefined;
  if (v.name !== undefined) {
    const checked = checkName(v.name);
    if (!checked.ok) return usageError(`--name: ${checked.error.message}`);
    name = checked.value;
  } else {
    name = loadPlayer(dir).player?.name ?? undefined;
  }
  const player = v.watch ? undefined : playerKey(dir);
  const api = clientFor(server.url, process.env);
  let room: string;
  let seat: string | null = null;
  if (joining !== null) {
    room = joining;
    // What the server says of the room before any seat is taken: there, of this kind, and
    // the server answering at all (within the network timeout).
    const look = await api.room(room);
    if (!look.ok) {
      if (look.error.status === 404) {
        errOut(`Room ${room}: no room has this code (it may have expired).\n`);
        return 1;
      }
      const why = safeText(look.error.message, 300).replace(/\.$/, '');
      errOut(`slidebox: room ${room} could not be joined: ${why}.\n`);
      return 1;
    }
    if (look.value.rules.kind !== kind) {
      errOut(`${otherKindLine(room, look.value.rules.kind)}\n`);
      return 2;
    }
    const saved = loadSeat(dir, server.url, room);
    for (const n of saved.notices) errOut(`${n}\n`);
    seat = v.watch ? null : saved.token;
  } else {
    const made = await api.createRoom({
      kind,
      name: name ?? 'Player 1',
      ...(nums.value.size !== undefined ? { size: nums.value.size } : {}),
      ...(nums.value.target !== undefined ? { target: nums.value.target } : {}),
      ...(nums.value.cap !== undefined ? { attackCap: nums.value.cap } : {}),
      ...(nums.value.turnTime !== undefined ? { turnTime: nums.value.turnTime } : {}),
      ...(player ? { player } : {}),
    });
    if (!made.ok) {
      const why = safeText(made.error.message, 300).replace(/\.$/, '');
      errOut(`slidebox: no room was made: ${why}.\n`);
      return 1;
    }
    room = made.value.code;
    seat = made.value.seat;
    for (const n of saveSeat(dir, server.url, room, seat)) errOut(`${n}\n`);
    out(`Room: ${room}\nLink: ${server.url}/#room=${room}\n`);
    out(`A friend joins with: ${joinCommand(kind, room, server, true)}\n`);
  }
  const o = playOptions(kind, server, {
    room,
    seat,
    name,
    player,
    watch: v.watch === true,
    dir,
    timeoutMs: netTimeoutMs(process.env),
    socket,
  });
  return fullScreenHere(v.plain === true) ? playScreen(kind, o) : play(kind, o);
}

/** What play needs, with the commands that join the room. */
function playOptions(
  kind: RoomKind,
  server: ServerChoice,
  o: Omit<PlayOptions, 'server' | 'join' | 'friendJoin'>,
): PlayOptions {
  return {
    ...o,
    server: server.url,
    join: joinCommand(kind, o.room, server, false),
    friendJoin: joinCommand(kind, o.room, server, true),
  };
}

function clientOf(o: PlayOptions, onChange: (view: RoomView) => void): RoomController {
  return new RoomController({
    server: o.server,
    room: o.room,
    seat: o.seat,
    ...(o.name ? { name: o.name } : {}),
    ...(o.player ? { player: o.player } : {}),
    watch: o.watch,
    ports: { socket: o.socket },
    // Line mode prints a seat's forfeit once: at its time of day.
    clock: 'time',
    onChange: (room) => onChange(room.view),
    onSeat: (token) => {
      for (const n of saveSeat(o.dir, o.server, o.room, token)) errOut(`${n}\n`);
    },
    // The terminal draws only what the server took.
    predict: false,
    connectTimeoutMs: o.timeoutMs,
  });
}

/** The room full-screen until the player leaves; what happened is said after. */
async function playScreen(kind: RoomKind, o: PlayOptions): Promise<number> {
  const [{ runOnline }, { detectColorDepth }] = await Promise.all([
    import('../tui/online/run.ts'),
    import('../tui/color.ts'),
  ]);
  let wrongKind: RoomKind | null = null;
  const end = await runOnline({
    depth: detectColorDepth(process.env, true),
    notice: (room) => onlineNotice(room.view, kind, room.refused, Date.now(), o.friendJoin),
    connect: (onChange) =>
      clientOf(o, (view) => {
        if (view.room && view.room.rules.kind !== kind) wrongKind = view.room.rules.kind;
        onChange();
      }),
  });
  if (wrongKind) {
    errOut(`${otherKindLine(o.room, wrongKind)}\n`);
    return 2;
  }
  if (end.status === 'closed' && end.notice && !end.room) {
    errOut(`Room ${o.room}: ${end.notice}.\n`);
    return 1;
  }
  const result = resultText(end);
  if (result) out(`${result}\n`);
  errOut(`${leaving(o, end)}\n`);
  return 0;
}

interface PlayOptions {
  readonly server: string;
  /** The command that takes this seat back here; a friend's, with the server always named. */
  readonly join: string;
  readonly friendJoin: string;
  readonly room: string;
  readonly seat: string | null;
  readonly name: string | undefined;
  /** The player's key, sent when a seat is taken (its matches count for its record). */
  readonly player: string | undefined;
  readonly watch: boolean;
  readonly dir: string;
  /** How long the room may take to answer (the network timeout). */
  readonly timeoutMs: number;
  /** Opens the room's WebSocket (`ws`, or Node's own). */
  readonly socket: SocketFactory;
}

/**
 * The room in line mode until `q`, the end of input, or a connection that cannot go on. Lines
 * wait for the room's welcome; while the connection is down, an action is refused with a line
 * on stderr (nothing is sent); at the end of input, the actions sent are answered (or the
 * network timeout passes) before leaving, so the last board printed is the server's.
 */
function play(kind: RoomKind, o: PlayOptions): Promise<number> {
  return new Promise((done) => new PlainRoom(kind, o, done));
}

/** One room in line mode: its client, the lines read, what was printed. */
class PlainRoom {
  private shown = '';
  private said: string | null = null;
  private status: RoomView['status'] = 'connecting';
  /** The actions said to wait for the server. */
  private waiting = 0;
  private finished = false;
  /** Lines read before the room's welcome (they act on your seat); null once welcomed. */
  private queued: string[] | null = [];
  private ended = false;
  private draining: ReturnType<typeof setTimeout> | null = null;
  private readonly rl = createInterface({ input: process.stdin, terminal: false });
  private readonly client: RoomController;

  constructor(
    private readonly kind: RoomKind,
    private readonly o: PlayOptions,
    private readonly done: (code: number) => void,
  ) {
    this.client = clientOf(o, (view) => this.show(view));
    this.rl.on('line', (raw) => (this.queued ? this.queued.push(raw) : this.handle(raw)));
    this.rl.on('close', () => {
      this.ended = true;
      if (!this.queued) this.leave();
    });
  }

  private finish(code: number, line?: string): void {
    if (this.finished) return;
    this.finished = true;
    if (this.draining) clearTimeout(this.draining);
    this.rl.close();
    process.stdin.pause();
    this.client?.close();
    if (line) errOut(`${line}\n`);
    this.done(code);
  }

  private show(view: RoomView): void {
    if (this.finished) return;
    const { kind, o } = this;
    if (view.room && view.room.rules.kind !== kind) {
      this.finish(2, otherKindLine(o.room, view.room.rules.kind));
      return;
    }
    if (view.notice !== this.said) {
      this.said = view.notice;
      if (this.said) errOut(`${this.said}\n`);
    }
    if (this.status === 'reconnecting' && view.status === 'open') errOut('Connected again.\n');
    if (this.status === 'not-answering' && view.status === 'open') {
      errOut('The server answers again.\n');
    }
    this.status = view.status;
    const waiting = view.waiting ?? 0;
    if (waiting !== this.waiting) {
      this.waiting = waiting;
      const said = waitingSentence(waiting);
      if (waiting > 0) errOut(`${said[0]!.toUpperCase()}${said.slice(1)}.\n`);
    }
    if (view.status === 'closed') {
      const back =
        view.closed === 'replaced' && view.you !== null ? ` (${o.join} takes it back)` : '';
      this.finish(1, `Room ${o.room}: ${view.notice ?? 'the connection closed'}${back}.`);
      return;
    }
    if (view.match && this.queued) {
      const lines = this.queued;
      this.queued = null;
      for (const l of lines) if (!this.finished) this.handle(l);
      if (this.finished) return;
      if (this.ended) this.leave();
    }
    // The newest view: the queued lines above may have changed it.
    const text = onlineText(this.client.view);
    if (text !== this.shown && text !== '') {
      this.shown = text;
      out(text);
    }
    if (this.draining && !this.client.view.pending) this.leave();
  }

  /** Leaves once the actions sent are answered (at most the network timeout). */
  private leave(): void {
    if (this.finished) return;
    const v = this.client.view;
    const actions = (n: number) => (n === 1 ? 'the last action' : `the last ${n} actions`);
    const room = `Room ${this.o.room}`;
    if (!v.pending) this.finish(0, leaving(this.o, v));
    else if (v.status !== 'open' && v.status !== 'not-answering') {
      this.finish(
        1,
        `${room}: the connection dropped before the server answered ${actions(v.pending)}: they may not have been taken.`,
      );
    } else {
      this.draining ??= setTimeout(() => {
        const n = this.client.view.pending ?? 0;
        this.finish(
          1,
          `${room}: the server did not answer ${actions(n)} within ${this.o.timeoutMs / 1000} s: they may not have been taken.`,
        );
      }, this.o.timeoutMs);
    }
  }

  /** A refusal while open is the client's notice (printed by show); one while held is said here. */
  private refused(r: RoomAnswer): void {
    if (!r.ok && r.held) errOut(`${r.message}\n`);
  }

  private handle(raw: string): void {
    const line = raw.trim().toLowerCase();
    if (line === '') return;
    if (line === 'q' || line === 'quit') {
      this.finish(0, leaving(this.o, this.client.view));
      return;
    }
    if (line === '?' || line === 'help') {
      out(`${ONLINE_USAGE}\n`);
      return;
    }
    if (line === 'r' || line === 'rematch') {
      this.refused(this.client.rematch());
      return;
    }
    const action = onlineAction(line, this.kind);
    if (!action) {
      errOut(`unknown command ${quoteInput(raw)}; type ? for the commands\n`);
      return;
    }
    this.refused(this.client.act(action));
  }
}

function leaving(o: PlayOptions, v: RoomView): string {
  if (v.you === null) return `Stopped watching room ${o.room}.`;
  return v.result
    ? `Left room ${o.room}.`
    : `Left room ${o.room}; your seat is kept for now: ${o.join} takes it back.`;
}

/**
 * The command that joins `room`, as the player can type it: with the server when it was given
 * on the command line or by SLIDEBOX_SERVER (the settings' server needs no word), and always
 * for a friend, whose settings name no server.
 */
export function joinCommand(
  kind: RoomKind,
  room: string,
  server: ServerChoice,
  friend: boolean,
): string {
  const named = friend || server.from !== 'config';
  return `slidebox ${kind} --join ${room}${named ? ` --server ${shellWord(server.url)}` : ''}`;
}
