/**
 * Ranked play in line mode (`--plain`), the built CLI against a real server started here: the
 * day's ranked 2048 played a few moves and resigned (the figures and the rank at the end, the
 * code withheld by the server until the day is over, a second attempt refused with the first one's result),
 * a 3×3 ranked puzzle solved from the board the server dealt (its time the server's, the code
 * replaying to the same solve), a ranked 3×3 2048 game played to its end, options that do not go
 * with ranked play, and a server that does not answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeShared } from '../../src/engine/shareCode.ts';
import { solveOrThrow } from '../../src/puzzle.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import { CLI, cleanEnv, ROOT, requireBuiltCli, TempDirs } from './helpers/cli.ts';
import { runCliAsync, silentServer } from './helpers/net.ts';
import { type Served, startServe, stopServe } from './helpers/serve.ts';

let server: TestServer;
const dirs = new TempDirs();

beforeAll(async () => {
  requireBuiltCli();
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  server = await startTestServer(target);
});
afterAll(async () => {
  await server?.close();
  dirs.cleanup();
});

/** A CLI run fed line by line, its output read as it comes. */
class LineRun {
  readonly child: ChildProcess;
  out = '';
  err = '';
  readonly ended: Promise<number | null>;

  constructor(args: readonly string[], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: cleanEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      this.out += d;
    });
    this.child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      this.err += d;
    });
    this.ended = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  line(text: string): void {
    this.child.stdin!.write(`${text}\n`);
  }

  end(): void {
    this.child.stdin!.end();
  }

  async waitFor(ok: (out: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!ok(this.out)) {
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}:\n${this.out}\n--- stderr:\n${this.err}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.out;
  }
}

const args = (dir: string, ...words: string[]) => [
  ...words,
  '--plain',
  '--server',
  server.url,
  '--data-dir',
  dir,
];

/** The last puzzle board printed: its tiles row by row (0 for the gap). */
function lastPuzzle(out: string, width: number): number[] {
  const lines = out.trimEnd().split('\n');
  const rows = lines.slice(-width);
  return rows.flatMap((r) =>
    r
      .trim()
      .split(/\s+/)
      .map((t) => (t === '.' ? 0 : Number(t))),
  );
}

