/**
 * Online play in two real terminals (tmux) through a server started here: a 3×3 duel played
 * with the keys — the placer's cursor and 2/4, the slider's arrows — through round 1 to the
 * swap of roles, each terminal showing the board the engine has after every action; and a
 * versus match whose moves show on both screens. Both leave with q and exit 0.
 *
 * And what a screen shows is only what the server took: a real `slidebox serve` killed in the
 * middle of a match (keys change no board, the screen says why until it is back), the same seat
 * opened in a second window (the first says so, its keys change nothing, t takes it back), a
 * server that does not answer (one sentence, exit 1 within the network timeout), a forfeit told
 * to each side in its own words, a watcher shown watcher keys, and a notice that ends with the
 * match it spoke of.
 */
import { describe, expect, test } from 'vitest';
import { whoIs } from '../../src/engine/duel.ts';
import type { Direction, Pos } from '../../src/engine/types.ts';
import { applyAction, previewAction, type RoomMatch } from '../../src/net/rooms.ts';
import { Follower } from '../../src/testing/roomSockets.ts';
import { newDatabaseTarget, startTestServer } from '../../src/testing/serverHarness.ts';
import { silentServer } from './helpers/net.ts';
import { type Served, startServe, stopServe } from './helpers/serve.ts';
import { type Pane, useServedTmux } from './helpers/tmux.ts';

const { dirs, server, start } = useServedTmux({
  cols: 90,
  rows: 30,
  serve: { forfeitMs: 60_000 },
});

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
    // A duel deals nothing: its start (who slides first) is all the server tells.
    const follower = await Follower.watch(server().url, code);
    let m = await follower.after(0);
    follower.close();
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
        // With the time left for it on the server's clock (60 s a decision by default).
        await pane(next.toAct!).waitForText(new RegExp(`Your turn to ${next.phase} · \\d+ s left`));
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
    // The test follows the match as a watcher does: the server deals, and keeps the seed.
    const follower = await Follower.watch(server().url, code);
    let m: RoomMatch = await follower.after(0);
    if (m.kind !== 'versus') throw new Error('versus');
    // Bob plays side 2 until he has scored; the watcher's keys move nothing.
    w.keys('Left', 'Up');
    for (let i = 0; m.kind === 'versus' && m.match.games[1].score === 0; i++) {
      const dir = DIRS.find((d) => {
        const r = previewAction(m, 1, { kind: 'slide', dir: d });
        return r.ok && r.value !== m;
      })!;
      b.keys(ARROW[dir]);
      m = await follower.after(i + 1);
      if (i > 50) throw new Error('no score');
    }
    follower.close();
    if (m.kind !== 'versus') throw new Error('versus');
    const bob = m.match.games[1].score;
    await a.waitForText(new RegExp(`You +Score 0 .*Bob +Score ${bob} `));
    await w.waitForText(new RegExp(`Alice +Score 0 .*Bob +Score ${bob} `));
    await b.waitForText(new RegExp(`Alice +Score 0 .*You +Score ${bob} `));
    for (const q of [a, b, w]) q.keys('q');
    for (const q of [a, b, w]) expect((await q.waitForExit()).code).toBe(0);
  }, 60_000);
});

/** The versus screen above its keys line: titles, names, scores and both boards. */
function boardsOf(screen: string): string {
  const lines = screen.split('\n');
  const keys = lines.findIndex((l) => l.includes('? help'));
  if (keys < 0) throw new Error(`no keys line in:\n${screen}`);
  return lines.slice(0, keys).join('\n');
}

/** The two scores on a versus screen, left then right. */
function scoresOf(screen: string): number[] {
  return [...screen.matchAll(/Score (\d+)/g)].map((m) => Number(m[1]));
}

const ALL_ARROWS = ['Left', 'Up', 'Right', 'Down'];

