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
import { checkName } from '../net/api.ts';
import { RoomClient, type RoomView } from '../net/roomClient.ts';
import { type RoomAction, type RoomKind, readRoomCode } from '../net/rooms.ts';
import { nodeSocket } from '../node/webSocket.ts';
import { defaultDataDir } from '../storage/files.ts';
import { loadPlayer } from '../storage/player.ts';
import { loadSeat, saveSeat } from '../storage/seats.ts';
import { fullScreenHere } from '../tui/fullScreen.ts';
import { safeText } from './boardText.ts';
import { parseCommand } from './command.ts';
import { clientFor, requiredServer } from './online.ts';
import { onlineNotice, onlineText, resultText } from './onlineText.ts';
import { plainKey, quoteInput } from './plainIo.ts';

export const ONLINE_USAGE = `Usage: slidebox versus --online [--size N] [--target N] [--cap N]
       slidebox duel --online [--size N]
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
  --plain          line mode for scripts (in a terminal: full screen): the
                   commands below
  --data-dir DIR   where your seat tokens are kept

Full screen: the keys of local play, for your own side only (arrows, WASD or
hjkl; placing in a duel: they move the cursor, a click too, and 2 or 4 places);
r rematch; ? help; q leaves.
Line mode, one command a line: w a s d (or up down left right, h j k l) slide
your board; in a duel place ROW COL VALUE places a 2 or a 4 (rows and columns
from 1); r offers a rematch once the match is over; q leaves (your seat is kept:
--join the same code takes it back).`;

