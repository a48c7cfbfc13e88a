/**
 * A name held by another player, in the terminal: `slidebox submit` asks for a name, the server
 * answers that a look-alike of it belongs to another player, the prompt says so and asks again,
 * and the game goes in under the new name (kept); without a terminal the server's sentence is
 * the one line, exit 1. `slidebox config name` says so too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { play2048, testPlayerKey } from '../../src/testing/games.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import { runCli } from './helpers/cli.ts';
import { runCliAsync } from './helpers/net.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

let server: TestServer;
let url = '';

beforeAll(async () => {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  server = await startTestServer(target);
  url = server.url;
  // Another player holds "Champion".
  const first = await call(url, 'POST', '/api/scores', {
    code: play2048(8101, 30).code,
    name: 'Champion',
    playerKey: testPlayerKey(8101),
  });
  expect(first.status).toBe(201);
});

afterAll(async () => {
  await server?.close();
});

describe('a name another player holds', () => {
  test('the terminal prompt says it belongs to another player and asks again', async () => {
    const dir = dirs.make();
    const { code } = play2048(8102, 30);
    const pane = await tmux.start({
      args: ['submit', code, '--server', url, '--data-dir', dir],
      cols: 100,
      rows: 20,
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    await pane.waitForText('Your name on the leaderboards (up to 24 characters):');
    pane.type('CHAMPI0N');
    pane.keys('Enter');
    await pane.waitForText(
      'The name CHAMPI0N belongs to another player on this server: choose another.',
    );
    await pane.waitForText('Another name (up to 24 characters):');
    pane.type('Challenger');
    pane.keys('Enter');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain('Submitted to the self-reported boards');
    expect(runCli(['config', 'name', '--data-dir', dir]).stdout).toBe('Challenger\n');
  });

  test('without a terminal: the server sentence, exit 1; config name says so', async () => {
    const dir = dirs.make();
    const r = await runCliAsync(
      ['submit', play2048(8103, 30).code, '--name', 'champion', '--server', url, '--data-dir', dir],
      {},
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/"champion" \(or one that looks the same\) belongs to another player/);
    const named = await runCliAsync(
      ['config', 'name', 'Champion', '--server', url, '--data-dir', dir],
      {},
    );
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(
      /belongs to another player.* Choose another: slidebox config name NAME\.\n$/,
    );
  });
});
