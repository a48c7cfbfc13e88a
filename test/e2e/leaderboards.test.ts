/**
 * The terminal's leaderboards end to end: the built CLI against a real server started here (its
 * clock set to noon of the test's day, SLIDEBOX_TODAY the same day, an SQLite database) — real
 * codes submitted and ranked on the self-reported boards (said so), boards as tables and as the
 * API's JSON, ranked by default, `slidebox daily` in a terminal with today's ranked top 10 (no
 * replay while the day lasts), the question asked once when an offline daily game ends (plain
 * and full-screen), the settings' order, and a server that is away or silent: one line, no lost
 * game, exit 0 for daily and 1 for the commands that asked for the server.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxTile } from '../../src/engine/game2048.ts';
import { formatNumber } from '../../src/front/format.ts';
import { play2048, playPuzzle, testPlayerKey } from '../../src/testing/games.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import { runCli } from './helpers/cli.ts';
import { closedPortUrl, runCliAsync, silentServer } from './helpers/net.ts';
import { playRanked2048 } from './helpers/ranked.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

const DAY = '2026-11-24';
/** What a name must never write to the terminal: ESC, CSI, a right-to-left override. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u001b\u009b\u202e]/u;
const NOON = Date.parse(`${DAY}T12:00:00Z`);

let server: TestServer;
let url = '';

beforeAll(async () => {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  server = await startTestServer(target, { now: () => NOON });
  url = server.url;
});

afterAll(async () => {
  await server?.close();
});

/** The CLI with the test's day, in a data directory, stdin from `input`. */
function cli(
  args: string[],
  dir: string,
  opts: { input?: string; env?: Record<string, string> } = {},
) {
  return runCliAsync([...args, '--data-dir', dir], {
    input: opts.input,
    env: { SLIDEBOX_TODAY: DAY, ...opts.env },
  });
}

const keyOf = (dir: string): string =>
  JSON.parse(readFileSync(join(dir, 'player.json'), 'utf8')).key;

/** Posts a game for a player of the test's own (not through the CLI). */
async function post(code: string, name: string, n: number): Promise<void> {
  const r = await call(url, 'POST', '/api/scores', { code, name, playerKey: testPlayerKey(n) });
  if (r.status !== 201) throw new Error(`not stored: ${JSON.stringify(r.body)}`);
}

describe('slidebox submit', () => {
  test('a real code is re-played and ranked; sent again, it says so; --last sends the last game', async () => {
    const high = play2048(11, 300, { size: 5 });
    const low = play2048(12, 12, { size: 5 });
    expect(high.game.score).toBeGreaterThan(low.game.score);
    const ada = dirs.make();
    const first = await cli(['submit', high.code, '--name', 'Ada', '--server', url], ada);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const g = high.game;
    expect(first.stdout).toBe(
      `Submitted to the self-reported boards: 2048 · 5×5 · ${formatNumber(g.score)} points · largest ${formatNumber(maxTile(g.cells))} · ${formatNumber(g.moves)} moves\n` +
        'You are #1 on the self-reported 5×5 2048 board (to 2048).\n',
    );
    // The key is the player's alone: readable by them only.
    expect(statSync(join(ada, 'player.json')).mode & 0o777).toBe(0o600);

    const bob = dirs.make();
    const second = await cli(['submit', low.code, '--name', 'Bob', '--server', url], bob);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /\nYou are #2 on the self-reported 5×5 2048 board \(to 2048\)\.\n$/,
    );

    const again = await cli(['submit', high.code, '--server', url], ada);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      /^Already on the self-reported boards \(submitted before\): 2048 · 5×5 · /,
    );
    expect(again.stdout).toMatch(/You are #1 on /);

    // A game played in plain mode, then sent with --last: the same code export --last prints.
    const cy = dirs.make();
    runCli(['--plain', '--size', '5', '--seed', '3', '--new', '--data-dir', cy], {
      input: 'a\nd\ns\na\nn\nq\n',
    });
    const last = await cli(['submit', '--last', '--name', 'Cy', '--server', url], cy);
    expect(last.code).toBe(0);
    expect(last.stdout).toMatch(
      /^Submitted to the self-reported boards: 2048 · 5×5 · \d+ points · largest \d+ · 4 moves\nYou are #3 /,
    );
    const exported = runCli(['export', '--last', '--data-dir', cy]).stdout.trim();
    const board = await call(
      url,
      'GET',
      '/api/leaderboard?board=2048&size=5&source=self-reported',
      undefined,
      { 'x-player-key': keyOf(cy) },
    );
    expect((board.body as { you: { code: string } }).you.code).toBe(exported);
  });

  test('a solved puzzle ranks on its size; codes that cannot rank are refused here with a sentence', async () => {
    const { puzzle, code } = await playPuzzle(21, { width: 3, wander: 12 });
    const dir = dirs.make();
    const r = await cli(['submit', code, '--name', 'Pat', '--server', url], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `Submitted to the self-reported boards: 8-puzzle · ${puzzle.moves} moves · 0:${String(puzzle.moves).padStart(2, '0')}\n` +
        'You are #1 on the self-reported 3×3 puzzle board (8-puzzle).\n',
    );
    // Not on the ranked board.
    const ranked = await cli(['leaderboard', 'puzzle', '--size', '3', '--server', url], dir);
    expect(ranked.stdout).toContain('No games on this board yet.');
    expect(ranked.stdout).toContain('You are not on the ranked 3×3 puzzle board (8-puzzle) yet.');
    const garbage = await cli(['submit', 'sb.nonsense', '--name', 'Pat', '--server', url], dir);
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toMatch(/^slidebox: cannot submit this code: /);
    // Without a name, and no terminal to ask in: how to give one.
    const nameless = await cli(['submit', code, '--server', url], dirs.make());
    expect(nameless.code).toBe(1);
    expect(nameless.stderr).toBe(
      'slidebox: a name is needed for the leaderboards: give one with --name NAME, or set it with slidebox config name NAME\n',
    );
  });
});