const OPTIONS = {
  online: { type: 'boolean' },
  join: { type: 'string' },
  server: { type: 'string' },
  name: { type: 'string' },
  watch: { type: 'boolean' },
  plain: { type: 'boolean' },
  size: { type: 'string' },
  target: { type: 'string' },
  cap: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const out = (s: string) => process.stdout.write(s);
const errOut = (s: string) => process.stderr.write(s);

function usageError(message: string): number {
  errOut(`slidebox: ${message}\n\n${ONLINE_USAGE}\n`);
  return 2;
}

function whole(text: string | undefined, what: string): number | undefined | string {
  if (text === undefined) return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : `${what} is a whole number, not "${text}"`;
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

/** Runs `slidebox versus|duel --online|--join …`; resolves with the exit code. */
export async function main(kind: RoomKind, argv: readonly string[]): Promise<number> {
  const parsed = parseCommand(argv.slice(1), OPTIONS);
  if (!parsed.ok) return usageError(parsed.message);
  const v = parsed.values;
  if (v.help) {
    out(`${ONLINE_USAGE}\n`);
    return 0;
  }
  if (parsed.positionals.length > 0) {
    return usageError(`unexpected "${parsed.positionals.join(' ')}"`);
  }
  if (v.online && v.join !== undefined)
    return usageError('--online makes a room, --join joins one: not both');
  if (v.watch && v.join === undefined) return usageError('--watch goes with --join CODE');
  if (kind === 'duel' && (v.target !== undefined || v.cap !== undefined)) {
    return usageError('a duel has no --target and no --cap');
  }
  const nums: Record<string, number | undefined> = {};
  for (const k of ['size', 'target', 'cap'] as const) {
    const n = whole(v[k], `--${k}`);
    if (typeof n === 'string') return usageError(n);
    nums[k] = n;
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
  let room: string;
  let seat: string | null = null;
  if (v.join !== undefined) {
    const code = readRoomCode(v.join);
    if (!code.ok) return usageError(`--join: ${code.error.message}`);
    room = code.value;
    const saved = loadSeat(dir, server.url, room);
    for (const n of saved.notices) errOut(`${n}\n`);
    seat = v.watch ? null : saved.token;
  } else {
    const made = await clientFor(server.url, process.env).createRoom({
      kind,
      name: name ?? 'Player 1',
      ...(nums.size !== undefined ? { size: nums.size } : {}),
      ...(nums.target !== undefined ? { target: nums.target } : {}),
      ...(nums.cap !== undefined ? { attackCap: nums.cap } : {}),
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
    out(`A friend joins with: slidebox ${kind} --join ${room}\n`);
  }
  const o = { server: server.url, room, seat, name, watch: v.watch === true, dir };
  const screen = fullScreenHere(v.plain === true);
  return screen ? playScreen(kind, o) : play(kind, o);
}

function clientOf(o: PlayOptions, onChange: (view: RoomView) => void): RoomClient {
  return new RoomClient({
    server: o.server,
    room: o.room,
    seat: o.seat,
    ...(o.name ? { name: o.name } : {}),
    watch: o.watch,
    socket: nodeSocket,
    onChange,
    onSeat: (token) => {
      for (const n of saveSeat(o.dir, o.server, o.room, token)) errOut(`${n}\n`);
    },
  });
}

/** The room full-screen until the player leaves; what happened is said after. */
async function playScreen(kind: RoomKind, o: PlayOptions): Promise<number> {
  const [{ runOnline }, { detectColorDepth }] = await Promise.all([
    import('../tui/online/run.ts'),
    import('../tui/color.ts'),
  ]);
  let wrongKind: string | null = null;
  const end = await runOnline({
    depth: detectColorDepth(process.env, true),
    notice: (view) => onlineNotice(view, kind),
    connect: (onChange) =>
      clientOf(o, (view) => {
        if (view.room && view.room.rules.kind !== kind) wrongKind = view.room.rules.kind;
        onChange();
      }),
  });
  if (wrongKind) {
    errOut(
      `Room ${o.room} is a ${wrongKind} room: join it with slidebox ${wrongKind} --join ${o.room}\n`,
    );
    return 2;
  }
  if (end.status === 'closed' && end.notice && !end.room) {
    errOut(`Room ${o.room}: ${end.notice}.\n`);
    return 1;
  }
  const result = resultText(end);
  if (result) out(`${result}\n`);
  errOut(`${leaving(kind, o.room, end)}\n`);
  return 0;
}

interface PlayOptions {
  readonly server: string;
  readonly room: string;
  readonly seat: string | null;
  readonly name: string | undefined;
  readonly watch: boolean;
  readonly dir: string;
}

/** The room in line mode until `q`, the end of input, or a connection that cannot go on. */
function play(kind: RoomKind, o: PlayOptions): Promise<number> {
  return new Promise((done) => {
    let shown = '';
    let said: string | null = null;
    let finished = false;
    let welcomed: (() => void) | null = null;
    const rl = createInterface({ input: process.stdin, terminal: false });
    const finish = (code: number, line?: string) => {
      if (finished) return;
      finished = true;
      rl.close();
      process.stdin.pause();
      client.close();
      if (line) errOut(`${line}\n`);
      done(code);
    };
    const show = (view: RoomView) => {
      if (view.room && view.room.rules.kind !== kind) {
        const other = view.room.rules.kind;
        finish(
          2,
          `Room ${o.room} is a ${other} room: join it with slidebox ${other} --join ${o.room}`,
        );
        return;
      }
      if (view.notice !== said) {
        said = view.notice;
        if (said) errOut(`${said}\n`);
      }
      if (view.status === 'closed' && !finished) {
        finish(1, `Room ${o.room}: ${view.notice ?? 'the connection closed'}.`);
        return;
      }
      if (view.match && welcomed) {
        const go = welcomed;
        welcomed = null;
        go();
        if (finished) return;
      }
      // The newest view: the queued lines above may have changed it.
      const text = onlineText(client.view);
      if (text !== shown && text !== '') {
        shown = text;
        out(text);
      }
    };
    const client = clientOf(o, show);
    // Lines wait for the room's welcome (they act on your seat); the end of input leaves once
    // the room has answered, so a script's last lines are sent.
    let queued: string[] | null = [];
    let ended = false;
    const handle = (raw: string) => {
      const line = raw.trim().toLowerCase();
      if (line === '') return;
      if (line === 'q' || line === 'quit') return finish(0, leaving(kind, o.room, client.view));
      if (line === '?' || line === 'help') return void out(`${ONLINE_USAGE}\n`);
      if (line === 'r' || line === 'rematch') return client.offerRematch();
      const action = onlineAction(line, kind);
      if (!action)
        return void errOut(`unknown command ${quoteInput(raw)}; type ? for the commands\n`);
      client.act(action);
    };
    welcomed = () => {
      const lines = queued ?? [];
      queued = null;
      for (const l of lines) if (!finished) handle(l);
      if (ended) finish(0, leaving(kind, o.room, client.view));
    };
    rl.on('line', (raw) => (queued ? queued.push(raw) : handle(raw)));
    rl.on('close', () => {
      ended = true;
      if (!queued) finish(0, leaving(kind, o.room, client.view));
    });
  });
}

function leaving(kind: RoomKind, room: string, v: RoomView): string {
  if (v.you === null) return `Stopped watching room ${room}.`;
  return v.result
    ? `Left room ${room}.`
    : `Left room ${room}; your seat is kept for now: slidebox ${kind} --join ${room} takes it back.`;
}
