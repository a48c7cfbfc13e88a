/**
 * Online versus and duel in line mode, end to end: the built CLI (two processes, two data
 * directories) against a real server started here. One makes a room (`--online`), the other
 * joins by its code; the test keeps its own copy of the match with the engine and checks that
 * after every line both terminals print the boards the engine says. Also: a player who leaves
 * takes the seat back with `--join`, a third terminal watches, and bad codes or a server that
 * is away give one line and an exit code.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { boardText } from '../../src/cli/plain2048.ts';
import { whoIs } from '../../src/engine/duel.ts';
import type { Direction } from '../../src/engine/types.ts';
import { RoomClient } from '../../src/net/roomClient.ts';
import {
  applyAction,
  previewAction,
  type RoomAction,
  type RoomMatch,
} from '../../src/net/rooms.ts';
import { nodeSocket } from '../../src/node/webSocket.ts';
import { Follower } from '../../src/testing/roomSockets.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import { CLI, cleanEnv, ROOT, TempDirs } from './helpers/cli.ts';
import { closedPortUrl, runCliAsync, silentServer } from './helpers/net.ts';
import { type Served, startServe, stopServe } from './helpers/serve.ts';

const dirs = new TempDirs();
let server: TestServer;

beforeAll(async () => {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  server = await startTestServer(target, { forfeitMs: 60_000 });
});
afterAll(async () => {
  await server?.close();
  dirs.cleanup();
});

/** A plain online client: its output so far, lines to send, and waiting for text. */
class Terminal {
  readonly child: ChildProcessWithoutNullStreams;
  out = '';
  err = '';
  readonly exited: Promise<number | null>;