describe('slidebox leaderboard', () => {
  test('a table through a pipe: aligned, your line marked, names escaped; --json is the API’s answer', async () => {
    // Three games on the 6×6 board: two players of the test's own and one through the CLI.
    const games = [play2048(31, 400, { size: 6 }), play2048(32, 200, { size: 6 })];
    await post(games[0]!.code, 'Top', 601);
    await post(games[1]!.code, 'Eve', 602);
    const mine = play2048(33, 20, { size: 6 });
    const dir = dirs.make();
    expect((await cli(['submit', mine.code, '--name', 'Me', '--server', url], dir)).code).toBe(0);
    // A name the server would refuse, put straight into its database: the client must not trust it.
    await server.database.db
      .updateTable('players')
      .set({ name: 'Eve\u001b[2J\u202e\u009b1m' })
      .where('name', '=', 'Eve')
      .execute();

    const self = ['leaderboard', '2048', '--size', '6', '--self-reported', '--server', url];
    const r = await cli(self, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(UNSAFE);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`The self-reported 6×6 2048 board (to 2048) · ${url}`);
    expect(lines[1]).toMatch(/^ {6}Name {2,}Score {2}Largest {2}Moves$/);
    const scores = [...games.map((g) => g.game.score), mine.game.score].sort((a, b) => b - a);
    expect(
      lines.slice(2, 5).map((l) => l.match(/^ {2}#(\d) {2}(\S+) +([\d,]+) /)?.slice(1)),
    ).toEqual([
      ['1', 'Top', formatNumber(scores[0]!)],
      ['2', 'Eve\\x1b[2J\\u202e\\x9b1m', formatNumber(scores[1]!)],
      ['3', 'Me', formatNumber(scores[2]!)],
    ]);
    expect(lines[4]).toMatch(/ {2}← you$/);
    // Aligned: every figure column ends in the same place.
    const ends = lines.slice(1, 5).map((l) => l.replace(/ {2}← you$/, '').length);
    expect(new Set(ends).size).toBe(1);
    expect(lines[5]).toMatch(/^Self-reported: share codes of games played offline/);
    expect(lines.at(-1)).toBe('You are #3 on the self-reported 6×6 2048 board (to 2048).');

    const json = await cli([...self, '--json'], dir);
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(UNSAFE);
    const api = await call(
      url,
      'GET',
      '/api/leaderboard?board=2048&size=6&limit=10&source=self-reported',
      undefined,
      { 'x-player-key': keyOf(dir) },
    );
    expect(JSON.parse(json.stdout)).toEqual(api.body);
    // The ranked board of that size has none of them.
    const ranked = await cli(['leaderboard', '2048', '--size', '6', '--server', url], dir);
    expect(ranked.stdout).toBe(
      `The ranked 6×6 2048 board (to 2048) · ${url}\n  No games on this board yet.\nYou are not on the ranked 6×6 2048 board (to 2048) yet.\n`,
    );
  });

  test('in a terminal: the same table, the heading and your line in bold', async () => {
    const dir = dirs.make();
    const { code } = play2048(41, 30, { size: 7 });
    expect((await cli(['submit', code, '--name', 'Ty', '--server', url], dir)).code).toBe(0);
    const pane = await tmux.start({
      args: [
        'leaderboard',
        '2048',
        '--size',
        '7',
        '--self-reported',
        '--server',
        url,
        '--data-dir',
        dir,
      ],
      env: { SLIDEBOX_TODAY: DAY, TERM: 'xterm-256color' },
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toMatch(/ {2}#1 {2}Ty +[\d,]+ +\d+ +30 {2}← you\n/);
    const escaped = pane.captureEscaped();
    expect(escaped).toContain('\u001b[1m#1  Ty ');
    expect(escaped).toContain('\u001b[1m    Name  Score');
  });

  test('bad arguments say what is wrong (exit 2)', async () => {
    const dir = dirs.make();
    const r = await cli(['leaderboard', 'daily', '--size', '5', '--server', url], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^slidebox: --size is for the 2048 and puzzle boards/);
    const none = await cli(['leaderboard'], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /^slidebox: no leaderboard server is set: give one with --server URL/,
    );
  });
});

describe('slidebox daily with a server', () => {
  test('in a terminal: your results, then today’s ranked top 10 with your line below it and your rank', async () => {
    // Twelve players ahead of you on today's ranked daily 2048.
    for (let i = 0; i < 12; i++) {
      const req = { kind: '2048', daily: true, playerKey: testPlayerKey(700 + i) } as const;
      await playRanked2048(url, { ...req, name: `P${String(i + 1).padStart(2, '0')}` }, 20 + 3 * i);
    }
    const dir = dirs.make();
    // Your day's ranked game: a move or two (one of the four slides whatever the deal), then
    // resigned.
    const played = await cli(
      // A name of its own: "Me" belongs to the key of the test above.
      ['daily', '2048', '--ranked', '--plain', '--server', url, '--name', 'Mel'],
      dir,
      { input: 'a\nd\nw\ns\nresign\n' },
    );
    expect(played.code).toBe(0);
    expect(played.stdout).toMatch(/You are #\d+ on today's ranked daily 2048\./);
    const myRank = Number(/You are #(\d+) on today's ranked daily 2048\./.exec(played.stdout)?.[1]);
    expect(myRank).toBeGreaterThan(10);

    const pane = await tmux.start({
      args: ['daily', '--data-dir', dir],
      env: { SLIDEBOX_TODAY: DAY, SLIDEBOX_SERVER: url },
      cols: 80,
      rows: 40,
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    const screen = exit.screen;
    expect(screen).toContain(`slidebox daily · ${DAY} (UTC)`);
    expect(screen).toContain(`Today's top 10, ranked · ${url}`);
    const api = await call(url, 'GET', `/api/leaderboard?board=daily-2048&day=${DAY}&limit=10`);
    const entries = (api.body as { entries: { name: string; code: string | null }[] }).entries;
    expect(entries).toHaveLength(10);
    // While the day lasts, no entry shows its code (it would show the day's tiles).
    expect(entries.every((e) => e.code === null)).toBe(true);
    const listed = [...screen.matchAll(/^ {2,3}#(\d+) {2}(\S+) /gm)].map((m) => [
      Number(m[1]),
      m[2],
    ]);
    expect(listed).toEqual([...entries.map((e, i) => [i + 1, e.name]), [myRank, 'Mel']]);
    expect(screen).toMatch(new RegExp(`\\n {2,}…\\n {2}#${myRank} {2}Mel .*← you\\n`));
    expect(screen).toContain('15-puzzle\n  No games yet today.');
    expect(screen).toContain(`You are #${myRank} on today's ranked daily 2048.`);

    // The board itself says why there is no replay today.
    const board = await cli(['leaderboard', '--server', url], dir);
    expect(board.stdout).toContain(
      "Today's ranked games show no replay until the day ends (UTC): it would show the\nday's tiles.",
    );
    expect(board.stdout).toContain(`You are #${myRank} on today's ranked daily 2048.`);
  });

  test('the question after a full-screen game: asked once, yes and a name, then the rank', async () => {
    const dir = dirs.make();
    const pane = await tmux.start({
      args: ['daily', '2048', '--server', url, '--data-dir', dir],
      env: { SLIDEBOX_TODAY: DAY },
      cols: 90,
      rows: 30,
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    await pane.waitForText(/Moves 0\b/);
    pane.keys('Left');
    await pane.waitForText(/Moves 1\b/);
    pane.keys('n');
    pane.keys('y');
    await pane.waitForText(/Moves 0\b/);
    pane.keys('q');
    await pane.waitForText(`Submit to the self-reported boards at ${url}? [y/N]`);
    pane.type('y');
    pane.keys('Enter');
    await pane.waitForText('Your name on the leaderboards (up to 24 characters):');
    pane.type('Tess');
    pane.keys('Enter');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toMatch(
      /Submitted to the self-reported boards: daily 2048 · 2026-11-24 · \d+ points · largest \d+ · 1 move\n/,
    );
    expect(exit.screen).toMatch(/You are #\d+ on today's self-reported daily 2048\./);
    expect(runCli(['config', 'submit', '--data-dir', dir]).stdout).toBe('always\n');
    expect(runCli(['config', 'name', '--data-dir', dir]).stdout).toBe('Tess\n');
  });

  test('plain mode: no is kept, nothing is sent, and no later game asks again', async () => {
    const dir = dirs.make();
    const r = await cli(['daily', '2048', '--plain', '--server', url], dir, {
      input: 'a\nd\nn\nn\nq\n',
    });
    expect(r.code).toBe(0);
    expect(r.stdout.split(`Submit to the self-reported boards at ${url}? [y/N]`)).toHaveLength(2);
    expect(r.stdout).toContain('Not submitted; you will not be asked again');
    expect(r.stderr).not.toMatch(/unknown command/);
    expect(existsSync(join(dir, 'player.json'))).toBe(false);
    expect(runCli(['config', 'submit', '--data-dir', dir]).stdout).toBe('never\n');
    // The next day's game ends: no question.
    const next = await runCliAsync(
      ['daily', '2048', '--plain', '--server', url, '--data-dir', dir],
      {
        input: 'a\nd\nn\nq\n',
        env: { SLIDEBOX_TODAY: '2026-11-25' },
      },
    );
    expect(next.stdout).not.toContain('Submit to the self-reported boards');
    expect(next.stdout).toContain('slidebox daily 2026-11-25 · 2048 · ');
  });
});

describe('a server that is away', () => {
  test('one line; daily keeps the game and exits 0, submit and leaderboard exit 1', async () => {
    const away = await closedPortUrl();
    const line = `The leaderboard could not be reached: the server at ${away} could not be reached.`;
    const dir = dirs.make();
    const status = await cli(['daily', '--server', away], dir);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Streak: 0 days');
    expect(status.stdout.trimEnd().split('\n').at(-1)).toBe(line);
    expect(status.stderr).toBe('');

    // A day's game that ends with "always" set: it counts and is kept; the submission costs a line.
    expect(runCli(['config', 'submit', 'always', '--data-dir', dir]).code).toBe(0);
    // (Moves no other test plays: the same moves would make the same code, stored already.)
    const played = await cli(['daily', '2048', '--plain', '--server', away, '--name', 'Al'], dir, {
      input: 'd\ns\nd\nw\nn\nq\n',
    });
    expect(played.code).toBe(0);
    expect(played.stderr).toContain(
      `${line} The game is kept: slidebox submit --last sends it later.\n`,
    );
    expect(played.stdout).toMatch(
      /slidebox daily 2026-11-24 · 2048 · \d+ points · largest \d+\nShare it: /,
    );
    expect(played.stdout + played.stderr).not.toMatch(/\n\s+at /);

    const submit = await cli(['submit', '--last', '--server', away], dir);
    expect(submit).toMatchObject({ code: 1, stdout: '', stderr: `${line}\n` });
    const board = await cli(['leaderboard', '--server', away], dir);
    expect(board).toMatchObject({ code: 1, stdout: '', stderr: `${line}\n` });
    // Sent later, when the server is there: the game was kept.
    const later = await cli(['submit', '--last', '--server', url], dir);
    expect(later.code).toBe(0);
    expect(later.stdout).toMatch(
      /^Submitted to the self-reported boards: daily 2048 · 2026-11-24 · /,
    );
  });

  test('a server that never answers: given up after the time set, one line', async () => {
    const silent = await silentServer();
    try {
      const dir = dirs.make();
      const env = { SLIDEBOX_NET_TIMEOUT_MS: '300' };
      const line = `The leaderboard could not be reached: the server at ${silent.url} did not answer within 0.3 s.`;
      const board = await cli(['leaderboard', '--server', silent.url], dir, { env });
      expect(board).toMatchObject({ code: 1, stderr: `${line}\n` });
      const status = await cli(['daily', '--server', silent.url], dir, { env });
      expect(status.code).toBe(0);
      expect(status.stdout.trimEnd().split('\n').at(-1)).toBe(line);
    } finally {
      await silent.close();
    }
  });
});

describe('slidebox config', () => {
  test('--server, then SLIDEBOX_SERVER, then the setting', async () => {
    const away = await closedPortUrl();
    const dir = dirs.make();
    const set = await cli(['config', 'server', `${away}/`], dir);
    expect(set.code).toBe(0);
    expect(set.stdout).toBe(`Leaderboard server: ${away} (kept in ${join(dir, 'config.json')}).\n`);
    expect((await cli(['config', 'server'], dir)).stdout).toBe(`${away}\n`);
    expect((await cli(['leaderboard'], dir)).code).toBe(1);
    expect((await cli(['leaderboard'], dir, { env: { SLIDEBOX_SERVER: url } })).code).toBe(0);
    const flag = await cli(['leaderboard', '--server', away], dir, {
      env: { SLIDEBOX_SERVER: url },
    });
    expect(flag.code).toBe(1);
    expect((await cli(['leaderboard', '--server', url], dir)).code).toBe(0);
    expect((await cli(['config', 'server', '--unset'], dir)).code).toBe(0);
    expect((await cli(['leaderboard'], dir)).code).toBe(2);
    const bad = await cli(['config', 'server', 'ftp://example.com'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^slidebox: config server: a server address starts with http:\/\/ or https:\/\/, not ftp:\/\//,
    );
  });

  test('a damaged settings file is set aside with one sentence; daily goes on', async () => {
    const dir = dirs.make();
    writeFileSync(join(dir, 'config.json'), '{"kind": "slidebox/config", "server": ');
    const r = await cli(['daily'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^Your settings in .*config\.json could not be read \(it is not valid JSON: truncated or garbled\); the file was moved to .*config\.json\.corrupt-\S+ and the defaults apply/,
    );
    expect(readdirSync(dir).some((f) => f.startsWith('config.json.corrupt-'))).toBe(true);
    expect(r.stdout).toContain(`slidebox daily · ${DAY} (UTC)`);
  });

  test('a new name is kept and shown on the boards', async () => {
    const dir = dirs.make();
    const { code } = play2048(51, 25, { size: 8 });
    expect((await cli(['submit', code, '--name', 'Old', '--server', url], dir)).code).toBe(0);
    const r = await cli(['config', 'name', 'New Name', '--server', url], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Your name on the leaderboards: New Name\nRenamed on ${url}.\n`);
    const board = await cli(
      ['leaderboard', '2048', '--size', '8', '--self-reported', '--server', url],
      dir,
    );
    expect(board.stdout).toMatch(/#1 {2}New Name .*← you/);
  });
});
