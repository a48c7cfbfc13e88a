import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxTile } from '../engine/game2048.ts';
import { type DailyResult, dailySeed } from '../front/daily.ts';
import { ServerClient } from '../net/api.ts';
import { RankedClient } from '../net/rankedClient.ts';
import { nodeSocketFactory } from '../node/webSocket.ts';
import { loadConfig, updateConfig } from '../storage/config.ts';
import { loadPlayer, setPlayerName } from '../storage/player.ts';
import { play2048, testPlayerKey } from '../testing/games.ts';
import { newDatabaseTarget, startTestServer, type TestServer } from '../testing/serverHarness.ts';
import { tempDir } from '../testing/tempDir.ts';
import { afterDailyGame, type DailyServer, dailyBoardsText, submittable } from './dailyOnline.ts';
import type { Ask } from './online.ts';

const DAY = '2026-11-24';
const NOON = Date.parse(`${DAY}T12:00:00Z`);

let server: TestServer;
/** A port where nothing listens: a listener closed at once. */
let closedUrl = '';

beforeAll(async () => {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  server = await startTestServer(target, { now: () => NOON });
  const probe: Server = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  closedUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
});

function daily2048(moves: number, pick = 1): DailyResult {
  const { game, code } = play2048(dailySeed(DAY, '2048'), moves, { pick });
  return {
    score: game.score,
    maxTile: maxTile(game.cells),
    moves: game.moves,
    won: false,
    assisted: false,
    code,
  };
}

/** The day's ranked 2048 played through the ranked client: `moves` moves, then resigned. */
async function rankedDaily(url: string, playerKey: string, name: string, moves: number) {
  const socket = await nodeSocketFactory();
  if (typeof socket === 'string') throw new Error(socket);
  const started = await RankedClient.start(
    new ServerClient(url),
    { kind: '2048', daily: true, playerKey, name },
    { socket },
  );
  if (!started.ok) throw new Error(started.error.message);
  const c = started.value.client;
  const until = async (ok: () => boolean) => {
    const deadline = Date.now() + 20_000;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error('the ranked game did not answer');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await until(() => c.view.status === 'open');
  for (let i = 0; i < moves; i++) {
    for (const d of ['left', 'down', 'right', 'up'] as const) if (c.move(d).ok) break;
    await until(() => c.view.pending === 0);
  }
  c.resign();
  await until(() => c.view.result !== null);
  c.close();
}

function setup(url: string, name?: string) {
  const dir = tempDir();
  if (name) setPlayerName(dir, name, () => testPlayerKey(name.length + 100));
  const lines: string[] = [];
  const warnings: string[] = [];
  const s: DailyServer = {
    url,
    dir,
    env: { SLIDEBOX_TODAY: DAY, SLIDEBOX_NET_TIMEOUT_MS: '3000' },
    say: (l) => lines.push(l),
    warn: (l) => warnings.push(l),
  };
  return { s, dir, lines, warnings };
}

function answering(...answers: (string | null)[]): Ask & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(
    (q: string) => {
      asked.push(q);
      return Promise.resolve(answers.shift() ?? null);
    },
    { asked },
  );
}

