/**
 * The real `slidebox serve` process on SQLite, stopped hard and softly:
 * - `kill -9` during a stream of submissions from several clients, then started again on the same
 *   data directory: every submission answered 201 before the kill is on its board (listed, and
 *   found again by its code), and nothing is half-written (the rank counts add up to the
 *   entries on every ladder, ranks are 1..n, every game is on its ladders);
 * - SIGTERM with requests in flight: they are answered, new connections are refused, and the
 *   process exits 0.
 */
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard, SubmittedEntry } from '../../src/net/api.ts';
import { openDatabase } from '../../src/server/db.ts';
import { play2048, testPlayerKey } from '../../src/testing/games.ts';
import { parseAnswer } from '../../src/testing/rawHttp.ts';
import { inconsistencies, tableCounts } from '../../src/testing/serverChecks.ts';
import { TempDirs } from './helpers/cli.ts';
import {
  buildCli,
  type Outcome,
  type Served,
  startServe,
  stopServe,
  submitStream,
} from './helpers/serve.ts';

const dirs = new TempDirs();
const running: Served[] = [];

beforeAll(() => buildCli());
afterAll(async () => {
  for (const s of running.splice(0)) await stopServe(s);
  dirs.cleanup();
});

async function serve(args: string[]): Promise<Served> {
  const s = await startServe(args);
  running.push(s);
  return s;
}

async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.json() };
}

/** The query of the board a submitted entry is on (its track too), and that ladder's names. */
function boardOf(e: SubmittedEntry): { query: string; board: string; track: string } {
  const target = e.size === 3 ? 256 : 2048;
  return {
    query: `source=self-reported&board=2048&size=${e.size}&target=${target}${e.assisted ? '&assisted=1' : ''}`,
    board: `2048:${e.size}:${target}`,
    track: e.assisted ? 'open' : 'clean',
  };
}

describe('slidebox serve killed with SIGKILL', () => {
  it('keeps every submission it answered 201, and nothing half-written', async () => {
    const dataDir = dirs.make('slidebox-kill-');
    const first = await serve(['--data-dir', dataDir, '--rate-limit', '0']);
    let created = 0;
    let killedAt = 0;
    const outcomes = await submitStream(first.url, {
      clients: 6,
      first: 0,
      count: 2_000,
      ms: 30_000,
      stopOnFailure: true,
      seen: (o: Outcome) => {
        if (o.status === 201) created++;
        // Killed in the middle of the stream: the other clients' requests are in flight.
        if (created === 150 && killedAt === 0) {
          killedAt = Date.now();
          first.child.kill('SIGKILL');
        }
      },
    });
    expect(await first.ended).toEqual({ code: null, signal: 'SIGKILL' });
    expect(killedAt).toBeGreaterThan(0);
    const answered = outcomes.filter((o) => o.status === 201);
    expect(answered.length).toBeGreaterThanOrEqual(150);
    // Every client's last request met the kill; nothing else failed.
    expect(outcomes.filter((o) => o.status !== 201 && o.status !== null)).toEqual([]);
    expect(first.out.stderr).toBe('');

    const second = await serve(['--data-dir', dataDir, '--rate-limit', '0']);
    const boards = new Map<string, { board: string; track: string; lines: number }>();
    for (const o of answered) {
      const entry = o.body as SubmittedEntry;
      // Found by its code (idempotent 200, the same game and figures) ...
      const again = await fetch(`${second.url}/api/scores`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: o.code, name: 'Again', playerKey: o.playerKey }),
      });
      expect(again.status).toBe(200);
      const stored = (await again.json()) as SubmittedEntry;
      expect(entry.outcome).toBe('stored');
      expect({ ...stored, rank: null }).toEqual({ ...entry, rank: null, outcome: 'sent-before' });
      // ... and listed on its board, as its player's line.
      const { query: q, board, track } = boardOf(entry);
      boards.set(q, { board, track, lines: 0 });
      const b = await getJson(`${second.url}/api/leaderboard?${q}&limit=1`, {
        'x-player-key': o.playerKey,
      });
      expect(b.status).toBe(200);
      expect((b.body as Leaderboard).you).toMatchObject({ code: o.code, score: entry.score });
    }
    // Every board lists ranks 1..n, as many lines as the database has entries.
    for (const q of boards.keys()) {
      const lines = [];
      for (let offset = 0; offset < 5_000; offset += 100) {
        const page = await getJson(`${second.url}/api/leaderboard?${q}&limit=100&offset=${offset}`);
        lines.push(...(page.body as Leaderboard).entries);
        if ((page.body as Leaderboard).entries.length < 100) break;
      }
      expect(lines.map((e) => e.rank)).toEqual(lines.map((_, i) => i + 1));
      boards.get(q)!.lines = lines.length;
    }
    const database = await openDatabase(join(dataDir, 'leaderboards.sqlite'));
    try {
      expect(await inconsistencies(database)).toEqual([]);
      const counts = await tableCounts(database);
      // Each game had a player of its own: the stored games are the answered ones, and maybe
      // some whose answer the kill cut off — complete ones.
      expect(counts.games).toBeGreaterThanOrEqual(answered.length);
      expect(counts.games).toBeLessThanOrEqual(outcomes.length);
      expect(counts.players).toBe(counts.games);
      // Each board listed every entry of its ladder.
      for (const { board, track, lines } of boards.values()) {
        const n = await database.db
          .selectFrom('entries')
          .innerJoin('ladders', 'ladders.id', 'entries.ladder_id')
          .where('ladders.board', '=', board)
          .where('ladders.track', '=', track)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(lines, `${board} ${track}`).toBe(Number(n.n));
      }
    } finally {
      await database.close();
    }
    expect(second.out.stderr).toBe('');
  });
});