describe('ranked play in line mode', () => {
  test("the day's ranked 2048: moves, resign, the score and the rank; a second attempt is refused", async () => {
    const dir = dirs.make();
    const moves = 'a\ns\nd\nw\n'.repeat(5);
    const run = await runCliAsync(args(dir, 'daily', '2048', '--ranked', '--name', 'Ann'), {
      input: `${moves}resign\n`,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const boards = [...run.stdout.matchAll(/^Score: ([\d,]+) {2}Moves: (\d+)$/gm)];
    expect(boards.length).toBeGreaterThan(5);
    const last = boards.at(-1)!;
    const score = last[1]!;
    expect(run.stdout).toContain(`Final score: ${score} · ${last[2]} moves (resigned)\n`);
    expect(run.stdout).toContain("You are #1 on today's ranked daily 2048.\n");
    // The code would show the day's tiles: the server withholds it until the day is over.
    expect(run.stdout).toMatch(
      /^Its replay opens when the day is over, at 00:00 UTC on \d{4}-\d{2}-\d{2}: the day's tiles stay secret until then\.$/m,
    );
    expect(run.stdout).not.toContain('sb.');
    // Today's board shows the entry, without its code.
    const board = (await call(server.url, 'GET', '/api/leaderboard?board=daily-2048&limit=10'))
      .body as { entries: { name: string; score: number; code: string | null }[] };
    expect(board.entries).toContainEqual(
      expect.objectContaining({ name: 'Ann', score: Number(score.replace(/,/g, '')), code: null }),
    );
    // A second attempt: the server's sentence, and the attempt that counts.
    const again = await runCliAsync(args(dir, 'daily', '2048', '--ranked'), { input: 'a\n' });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/you have played today's .*your first attempt is your entry/);
    expect(again.stdout).toContain(`Final score: ${score}`);
    expect(again.stdout).toContain("You are #1 on today's ranked daily 2048.");
    expect(again.stdout).toMatch(/^Its replay opens when the day is over, /m);
    expect(again.stdout).not.toContain('sb.');
  }, 60_000);

  test('a ranked 3×3 puzzle solved from the dealt board: the server’s time, the rank, a code that replays it', async () => {
    const dir = dirs.make();
    const p = new LineRun(args(dir, 'puzzle', '--ranked', '--size', '3', '--name', 'Bea'));
    await p.waitFor((o) => /^8-puzzle {2}Moves: 0 {2}Time: /m.test(o), 'the dealt board');
    const tiles = lastPuzzle(p.out, 3);
    const solution = await solveOrThrow(tiles, 3);
    // Wait a little before the first move: the server's clock counts from the deal.
    await new Promise((r) => setTimeout(r, 1100));
    for (const t of solution) p.line(String(t));
    const out = await p.waitFor((o) => /^Solved in /m.test(o), 'the result');
    p.end();
    expect(await p.ended).toBe(0);
    const solved = /^Solved in (\d+) moves · (\d+)\.(\d{3}) by the server's clock$/m.exec(out);
    expect(solved, out).not.toBeNull();
    expect(Number(solved![1])).toBe(solution.length);
    expect(Number(solved![2])).toBeGreaterThanOrEqual(1);
    expect(out).toContain('You are #1 on the ranked 3×3 puzzle board (8-puzzle).');
    const code = /^Share it: slidebox replay (\S+)$/m.exec(out)![1]!;
    const d = decodeShared(code);
    if (!d.ok || d.value.game.kind !== 'puzzle') throw new Error('a puzzle code');
    // The code is the solve the server saw: the same tiles, its time at least the wait.
    expect(d.value.game.tiles).toEqual(solution);
    expect(d.value.game.timeMs).toBeGreaterThanOrEqual(1000);
    // A finished game is forgotten: the same command deals a new one.
    const next = await runCliAsync(args(dir, 'puzzle', '--ranked', '--size', '3'), {
      input: 'q\n',
    });
    expect(next.stderr).not.toContain('Resumed');
    expect(next.stdout).toMatch(/^8-puzzle {2}Moves: 0 /m);
  }, 60_000);

  test('a ranked 3×3 2048 game played to its end', async () => {
    const dir = dirs.make();
    const run = await runCliAsync(args(dir, '--ranked', '--size', '3', '--name', 'Cy'), {
      input: 'a\ns\nd\nw\n'.repeat(400),
    });
    expect(run.code).toBe(0);
    const last = [...run.stdout.matchAll(/^Score: ([\d,]+) {2}Moves: (\d+)$/gm)].at(-1)!;
    expect(run.stdout).toContain(`Final score: ${last[1]} · ${last[2]} moves\n`);
    expect(run.stdout).toContain('You are #1 on the ranked 3×3 2048 board (to 2048).');
    expect(run.stdout).toMatch(/^Share it: slidebox replay sb\.\S+$/m);
  }, 60_000);

  test('lines faster than the server takes moves wait their turn: none is refused', async () => {
    const dir = dirs.make();
    const run = await runCliAsync(args(dir, '--ranked', '--name', 'Gus'), {
      input: 'a\ns\nd\nw\n'.repeat(100),
    });
    expect(run.code).toBe(0);
    const moves = Number([...run.stdout.matchAll(/^Score: [\d,]+ {2}Moves: (\d+)$/gm)].at(-1)![1]);
    // More moves than the server's burst of 60 messages: paced, not refused.
    expect(moves).toBeGreaterThan(60);
    // Nothing said but, when the game did not end, that it was left.
    const said = run.stderr.split('\n').filter((l) => l !== '');
    expect(said.filter((l) => !l.startsWith('Left your ranked game; '))).toEqual([]);
  }, 60_000);

  test('a game left with q is resumed by the same command, where the server has it', async () => {
    const dir = dirs.make();
    const first = await runCliAsync(args(dir, '--ranked', '--size', '3', '--name', 'Di'), {
      input: 'a\ns\nd\nq\n',
    });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(
      /^Left your ranked game; the server keeps it for 10 minutes \(then it ends as it stands\): slidebox --ranked --size 3 --server \S+ --data-dir \S+ goes on with it\.$/m,
    );
    const lastBoard = first.stdout.trimEnd().split('\n').slice(-4).join('\n');
    const again = await runCliAsync(args(dir, '--ranked', '--size', '3'), { input: '' });
    expect(again.stderr).toContain('Resumed your ranked game.');
    expect(again.stdout.trimEnd().split('\n').slice(0, 4).join('\n')).toBe(lastBoard);
  }, 60_000);

  test('the server killed mid-game: a move is refused on stderr and the game waits; back, it goes on', async () => {
    const dataDir = dirs.make('slidebox-serve-');
    let served: Served | null = await startServe(['--data-dir', dataDir, '--rate-limit', '0']);
    try {
      const url = served.url;
      const dir = dirs.make();
      const p = new LineRun([
        '--ranked',
        '--size',
        '3',
        '--plain',
        '--name',
        'Flo',
        '--server',
        url,
        '--data-dir',
        dir,
      ]);
      await p.waitFor((o) => /^Score: 0 {2}Moves: 0$/m.test(o), 'the dealt board');
      p.line('a');
      p.line('d');
      await p.waitFor((o) => (o.match(/^Score: /gm) ?? []).length >= 3, 'two moves answered');
      // The server writes moves every 200 ms: killed outright, it loses those of the last 200 ms.
      await new Promise((r) => setTimeout(r, 600));
      served.child.kill('SIGKILL');
      await served.ended;
      served = null;
      await p.waitFor(
        () =>
          p.err.includes(
            'The connection dropped: reconnecting… Your keys do nothing until it is back\n',
          ),
        'the drop said',
      );
      const held = p.out;
      p.line('s');
      await p.waitFor(
        () => p.err.includes('Not sent: the connection dropped · reconnecting…\n'),
        'the move refused',
      );
      expect(p.out).toBe(held);
      const port = new URL(url).port;
      served = await startServe(['--data-dir', dataDir, '--rate-limit', '0', '--port', port]);
      await p.waitFor(() => p.err.includes('Connected again.\n'), 'connected again', 15_000);
      // The game where the server had it, and it goes on from there.
      for (const l of ['w', 'a', 's', 'd', 'resign']) p.line(l);
      const out = await p.waitFor((o) => /^Final score: /m.test(o), 'the result');
      p.end();
      expect(await p.ended).toBe(0);
      const boards = [...out.matchAll(/^Score: ([\d,]+) {2}Moves: (\d+)$/gm)];
      const last = boards.at(-1)!;
      const moves = boards.map((b) => Number(b[2]));
      expect(moves.slice(0, 3)).toEqual([0, 1, 2]);
      // Nothing lost, nothing doubled: every board after the restart counts on from move 2.
      expect(moves.slice(3).every((n, i) => n >= 2 && n <= 2 + i + 1)).toBe(true);
      expect(Math.max(...moves)).toBeGreaterThan(2);
      expect(out).toContain(`Final score: ${last[1]} · ${last[2]} moves (resigned)`);
      expect(out).toContain('You are #1 on the ranked 3×3 2048 board (to 2048).');
    } finally {
      await stopServe(served);
    }
  }, 90_000);

  test('options that do not go with --ranked, and a server that does not answer', async () => {
    const dir = dirs.make();
    for (const [words, said] of [
      [['--ranked', '--ai'], '--ai does not go with --ranked'],
      [['puzzle', '--ranked', '--seed', '3'], '--seed does not go with --ranked'],
      [['versus', '--ranked'], '--ranked is for slidebox 2048 and slidebox puzzle only'],
      [['daily', '--ranked'], '--ranked plays a game: slidebox daily 2048 --ranked or'],
    ] as const) {
      const r = await runCliAsync([...words, '--data-dir', dir]);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]!.startsWith(`slidebox: ${said}`)).toBe(true);
    }
    const silent = await silentServer();
    try {
      const r = await runCliAsync(
        ['--ranked', '--plain', '--server', silent.url, '--name', 'Ed', '--data-dir', dir],
        { env: { SLIDEBOX_NET_TIMEOUT_MS: '500' } },
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^slidebox: no ranked game was started: the server at http:\S+ did not answer within 0\.5 s\.\n$/,
      );
    } finally {
      await silent.close();
    }
  }, 60_000);
});
