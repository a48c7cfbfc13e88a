/**
 * Online play in two real terminals (tmux) through a server started here: a 3×3 duel played
 * with the keys — the placer's cursor and 2/4, the slider's arrows — through round 1 to the
 * swap of roles, each terminal showing the board the engine has after every action; and a
 * versus match whose moves show on both screens. Both leave with q and exit 0.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { whoIs } from '../../src/engine/duel.ts';
import type { Direction, Pos } from '../../src/engine/types.ts';
import { applyAction, type RoomMatch, type RoomRules, startMatch } from '../../src/net/rooms.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import { type Pane, useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();
let server: TestServer;

beforeAll(async () => {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  server = await startTestServer(target, { forfeitMs: 60_000 });
});
afterAll(async () => {
  await server?.close();
});

async function start(args: readonly string[]): Promise<Pane> {
  const pane = await tmux.start({
    args: [...args, '--server', server.url, '--data-dir', dirs.make()],
    env: {},
    cols: 90,
    rows: 30,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return pane;
}

/** The numbers on the duel's board, in reading order. */
function duelTiles(screen: string): number[] {
  const lines = screen.split('\n');
  const top = lines.findIndex((l) => l.includes('Sliding:'));
  const bottom = lines.findIndex((l, i) => i > top && /help · q leave/.test(l));
  const board = lines.slice(top + 1, bottom - 1).join('\n');
  return [...board.matchAll(/\b(2|4|8|16|32|64|128|256|512|1024)\b/g)].map((m) => Number(m[1]));
}

function tilesOf(m: RoomMatch): number[] {
  if (m.kind !== 'duel') throw new Error('a duel');
  return m.duel.game.cells.flat().filter((v) => v !== 0);
}

/** The placement after which the slider has the fewest moves (ends rounds fast). */
function harshPlacement(m: RoomMatch, side: 0 | 1): { at: Pos; value: 2 | 4 } {
  if (m.kind !== 'duel') throw new Error('a duel');
  let best: { at: Pos; value: 2 | 4; moves: number } | null = null;
  const cells = m.duel.game.cells;
  for (let row = 0; row < cells.length; row++) {
    for (let col = 0; col < cells.length; col++) {
      if (cells[row]![col] !== 0) continue;
      for (const value of [2, 4] as const) {
        const next = applyAction(m, side, { kind: 'place', row, col, value });
        if (!next.ok) continue;
        if (next.value.kind !== 'duel') continue;
        const slider = whoIs(next.value.duel).slider;
        const moves = DIRS.filter((dir) => {
          const r = applyAction(next.value, slider, { kind: 'slide', dir });
          return r.ok && r.value !== next.value;
        }).length;
        if (!best || moves < best.moves) best = { at: { row, col }, value, moves };
      }
    }
  }
  return best!;
}

const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const ARROW: Record<Direction, string> = { up: 'Up', down: 'Down', left: 'Left', right: 'Right' };