describe('a daily game that counted, with a server', () => {
  it('asks once; yes is kept as always, and the game is submitted with the rank said', async () => {
    const { s, dir, lines, warnings } = setup(server.url);
    const ask = answering('y', 'Ada');
    await afterDailyGame(s, '2048', daily2048(40), ask);
    expect(ask.asked).toEqual([
      `Submit to the self-reported boards at ${server.url}? [y/N] `,
      'Your name on the leaderboards (up to 24 characters): ',
    ]);
    expect(loadConfig(dir).config.submit).toBe('always');
    expect(lines[0]).toMatch(/^Your daily games will be submitted when they end/);
    expect(lines[1]).toMatch(
      new RegExp(`^Submitted to the self-reported boards: daily 2048 · ${DAY} · [\\d,]+ points`),
    );
    expect(lines[1]).toMatch(/\nYou are #1 on today's self-reported daily 2048\.$/);
    expect(warnings).toEqual([]);
    // Always: the next one goes without a question.
    const again = answering();
    await afterDailyGame(s, '2048', daily2048(60, 2), again);
    expect(again.asked).toEqual([]);
    expect(lines[2]).toMatch(/^Submitted to the self-reported boards: /);
  });

  it('no is kept as never: nothing is sent, and no question comes again', async () => {
    const { s, dir, lines } = setup(server.url, 'Bo');
    const ask = answering('n');
    await afterDailyGame(s, '2048', daily2048(20), ask);
    expect(loadConfig(dir).config.submit).toBe('never');
    expect(lines).toEqual([
      'Not submitted; you will not be asked again (slidebox config submit always sends daily games; slidebox submit --last sends this 2048).',
    ]);
    const again = answering('y');
    await afterDailyGame(s, '2048', daily2048(20), again);
    expect(again.asked).toEqual([]);
  });

  it('no answer (end of input) sends nothing and keeps no setting', async () => {
    const { s, dir, lines } = setup(server.url, 'Cy');
    await afterDailyGame(s, '2048', daily2048(20), answering(null));
    expect(lines).toEqual(['No answer: not submitted.']);
    expect(loadConfig(dir).config.submit).toBeUndefined();
  });

  it('a server that cannot be reached costs one line; the setting is still kept', async () => {
    const { s, dir, lines, warnings } = setup(closedUrl, 'Di');
    await afterDailyGame(s, '2048', daily2048(20), answering('yes'));
    expect(loadConfig(dir).config.submit).toBe('always');
    expect(warnings).toEqual([
      `The leaderboard could not be reached: the server at ${closedUrl} could not be reached. The game is kept: slidebox submit --last sends it later.`,
    ]);
    expect(lines).toHaveLength(1);
  });

  it('a given-up puzzle, or a result without its code, is not offered', async () => {
    const { s, dir } = setup(server.url, 'Ed');
    updateConfig(dir, (c) => ({ ...c, submit: 'always' }));
    expect(submittable('puzzle', { moves: 3, won: false, assisted: false, code: 'sb.x' })).toBe(
      false,
    );
    expect(submittable('2048', { moves: 3, won: false, assisted: false })).toBe(false);
    const ask = answering('y');
    await afterDailyGame(s, 'puzzle', { moves: 3, won: false, assisted: false, code: 'sb.x' }, ask);
    expect(ask.asked).toEqual([]);
  });
});

describe("today's top 10 under the daily results", () => {
  it('both ranked boards, your line marked and your rank said', async () => {
    const { s } = setup(server.url, 'Flo');
    // A self-reported game is not on the ranked boards; the day's ranked game is.
    updateConfig(s.dir, (c) => ({ ...c, submit: 'always' }));
    await afterDailyGame(s, '2048', daily2048(300, 9), null);
    const key = loadPlayer(s.dir).player!.key;
    expect(await dailyBoardsText(s, DAY, 'none')).not.toContain('Flo');
    await rankedDaily(server.url, key, 'Flo', 12);
    const text = await dailyBoardsText(s, DAY, 'none');
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(`Today's top 10, ranked · ${server.url}`);
    expect(lines[1]).toBe('2048');
    expect(lines.find((l) => l.includes('Flo'))).toMatch(/^ {2}#\d+ {2}Flo .*← you$/);
    expect(lines).toContain('15-puzzle');
    expect(lines).toContain('  No games yet today.');
    expect(lines.at(-1)).toMatch(/^You are #\d+ on today's ranked daily 2048\.$/);
  });

  it('a server that cannot be reached: one line', async () => {
    const { s } = setup(closedUrl);
    expect(await dailyBoardsText(s, DAY, 'none')).toBe(
      `The leaderboard could not be reached: the server at ${closedUrl} could not be reached.\n`,
    );
  });
});
