/**
 * A server that stops answering (a real `slidebox serve` stopped with SIGSTOP: its sockets stay
 * open, nothing comes back) under two real terminals (tmux): in a versus room and in a ranked
 * 2048 game, the keys pressed are counted as waiting for the server ("Waiting for the server
 * (N)", the room's board showing only what the server took), the screen says "The server is not
 * answering" within a few seconds and a key then sends nothing, the ranked figures the server's
 * (a slide drawn ahead is not counted before its answer); let run again (SIGCONT), the
 * server takes what was sent and the screens go back to playing.
 */
import { describe, expect, test } from 'vitest';
import { type Served, startServe, stopServe } from './helpers/serve.ts';
import { type Pane, useServedTmux } from './helpers/tmux.ts';

const { dirs, start } = useServedTmux({ cols: 90, rows: 30 });

const NOT_ANSWERING = 'The server is not answering: your keys do nothing until it does';
const WAITING = /Waiting for the server \((\d+)\)/;
const ARROWS = ['Left', 'Up', 'Right', 'Down'];

/** The versus screen above its keys line: titles, names, scores and both boards. */
function boardsOf(screen: string): string {
  const lines = screen.split('\n');
  const keys = lines.findIndex((l) => l.includes('? help'));
  if (keys < 0) throw new Error(`no keys line in:\n${screen}`);
  return lines.slice(0, keys).join('\n');
}

/** The figures line's score (ranked 2048). */
function scoreOf(screen: string): number {
  const m = /Score ([\d,]+)/.exec(screen);
  if (!m) throw new Error(`no figures line:\n${screen}`);
  return Number(m[1]!.replace(/,/g, ''));
}

/** The figures line's moves (ranked). */
function movesOf(screen: string): number {
  const m = /Moves ([\d,]+)/.exec(screen);
  if (!m) throw new Error(`no figures line:\n${screen}`);
  return Number(m[1]!.replace(/,/g, ''));
}

async function roomCode(p: Pane): Promise<string> {
  const waiting = await p.waitForText(/Room (\w{7}): waiting/);
  return /Room (\w{7})/.exec(waiting)![1]!;
}

async function serve(): Promise<Served> {
  return startServe(['--data-dir', dirs.make('slidebox-serve-'), '--rate-limit', '0']);
}

describe('a server that stops answering, in the terminal', () => {
  test('a versus room: keys wait for the server, the screen says it is not answering, then all resolves', async () => {
    const served = await serve();
    let stopped = false;
    try {
      const a = await start(['versus', '--online', '--name', 'Alice'], { url: served.url });
      const code = await roomCode(a);
      const b = await start(['versus', '--join', code, '--name', 'Bob'], { url: served.url });
      await b.waitForText('Alice  vs  You');
      const ready = await a.waitForText('You  vs  Bob');
      served.child.kill('SIGSTOP');
      stopped = true;
      a.keys(...ARROWS);
      const waiting = await a.waitForText(WAITING);
      expect(Number(WAITING.exec(waiting)![1])).toBeGreaterThan(0);
      // Drawn only once taken: the boards are as the server last had them.
      expect(boardsOf(waiting)).toBe(boardsOf(ready));
      const silent = await a.waitForText(NOT_ANSWERING, { timeoutMs: 8000 });
      expect(boardsOf(silent)).toBe(boardsOf(ready));
      await b.waitForText(NOT_ANSWERING, { timeoutMs: 8000 });
      a.keys('Left');
      const refused = await a.waitForText('Not sent: the server is not answering');
      expect(boardsOf(refused)).toBe(boardsOf(ready));
      served.child.kill('SIGCONT');
      stopped = false;
      // The server takes what was sent: both screens show it, nothing waits any more.
      const back = await a.waitFor(
        (s) => s.includes(`Room ${code}`) && !WAITING.test(s) && boardsOf(s) !== boardsOf(ready),
        'the moves taken',
        { timeoutMs: 20_000, stableMs: 300 },
      );
      await b.waitFor(
        (s) => s.includes(`Room ${code}`) && !s.includes(NOT_ANSWERING),
        "Bob's screen playing again",
        { timeoutMs: 20_000 },
      );
      expect(back).not.toContain(NOT_ANSWERING);
      a.keys('q');
      b.keys('q');
      expect((await a.waitForExit()).code).toBe(0);
      expect((await b.waitForExit()).code).toBe(0);
    } finally {
      if (stopped) served.child.kill('SIGCONT');
      await stopServe(served);
    }
  }, 90_000);

  test('a ranked 2048 game: the slide waits for the server, the screen says it is not answering, then all resolves', async () => {
    const served = await serve();
    let stopped = false;
    try {
      const p = await start(['--ranked', '--size', '3', '--name', 'Di'], { url: served.url });
      const first = await p.waitForText('Ranked 2048 · 3×3');
      const moves = movesOf(first);
      served.child.kill('SIGSTOP');
      stopped = true;
      p.keys(...ARROWS);
      const waiting = await p.waitForText(WAITING);
      expect(Number(WAITING.exec(waiting)![1])).toBeGreaterThan(0);
      // The figures are the server's: the slide drawn ahead is not counted yet.
      expect([scoreOf(waiting), movesOf(waiting)]).toEqual([scoreOf(first), moves]);
      const silent = await p.waitForText(NOT_ANSWERING, { timeoutMs: 8000 });
      expect([scoreOf(silent), movesOf(silent)]).toEqual([scoreOf(first), moves]);
      p.keys('Left');
      await p.waitForText('Not sent: the server is not answering');
      served.child.kill('SIGCONT');
      stopped = false;
      const back = await p.waitFor(
        (s) => !s.includes('not answering') && !WAITING.test(s) && movesOf(s) > moves,
        'the moves taken',
        { timeoutMs: 20_000, stableMs: 300 },
      );
      expect(back).toContain('Ranked 2048 · 3×3');
      p.keys('q');
      expect((await p.waitForExit()).code).toBe(0);
    } finally {
      if (stopped) served.child.kill('SIGCONT');
      await stopServe(served);
    }
  }, 90_000);
});