  constructor(args: readonly string[], dataDir: string, url = server.url) {
    this.child = spawn(
      process.execPath,
      // A command as printed names its server itself.
      [
        CLI,
        ...args,
        '--plain',
        ...(args.includes('--server') ? [] : ['--server', url]),
        '--data-dir',
        dataDir,
      ],
      { cwd: ROOT, env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.out += d;
    });
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => {
      this.err += d;
    });
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Waits until the output (from `from` on) holds `text`; the index after it. */
  async waitFor(
    text: string | RegExp,
    from = 0,
    ms = 10_000,
    stream: 'out' | 'err' = 'out',
  ): Promise<number> {
    const end = Date.now() + ms;
    for (;;) {
      const rest = this[stream].slice(from);
      const at = typeof text === 'string' ? rest.indexOf(text) : rest.search(text);
      if (at >= 0) return from + at + 1;
      if (Date.now() > end) {
        throw new Error(`no ${String(text)} in:\n${rest.slice(-1500)}\nstderr: ${this.err}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async quit(): Promise<number | null> {
    this.child.stdin.end('q\n');
    return this.exited;
  }
}

const KEYS: Record<Direction, string> = { up: 'w', down: 's', left: 'a', right: 'd' };
const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Both boards of a versus match as plain mode prints them, side by side. */
function versusBoards(m: RoomMatch): RegExp {
  if (m.kind !== 'versus') throw new Error('versus');
  const [a, b] = m.match.games.map((g) => boardText(g.cells).split('\n'));
  return new RegExp(
    a!.map((row, i) => `${escapeRe(row)} +${escapeRe(b![i]!.trimStart())}`).join('\n'),
  );
}

/** The duel's board as plain mode prints it. */
function duelBoard(m: RoomMatch): string {
  if (m.kind !== 'duel') throw new Error('a duel');
  return boardText(m.duel.game.cells);
}

async function makeRoom(kind: 'versus' | 'duel', extra: string[], url = server.url) {
  const a = new Terminal([kind, '--online', '--name', 'Alice', ...extra], dirs.make(), url);
  await a.waitFor('Room: ');
  const code = /Room: (\w+)/.exec(a.out)![1]!;
  expect(a.out).toContain(`Link: ${url}/#room=${code}`);
  // The test follows the match as a watcher does: the server deals, and keeps the seed.
  const follower = await Follower.watch(url, code);
  return { a, code, follower };
}

describe('online play in line mode', () => {
  test('a versus match through the server, every board as the engine says, to its end', async () => {
    const { a, code, follower } = await makeRoom('versus', ['--target', '16', '--size', '3']);
    await a.waitFor('Waiting for the other player to join');
    // The command printed for a friend works as printed: it names the server.
    const printed = /A friend joins with: (.*)\n/.exec(a.out)![1]!;
    expect(printed).toBe(`slidebox versus --join ${code} --server ${server.url}`);
    const bDir = dirs.make();
    const b = new Terminal([...printed.split(' ').slice(1), '--name', 'Bob'], bDir);
    await b.waitFor('Bob (you)');
    await a.waitFor('Bob: 0');
    let match = await follower.after(0);
    const terms = [a, b] as const;
    const marks = [a.out.length, b.out.length];
    for (let turn = 0; match.kind === 'versus' && !match.match.over; turn++) {
      const side = (turn % 2) as 0 | 1;
      const dir = DIRS.find((d) => {
        const next = previewAction(match, side, { kind: 'slide', dir: d });
        return next.ok && next.value !== match;
      });
      if (!dir) throw new Error('no move');
      terms[side].send(KEYS[dir]);
      // The move with the tile the server dealt for it.
      match = await follower.after(turn + 1);
      // Both terminals print both boards as the engine has them.
      for (const s of [0, 1] as const)
        marks[s] = await terms[s].waitFor(versusBoards(match), marks[s]);
      if (turn > 400) throw new Error('no end');
    }
    if (match.kind !== 'versus') throw new Error('versus');
    const won = match.match.winner;
    await a.waitFor(won === 0 ? 'You win' : won === 1 ? 'Bob wins' : 'Draw');
    await b.waitFor(won === 1 ? 'You win' : won === 0 ? 'Alice wins' : 'Draw');
    const replay = /slidebox replay (sb\.\S+)/.exec(a.out)![1]!;
    const shown = await runCliAsync(['replay', replay, '--plain']);
    expect(shown.code).toBe(0);
    // A rematch: offered by one, taken by the other.
    a.send('r');
    await a.waitFor('Rematch offered: waiting for Bob.');
    await b.waitFor('Alice offers a rematch: type r to accept, q to leave.');
    b.send('r');
    await expect
      .poll(
        async () =>
          ((await call(server.url, 'GET', `/api/rooms/${code}`)).body as { match: number }).match,
      )
      .toBe(2);
    expect(await a.quit()).toBe(0);
    expect(await b.quit()).toBe(0);
    follower.close();
    expect(a.err).toContain(`Left room ${code}`);
  }, 120_000);

  test('a duel: roles and turns, a refused move, a seat taken back, a watcher', async () => {
    const { a, code, follower } = await makeRoom('duel', ['--size', '3']);
    const bDir = dirs.make();
    let b = new Terminal(['duel', '--join', code, '--name', 'Bob'], bDir);
    await b.waitFor('Bob (you)');
    // A duel deals nothing: its start (who slides first) is all the server tells.
    let match: RoomMatch = await follower.after(0);
    follower.close();
    if (match.kind !== 'duel') throw new Error('a duel');
    const placer = whoIs(match.duel).placer;
    const terms = (): [Terminal, Terminal] => [a, b];
    // The slider may not place: one line saying so, nothing changes.
    const slider = placer === 0 ? 1 : 0;
    terms()[slider].send('place 1 1 2');
    await expect.poll(() => terms()[slider].err).toMatch(/placer|turn/);
    const act = async (side: 0 | 1, line: string, action: RoomAction) => {
      const next = applyAction(match, side, action);
      if (!next.ok) throw new Error(next.error.message);
      match = next.value;
      const from = terms()[side === 0 ? 1 : 0].out.length;
      terms()[side].send(line);
      await terms()[side === 0 ? 1 : 0].waitFor(duelBoard(match), from);
    };
    await act(placer, 'place 1 1 2', { kind: 'place', row: 0, col: 0, value: 2 });
    await act(placer, 'place 1 2 2', { kind: 'place', row: 0, col: 1, value: 2 });
    // Bob leaves mid-duel and comes back to the same seat.
    expect(await b.quit()).toBe(0);
    expect(b.err).toContain(`slidebox duel --join ${code} --server ${server.url} takes it back`);
    await a.waitFor('Bob (away: forfeits at');
    b = new Terminal(['duel', '--join', code], bDir);
    await b.waitFor('Bob (you)');
    const dir: Direction = 'right';
    await act(slider as 0 | 1, KEYS[dir], { kind: 'slide', dir });
    // A third terminal watches, and cannot move.
    const w = new Terminal(['duel', '--join', code], dirs.make());
    await w.waitFor(duelBoard(match));
    w.send('a');
    await expect.poll(() => w.err).toMatch(/watching/);
    expect(await w.quit()).toBe(0);
    expect(w.err).toContain(`Stopped watching room ${code}`);
    expect(await a.quit()).toBe(0);
    expect(await b.quit()).toBe(0);
  }, 60_000);

  test("a duel's clock: the time each decision may take, then a loss on time, on the server's clock", async () => {
    const { a, code, follower } = await makeRoom('duel', ['--size', '3', '--turn-time', '2']);
    follower.close();
    const room = await call(server.url, 'GET', `/api/rooms/${code}`);
    expect(room.body).toMatchObject({ rules: { kind: 'duel', turnTime: 2 } });
    const b = new Terminal(['duel', '--join', code, '--name', 'Bob'], dirs.make());
    // Both seats taken: the clock runs for whoever places first, said to both by its deadline.
    const clock =
      /(Your|Alice's|Bob's) turn to place a 2 or a 4, by \d\d:\d\d:\d\d or the match is lost on time\./;
    await b.waitFor('Bob (you)');
    await expect.poll(() => a.out, { timeout: 10_000 }).toMatch(clock);
    await expect.poll(() => b.out, { timeout: 10_000 }).toMatch(clock);
    // Nobody places: the placer loses on time.
    const lost = /You lost on time: your decision took too long, and (Alice|Bob) wins\./;
    const won = /You win: (Alice|Bob)'s time ran out\./;
    await expect.poll(() => a.out + b.out, { timeout: 15_000 }).toMatch(lost);
    await expect.poll(() => a.out + b.out, { timeout: 15_000 }).toMatch(won);
    expect(await a.quit()).toBe(0);
    expect(await b.quit()).toBe(0);
  }, 60_000);

  test('bad codes, a room of the other kind, and a server that is away: one line and an exit code', async () => {
    const bad = await runCliAsync(['versus', '--join', 'O0', '--server', server.url, '--plain']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('a room code is 7 letters');
    const none = await runCliAsync([
      'versus',
      '--join',
      'ACDEFGH',
      '--server',
      server.url,
      '--plain',
      '--data-dir',
      dirs.make(),
    ]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no room has this code');
    const { a, code } = await makeRoom('duel', []);
    const wrong = await runCliAsync([
      'versus',
      '--join',
      code,
      '--server',
      server.url,
      '--plain',
      '--data-dir',
      dirs.make(),
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`slidebox duel --join ${code}`);
    // Refused before any seat was taken: the second seat is still free.
    const seats = async (c: string) =>
      ((await call(server.url, 'GET', `/api/rooms/${c}`)).body as { seats: { name: unknown }[] })
        .seats;
    expect((await seats(code))[1]!.name).toBe(null);
    await a.quit();
    // And the other way round: duel --join of a versus room.
    const versus = await makeRoom('versus', []);
    const wrongWay = await runCliAsync([
      'duel',
      '--join',
      versus.code,
      '--server',
      server.url,
      '--plain',
      '--data-dir',
      dirs.make(),
    ]);
    expect(wrongWay.code).toBe(2);
    expect(wrongWay.stderr.trim()).toBe(
      `Room ${versus.code} is a versus room: join it with slidebox versus --join ${versus.code}`,
    );
    expect((await seats(versus.code))[1]!.name).toBe(null);
    await versus.a.quit();
    const away = await runCliAsync([
      'versus',
      '--online',
      '--server',
      await closedPortUrl(),
      '--plain',
      '--data-dir',
      dirs.make(),
    ]);
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(
      /^slidebox: no room was made: the server at .* could not be reached\.$/m,
    );
    expect(away.stderr).not.toMatch(/at .*\.js:\d+/);
    const both = await runCliAsync(['duel', '--online', '--join', code]);
    expect(both.code).toBe(2);
  }, 60_000);
});

describe('line mode shows only what the server took', () => {
  test('--join to a server that does not answer, or is not there: one line, exit 1, within the timeout', async () => {
    const silent = await silentServer();
    try {
      for (const url of [silent.url, await closedPortUrl()]) {
        const began = Date.now();
        const r = await runCliAsync(
          ['versus', '--join', 'ACDEFGH', '--server', url, '--plain', '--data-dir', dirs.make()],
          { env: { SLIDEBOX_NET_TIMEOUT_MS: '400' }, input: 'a\nd\n' },
        );
        expect(Date.now() - began).toBeLessThan(4000);
        expect(r.code).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(
          url === silent.url
            ? /^slidebox: room ACDEFGH could not be joined: the server at \S+ did not answer within 0\.4 s\.\n$/
            : /^slidebox: room ACDEFGH could not be joined: the server at \S+ could not be reached\.\n$/,
        );
      }
    } finally {
      await silent.close();
    }
  }, 30_000);

  test('online options are checked here first: local play’s sentences, and what does not go together', async () => {
    const away = await closedPortUrl();
    const cases: [string[], RegExp][] = [
      [
        ['versus', '--online', '--size', '9'],
        /^slidebox: --size must be a whole number from 3 to 8, got 9$/m,
      ],
      [['versus', '--online', '--cap', '3'], /^slidebox: --cap must be a power of two from 4/m],
      [['duel', '--online', '--cap', '8'], /^slidebox: --cap is for slidebox versus only$/m],
      [['versus', '--online', '--ai'], /^slidebox: --ai plays the AI on this computer/m],
      [['versus', '--online', '--ai', 'hard'], /^slidebox: --ai plays the AI on this computer/m],
      [['versus', '--watch'], /^slidebox: --watch goes with --join CODE/m],
      [['duel', '--online', '--watch'], /^slidebox: --watch goes with --join CODE/m],
      [['versus', '--join', 'ACDEFGH', '--size', '5'], /^slidebox: --size goes with --online/m],
      [['versus', '--online', '--seed', '4'], /^slidebox: --seed is for play on this computer/m],
      [
        ['duel', '--online', '--turn-time', '0'],
        /^slidebox: --turn-time is a whole number of seconds from 1 to 3600, got "0"$/m,
      ],
      [
        ['versus', '--online', '--turn-time', '30'],
        /^slidebox: --turn-time is for slidebox duel only$/m,
      ],
      [
        ['duel', '--join', 'ACDEFGH', '--turn-time', '30'],
        /^slidebox: --turn-time goes with --online/m,
      ],
    ];
    for (const [args, said] of cases) {
      const r = await runCliAsync([...args, '--server', away, '--data-dir', dirs.make()]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(said);
      expect(r.stderr).not.toMatch(/unknown option|no room was made/);
    }
  }, 60_000);

  test('a server killed mid-match: lines are refused out loud until it is back, then played', async () => {
    const dataDir = dirs.make('slidebox-serve-');
    let served: Served | null = await startServe(['--data-dir', dataDir, '--rate-limit', '0']);
    try {
      const url = served.url;
      const { a, code } = await makeRoom('versus', [], url);
      const b = new Terminal(['versus', '--join', code, '--name', 'Bob'], dirs.make(), url);
      await b.waitFor('Bob (you)');
      served.child.kill('SIGKILL');
      await served.ended;
      served = null;
      await b.waitFor('the connection dropped: reconnecting…', 0, 10_000, 'err');
      const printed = b.out.length;
      for (const line of ['a', 'w', 'd', 's']) b.send(line);
      await b.waitFor('not sent: the connection dropped (reconnecting…)', 0, 10_000, 'err');
      await new Promise((r) => setTimeout(r, 300));
      expect(b.err.match(/not sent: /g)).toHaveLength(4);
      expect(b.out.length).toBe(printed);
      const port = new URL(url).port;
      served = await startServe(['--data-dir', dataDir, '--rate-limit', '0', '--port', port]);
      await b.waitFor('Connected again.', 0, 15_000, 'err');
      // Said once: the match went on on the server started again.
      const changed = 'the server changed: the match goes on where its last answered move left it';
      await b.waitFor(changed, 0, 15_000, 'err');
      await a.waitFor(changed, 0, 15_000, 'err');
      // Nothing typed while it was down was sent: the room's log is still empty.
      const watcher = new RoomClient({
        server: url,
        room: code,
        watch: true,
        socket: nodeSocket,
        onChange: () => {},
      });
      try {
        await expect.poll(() => watcher.view.match !== null).toBe(true);
        expect(watcher.view.log).toEqual([]);
        for (const line of ['a', 'w', 'd', 's']) b.send(line);
        await expect.poll(() => watcher.view.log.length).toBeGreaterThan(0);
        // And what was taken is what b printed last.
        await b.waitFor(versusBoards(watcher.view.match!), printed);
        expect(b.err.split(changed)).toHaveLength(2);
      } finally {
        watcher.close();
      }
      expect(await a.quit()).toBe(0);
      expect(await b.quit()).toBe(0);
    } finally {
      await stopServe(served);
    }
  }, 90_000);

  test('the same seat opened again elsewhere: the first says so in one line and exits 1', async () => {
    const { a, code } = await makeRoom('duel', []);
    const bDir = dirs.make();
    const b = new Terminal(['duel', '--join', code, '--name', 'Bob'], bDir);
    await b.waitFor('Bob (you)');
    const b2 = new Terminal(['duel', '--join', code], bDir);
    await b2.waitFor('Bob (you)');
    expect(await b.exited).toBe(1);
    expect(b.err).toContain(
      `Room ${code}: this seat is now played in another window or tab (slidebox duel --join ${code} --server ${server.url} takes it back).`,
    );
    expect(await b2.quit()).toBe(0);
    expect(await a.quit()).toBe(0);
  }, 30_000);
});
