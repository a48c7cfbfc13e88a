/**
 * `slidebox leaderboard` with the server's analysis, end to end: the built CLI against a real
 * server (SQLite) whose analyser is a test double answering set figures — the Acc. and Agree
 * columns beside each line (– for a game not analysed yet), the AI-like game starred with the
 * footnote, every line within 80 columns, `--sort accuracy|agreement` ordering the analysed
 * games (each keeping its rank) and a bad `--sort` refused with a sentence and exit status 2.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Leaderboard } from '../../src/net/api.ts';
import type { GameFigures } from '../../src/server/boards/analysisFigures.ts';
import type { AnalysisOutcome, CodeAnalyser } from '../../src/server/boards/analysisPool.ts';
import { play2048, testPlayerKey } from '../../src/testing/games.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import { requireBuiltCli } from './helpers/cli.ts';
import { runCliAsync } from './helpers/net.ts';
import { useTmux } from './helpers/tmux.ts';

const { dirs } = useTmux();

/** Accuracy and agreement by player (null: never analysed); Bo's game plays like the AI. */
const PLAN: readonly [string, number | null, number | null][] = [
  ['Ada', 72.5, 41],
  ['Bo', 99.9, 97.5],
  ['Cy', null, null],
];

let server: TestServer;
const answers = new Map<string, GameFigures>();
const analyser: CodeAnalyser = {
  analyse: (code) =>
    new Promise<AnalysisOutcome>((resolve) => {
      const f = answers.get(code);
      if (f) resolve({ figures: f });
    }),
  close: async () => {},
};

beforeAll(async () => {
  requireBuiltCli();
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  server = await startTestServer(target, { analyser });
});
afterAll(async () => {
  await server?.close();
});

describe('slidebox leaderboard with the analysis', () => {
  test('shows Acc. and Agree, stars the AI-like game, sorts by a figure, within 80 columns', async () => {
    for (const [i, [name, accuracy, agreement]] of PLAN.entries()) {
      const { code } = play2048(800 + i, 250);
      if (accuracy !== null && agreement !== null) {
        answers.set(code, {
          kind: '2048',
          accuracy,
          agreement,
          moves: 400,
          optimal: null,
          wasted: null,
          method: 'fast',
        });
      }
      const r = await call(server.url, 'POST', '/api/scores', {
        code,
        name,
        playerKey: testPlayerKey(800 + i),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const ranks = new Map<string, number>();
    await expect
      .poll(
        async () => {
          const b = (
            await call(server.url, 'GET', '/api/leaderboard?board=2048&source=self-reported')
          ).body as Leaderboard;
          for (const e of b.entries) ranks.set(e.name, e.rank);
          return b.entries.filter((e) => e.accuracy !== null).length;
        },
        { timeout: 15_000 },
      )
      .toBe(2);
    const dir = dirs.make();
    const args = ['leaderboard', '2048', '--self-reported', '--server', server.url];
    const run = (...more: string[]) => runCliAsync([...args, ...more, '--data-dir', dir]);

    const plain = await run();
    expect(plain.code, plain.stderr).toBe(0);
    const lines = plain.stdout.trimEnd().split('\n');
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
    expect(lines[1]).toMatch(/^ {6}Name +Score {2}Largest {2}Moves {2}Acc\. {3}Agree$/);
    const row = (name: string) => lines.find((l) => l.includes(` ${name} `))!;
    expect(row('Ada')).toMatch(
      new RegExp(`^ {2}#${ranks.get('Ada')} {2}Ada .* 72\\.5 {2}41\\.0%$`),
    );
    expect(row('Bo')).toMatch(
      new RegExp(`^ {2}#${ranks.get('Bo')} {2}Bo .* 99\\.9 {2}97\\.5%\\*$`),
    );
    expect(row('Cy')).toMatch(/ {5}– {6}–$/);
    expect(lines).toContain(
      '  * agrees with the AI beyond what players do (90% of its moves, 300 or more)',
    );

    const sorted = await run('--sort', 'accuracy');
    expect(sorted.code, sorted.stderr).toBe(0);
    const order = sorted.stdout
      .split('\n')
      .map((l) => /^ {2}#(\d+) {2}(\w+)/.exec(l)?.slice(1).join(' '))
      .filter(Boolean);
    // The analysed games only: Cy's is not yet.
    expect(order).toEqual(['Bo', 'Ada'].map((n) => `${ranks.get(n)} ${n}`));
    expect(sorted.stdout.split('\n')[0]).toMatch(/ · by accuracy · /);

    const bad = await run('--sort', 'score');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^slidebox: --sort needs rank, accuracy or agreement, got "score"\n/,
    );
  });
});