/** Presses every arrow on `p` until its boards differ from `before`; the screen then. */
async function moveFrom(p: Pane, before: string): Promise<string> {
  p.keys(...ALL_ARROWS);
  return p.waitFor((s) => boardsOf(s) !== before, 'a move drawn', { stableMs: 400 });
}

async function roomCode(p: Pane): Promise<string> {
  const waiting = await p.waitForText(/Room (\w{7}): waiting/);
  return /Room (\w{7})/.exec(waiting)![1]!;
}

describe('online screens show only what the server took', () => {
  test('a server killed mid-match: keys change no board and the screen says why until it is back', async () => {
    const dataDir = dirs.make('slidebox-serve-');
    let served: Served | null = await startServe(['--data-dir', dataDir, '--rate-limit', '0']);
    try {
      const url = served.url;
      const a = await start(['versus', '--online', '--name', 'Alice'], { url });
      const code = await roomCode(a);
      const b = await start(['versus', '--join', code, '--name', 'Bob'], { url });
      const first = await b.waitForText('Alice  vs  You');
      const played = await moveFrom(b, boardsOf(first));
      await a.waitFor(
        (s) => scoresOf(s).join() === scoresOf(played).join(),
        "Bob's move on Alice's screen",
      );
      served.child.kill('SIGKILL');
      await served.ended;
      served = null;
      const down = await b.waitForText(
        'The connection dropped: reconnecting… Your keys do nothing until it is back',
      );
      await a.waitForText('The connection dropped: reconnecting…');
      const held = boardsOf(down);
      expect(held).toBe(boardsOf(played));
      b.keys(...ALL_ARROWS);
      const refused = await b.waitForText('Not sent: the connection dropped · reconnecting…');
      expect(boardsOf(refused)).toBe(held);
      // Still said, and still nothing drawn, a while later.
      await new Promise((r) => setTimeout(r, 700));
      const later = b.capture();
      expect(later).toContain('Not sent: the connection dropped');
      expect(boardsOf(later)).toBe(held);
      // The server back on the same port and data: the match where the server had it, and
      // both screens say the server changed (until the room changes).
      const port = new URL(url).port;
      served = await startServe(['--data-dir', dataDir, '--rate-limit', '0', '--port', port]);
      const changed = 'The server changed: the match goes on where its last answered move left it';
      const back = await b.waitForText(changed, { timeoutMs: 15_000 });
      expect(boardsOf(back)).toBe(held);
      await a.waitForText(changed, { timeoutMs: 15_000 });
      const after = await moveFrom(b, held);
      await a.waitFor(
        (s) => scoresOf(s).join() === scoresOf(after).join() && s.includes(`Room ${code}`),
        "Bob's move after the restart on Alice's screen",
      );
      a.keys('q');
      b.keys('q');
      expect((await a.waitForExit()).code).toBe(0);
      expect((await b.waitForExit()).code).toBe(0);
    } finally {
      await stopServe(served);
    }
  }, 90_000);

  test('the same seat in a second window: the first says so, its keys change nothing, t takes it back', async () => {
    const a = await start(['versus', '--online', '--name', 'Alice']);
    const code = await roomCode(a);
    const bDir = dirs.make();
    const b = await start(['versus', '--join', code, '--name', 'Bob'], { dataDir: bDir });
    await b.waitForText('Alice  vs  You');
    const b2 = await start(['versus', '--join', code], { dataDir: bDir });
    const there = await b2.waitForText('Alice  vs  You');
    const replaced = await b.waitForText(
      'This seat is now played in another window or tab · t: take it back · q: leave',
    );
    const held = boardsOf(replaced);
    expect(held).toBe(boardsOf(there));
    b.keys(...ALL_ARROWS);
    const refused = await b.waitForText(
      'Not sent: this seat is now played in another window or tab · t: take it back · q: leave',
    );
    expect(boardsOf(refused)).toBe(held);
    // The server took nothing: the new window and the other player still have the old boards.
    await new Promise((r) => setTimeout(r, 500));
    expect(boardsOf(b2.capture())).toBe(held);
    expect(scoresOf(a.capture())).toEqual(scoresOf(held));
    expect(b.capture()).toContain('Not sent: this seat is now played in another window or tab');
    // The new window plays; the replaced one shows none of it and says the same.
    const moved = await moveFrom(b2, held);
    await a.waitFor((s) => scoresOf(s).join() === scoresOf(moved).join(), 'the move on Alice');
    expect(boardsOf(b.capture())).toBe(held);
    // t: the seat back here, and the other window is the replaced one now.
    b.keys('t');
    await b2.waitForText('This seat is now played in another window or tab · t: take it back');
    const mine = await b.waitForText(`Room ${code}`);
    expect(boardsOf(mine)).toBe(boardsOf(moved));
    const after = await moveFrom(b, boardsOf(mine));
    await a.waitFor((s) => scoresOf(s).join() === scoresOf(after).join(), 'the move on Alice');
    for (const p of [a, b, b2]) p.keys('q');
    for (const p of [a, b, b2]) expect((await p.waitForExit()).code).toBe(0);
  }, 60_000);

  test('--join to a server that does not answer: one sentence and exit 1 within the network timeout', async () => {
    const silent = await silentServer();
    try {
      const began = Date.now();
      const p = await start(['versus', '--join', 'ACDEFGH'], {
        url: silent.url,
        env: { SLIDEBOX_NET_TIMEOUT_MS: '500' },
      });
      const exit = await p.waitForExit();
      expect(exit.code).toBe(1);
      expect(Date.now() - began).toBeLessThan(5000);
      expect(exit.screen).toMatch(
        /^slidebox: room ACDEFGH could not be joined: the server at http:\S+ did not answer within 0\.5 s\.$/m,
      );
    } finally {
      await silent.close();
    }
  }, 30_000);

  test('a forfeit in words for each side, watcher keys, and a notice that ends with its match', async () => {
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') throw new Error(target.skip);
    const quick = await startTestServer(target, { forfeitMs: 1500 });
    try {
      const url = quick.url;
      const a = await start(['versus', '--online', '--name', 'Alice'], { url });
      const code = await roomCode(a);
      const bDir = dirs.make();
      let b = await start(['versus', '--join', code, '--name', 'Bob'], { url, dataDir: bDir });
      await b.waitForText('Alice  vs  You');
      const w = await start(['versus', '--join', code], { url });
      const watching = await w.waitForText('watching · ? help · q leave');
      expect(watching).not.toMatch(/rematch|move your board/);
      // Bob leaves and stays away: Alice wins by forfeit.
      b.keys('q');
      expect((await b.waitForExit()).code).toBe(0);
      await a.waitForText('You win: Bob was away too long · r: rematch', {
        timeoutMs: 15_000,
      });
      const seen = await w.waitForText('Alice wins: Bob was away too long');
      expect(seen).not.toMatch(/rematch/);
      // Bob comes back to his seat and is told in his own words.
      b = await start(['versus', '--join', code], { url, dataDir: bDir });
      await b.waitForText('You forfeited: you were away too long, and Alice wins');
      // Alice offers a rematch and tries a move: the match is over, and it is said...
      a.keys('r');
      await b.waitForText('r: accept the rematch');
      a.keys('Left');
      await a.waitForText('The match is over');
      // ...until the rematch begins.
      b.keys('r');
      const fresh = await a.waitForText(`Room ${code}`);
      expect(fresh).not.toMatch(/match is over|You win|rematch/);
      await w.waitForText(`watching · ? help · q leave`);
      await w.waitFor((s) => !/wins/.test(s), 'the old result gone on the watcher');
      for (const p of [a, b, w]) p.keys('q');
      for (const p of [a, b, w]) expect((await p.waitForExit()).code).toBe(0);
    } finally {
      await quick.close();
    }
  }, 90_000);
});
