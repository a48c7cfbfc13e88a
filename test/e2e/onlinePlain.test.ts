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
import {
  applyAction,
  type RoomAction,
  type RoomMatch,
  type RoomRules,
  startMatch,
} from '../../src/net/rooms.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import { CLI, cleanEnv, ROOT, TempDirs } from './helpers/cli.ts';
import { closedPortUrl, runCliAsync } from './helpers/net.ts';

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

  constructor(args: readonly string[], dataDir: string) {
    this.child = spawn(
      process.execPath,
      [CLI, ...args, '--plain', '--server', server.url, '--data-dir', dataDir],
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
  async waitFor(text: string | RegExp, from = 0, ms = 10_000): Promise<number> {
    const end = Date.now() + ms;
    for (;;) {
      const rest = this.out.slice(from);
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

async function makeRoom(kind: 'versus' | 'duel', extra: string[]) {
  const a = new Terminal([kind, '--online', '--name', 'Alice', ...extra], dirs.make());
  await a.waitFor('Room: ');
  const code = /Room: (\w+)/.exec(a.out)![1]!;
  expect(a.out).toContain(`Link: ${server.url}/#room=${code}`);
  const r = await call(server.url, 'GET', `/api/rooms/${code}`);
  const rules = (r.body as { rules: RoomRules }).rules;
  return { a, code, rules };
}

describe('online play in line mode', () => {
  test('a versus match through the server, every board as the engine says, to its end', async () => {
    const { a, code, rules } = await makeRoom('versus', ['--target', '16', '--size', '3']);
    await a.waitFor('Waiting for the other player to join');
    const bDir = dirs.make();
    const b = new Terminal(['versus', '--join', code.toLowerCase(), '--name', 'Bob'], bDir);
    await b.waitFor('Bob (you)');
    await a.waitFor('Bob: 0');
    const m = startMatch(rules);
    if (!m.ok) throw new Error(m.error.message);
    let match = m.value;
    const terms = [a, b] as const;
    const marks = [a.out.length, b.out.length];
    for (let turn = 0; match.kind === 'versus' && !match.match.over; turn++) {
      const side = (turn % 2) as 0 | 1;
      const dir = DIRS.find((d) => {
        const next = applyAction(match, side, { kind: 'slide', dir: d });
        return next.ok && next.value !== match;
      });
      if (!dir) throw new Error('no move');
      const next = applyAction(match, side, { kind: 'slide', dir });
      if (!next.ok) throw new Error(next.error.message);
      match = next.value;
      terms[side].send(KEYS[dir]);
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
    await b.waitFor('The other player offers a rematch');
    b.send('r');
    await expect
      .poll(
        async () =>
          ((await call(server.url, 'GET', `/api/rooms/${code}`)).body as { match: number }).match,
      )
      .toBe(2);
    expect(await a.quit()).toBe(0);
    expect(await b.quit()).toBe(0);
    expect(a.err).toContain(`Left room ${code}`);
  }, 120_000);

  test('a duel: roles and turns, a refused move, a seat taken back, a watcher', async () => {
    const { a, code, rules } = await makeRoom('duel', ['--size', '3']);
    const bDir = dirs.make();
    let b = new Terminal(['duel', '--join', code, '--name', 'Bob'], bDir);
    await b.waitFor('Bob (you)');
    const start = startMatch(rules);
    if (!start.ok || start.value.kind !== 'duel') throw new Error('a duel');
    let match: RoomMatch = start.value;
    const placer = whoIs(start.value.duel).placer;
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
    expect(b.err).toContain(`slidebox duel --join ${code} takes it back`);
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
    await a.quit();
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