describe('online play in the terminal', () => {
  test('two terminals play a 3×3 duel through the server, round 1 to the swap of roles', async () => {
    const a = await start(['duel', '--online', '--size', '3', '--name', 'Alice']);
    const waiting = await a.waitForText(/Room (\w{7}): waiting for the other player/);
    const code = /Room (\w{7})/.exec(waiting)![1]!;
    const b = await start(['duel', '--join', code, '--name', 'Bob']);
    await b.waitForText('Alice');
    const rules = (
      (await call(server.url, 'GET', `/api/rooms/${code}`)).body as { rules: RoomRules }
    ).rules;
    const s = startMatch(rules);
    if (!s.ok) throw new Error(s.error.message);
    let m = s.value;
    const pane = (side: 0 | 1) => (side === 0 ? a : b);
    const cursors: [Pos, Pos] = [
      { row: 1, col: 1 },
      { row: 1, col: 1 },
    ];
    let actions = 0;
    while (m.kind === 'duel' && m.duel.round === 0) {
      const t = whoIs(m.duel);
      const side = t.toAct!;
      const p = pane(side);
      if (t.phase === 'place') {
        const { at, value } = harshPlacement(m, side);
        const c = cursors[side];
        const keys: string[] = [];
        for (let r = c.row; r < at.row; r++) keys.push('Down');
        for (let r = c.row; r > at.row; r--) keys.push('Up');
        for (let k = c.col; k < at.col; k++) keys.push('Right');
        for (let k = c.col; k > at.col; k--) keys.push('Left');
        p.keys(...keys, String(value));
        cursors[side] = at;
        const next = applyAction(m, side, { kind: 'place', row: at.row, col: at.col, value });
        if (!next.ok) throw new Error(next.error.message);
        m = next.value;
      } else {
        const dir = DIRS.find((d) => {
          const r = applyAction(m, side, { kind: 'slide', dir: d });
          return r.ok && r.value !== m;
        })!;
        p.keys(ARROW[dir]);
        const next = applyAction(m, side, { kind: 'slide', dir });
        if (!next.ok) throw new Error(next.error.message);
        m = next.value;
      }
      actions++;
      // Both terminals show the engine's board (round 1's end shows round 2's empty board).
      const want = m.kind === 'duel' && m.duel.round === 0 ? tilesOf(m) : [];
      for (const q of [a, b]) {
        await q.waitFor(
          (screen) => {
            const got = duelTiles(screen);
            return got.length === want.length && got.every((v, i) => v === want[i]);
          },
          `the board after action ${actions}: ${want.join(' ')}`,
        );
      }
      // And the one to act next knows it (a slide may leave the tiles in the same order).
      if (m.kind === 'duel' && m.duel.round === 0) {
        const next = whoIs(m.duel);
        await pane(next.toAct!).waitForText(`Your turn to ${next.phase}`);
      }
      if (actions > 300) throw new Error('round 1 did not end');
    }
    for (const q of [a, b]) {
      const screen = await q.waitForText('round 2 of 2');
      expect(screen).toMatch(/Round 1: (You|Alice|Bob) scored/);
    }
    a.keys('q');
    b.keys('q');
    expect((await a.waitForExit()).code).toBe(0);
    expect((await b.waitForExit()).code).toBe(0);
  }, 180_000);

  test('a versus match: a move on one screen shows on both, a watcher sees it, keys only move your board', async () => {
    const a = await start(['versus', '--online', '--name', 'Alice']);
    const waiting = await a.waitForText(/Room (\w{7}): waiting/);
    const code = /Room (\w{7})/.exec(waiting)![1]!;
    const b = await start(['versus', '--join', code, '--name', 'Bob']);
    await a.waitForText('You  vs  Bob');
    await b.waitForText('Alice  vs  You');
    const w = await start(['versus', '--join', code]);
    await w.waitForText(`Watching room ${code}`);
    await w.waitForText('Alice  vs  Bob');
    const rules = (
      (await call(server.url, 'GET', `/api/rooms/${code}`)).body as { rules: RoomRules }
    ).rules;
    const s = startMatch(rules);
    if (!s.ok || s.value.kind !== 'versus') throw new Error('versus');
    // Bob plays side 2 until he has scored; the watcher's keys move nothing.
    let m: RoomMatch = s.value;
    w.keys('Left', 'Up');
    for (let i = 0; m.kind === 'versus' && m.match.games[1].score === 0; i++) {
      const dir = DIRS.find((d) => {
        const r = applyAction(m, 1, { kind: 'slide', dir: d });
        return r.ok && r.value !== m;
      })!;
      const next = applyAction(m, 1, { kind: 'slide', dir });
      if (!next.ok) throw new Error(next.error.message);
      m = next.value;
      b.keys(ARROW[dir]);
      if (i > 50) throw new Error('no score');
    }
    if (m.kind !== 'versus') throw new Error('versus');
    const bob = m.match.games[1].score;
    await a.waitForText(new RegExp(`You +Score 0 .*Bob +Score ${bob} `));
    await w.waitForText(new RegExp(`Alice +Score 0 .*Bob +Score ${bob} `));
    await b.waitForText(new RegExp(`Alice +Score 0 .*You +Score ${bob} `));
    for (const q of [a, b, w]) q.keys('q');
    for (const q of [a, b, w]) expect((await q.waitForExit()).code).toBe(0);
  }, 60_000);
});