/** A POST whose headers the server has read (it answered 100 Continue) and whose body waits. */
function heldRequest(url: string, body: string) {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  const chunks: Buffer[] = [];
  let onData = () => {};
  socket.on('data', (d: Buffer) => {
    chunks.push(d);
    onData();
  });
  socket.write(
    'POST /api/scores HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\nexpect: 100-continue\r\n\r\n`,
  );
  const text = () => Buffer.concat(chunks).toString('latin1');
  const until = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what}: ${text()}`)), 15_000);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        resolve();
      };
      onData = check;
      socket.on('close', check);
      check();
    });
  return {
    /** Resolves when the server has read the headers. */
    continued: until(() => text().startsWith('HTTP/1.1 100 Continue'), '100 Continue'),
    /** Sends the body; resolves with the final answer. */
    async finish() {
      socket.write(body);
      await until(() => parseAnswer(Buffer.concat(chunks)).complete || socket.destroyed, 'answer');
      socket.destroy();
      return parseAnswer(Buffer.concat(chunks));
    },
    /** Sends the body and another request right behind it; resolves with every final answer. */
    async finishWith(next: string) {
      socket.write(body + next);
      await until(() => socket.destroyed || socket.readableEnded, 'close');
      return text()
        .split(/(?=HTTP\/1\.1 \d{3} )/)
        .filter((a) => a !== '' && !a.startsWith('HTTP/1.1 100'))
        .map((a) => ({ status: Number(a.slice(9, 12)), body: a.slice(a.indexOf('\r\n\r\n') + 4) }));
    },
  };
}

describe('slidebox serve stopped with SIGTERM', () => {
  it('answers the requests in flight, refuses new connections, then exits 0', async () => {
    const s = await serve(['--data-dir', dirs.make('slidebox-term-'), '--rate-limit', '0']);
    const games = Array.from({ length: 8 }, (_, i) => play2048(700 + i, 60, { size: 4 }));
    const held = games.map((g, i) =>
      heldRequest(
        s.url,
        JSON.stringify({ code: g.code, name: `T${i}`, playerKey: testPlayerKey(700 + i) }),
      ),
    );
    await Promise.all(held.map((h) => h.continued));
    s.child.kill('SIGTERM');
    await s.printed('SIGTERM: stopping');
    // A new connection is refused now (the server no longer listens).
    await expect(
      fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(5_000) }),
    ).rejects.toThrow();
    const answers = await Promise.all(held.map((h) => h.finish()));
    for (const [i, a] of answers.entries()) {
      expect(a.status, a.body).toBe(201);
      expect(JSON.parse(a.body)).toMatchObject({ score: games[i]!.game.score, name: `T${i}` });
    }
    expect(await s.ended).toEqual({ code: 0, signal: null });
    expect(s.out.stdout).toMatch(/stopped\n$/);
    expect(s.out.stderr).toBe('');
  });

  it('answers a request sent behind one in flight too, then exits 0', async () => {
    const s = await serve(['--data-dir', dirs.make('slidebox-term-'), '--rate-limit', '0']);
    const { game, code } = play2048(800, 60, { size: 4 });
    const held = heldRequest(
      s.url,
      JSON.stringify({ code, name: 'First', playerKey: testPlayerKey(800) }),
    );
    await held.continued;
    s.child.kill('SIGTERM');
    await s.printed('SIGTERM: stopping');
    const answers = await held.finishWith(
      'GET /api/leaderboard?board=2048 HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n',
    );
    expect(answers[0]!.status).toBe(201);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ score: game.score, name: 'First' });
    // Answered as any request is (not with a 503 of another shape), and the connection closed.
    expect(answers.map((a) => a.status)).toEqual([201, 200]);
    // (Node reads a pipelined request at once: it may be answered before the first is stored.)
    expect(JSON.parse(answers[1]!.body)).toMatchObject({
      board: '2048',
      entries: expect.any(Array),
    });
    expect(await s.ended).toEqual({ code: 0, signal: null });
  });
});
