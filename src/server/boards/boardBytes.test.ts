/**
 * GET /api/leaderboard served as bytes made once (boardBytes.ts), over real HTTP on SQLite and
 * PostgreSQL: the bytes are JSON.stringify of the answer, the ETag answers If-None-Match with
 * 304, a game stored on this process is seen at once, each reader gets their own line from one
 * kept page, and a ranked daily's codes stay hidden.
 */
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../front/daily.ts';
import type { BoardEntry, Leaderboard, SubmittedEntry } from '../../net/api.ts';
import { DIRECTION_LETTERS } from '../../net/ranked.ts';
import { play2048, testPlayerKey } from '../../testing/games.ts';
import { helloed, startRanked } from '../../testing/rankedPlay.ts';
import { BACKENDS, type Backend, serverForBlock } from '../../testing/serverHarness.ts';
import { matches } from './boardBytes.ts';

const key = testPlayerKey;
const BOARD = '/api/leaderboard?board=2048&source=self-reported';

/** The raw answer: status, text and headers. */
async function raw(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const r = await fetch(`${url}${path}`, { headers });
  return { status: r.status, text: await r.text(), headers: r.headers };
}

/** A board line as the server makes it from a stored game's entry, in its field order. */
function lineOf(e: SubmittedEntry, rank: number): BoardEntry {
  return {
    rank,
    name: e.name,
    score: e.score,
    moves: e.moves,
    timeMs: e.timeMs,
    maxTile: e.maxTile,
    assisted: e.assisted,
    code: null,
    day: e.day,
    // Not analysed: this server has no analyser.
    accuracy: null,
    agreement: null,
    aiLike: false,
    optimal: null,
    wasted: null,
    // Not a ranked daily line.
    newKey: false,
  };
}

describe.each(BACKENDS)('board bytes on %s', (backend: Backend) => {
  const block = serverForBlock(backend);
  const url = () => block.server().url;
  /** Stored entries and their codes, by player number. */
  const stored = new Map<number, { entry: SubmittedEntry; code: string }>();

  async function submit(player: number, seed: number, moves: number): Promise<SubmittedEntry> {
    const { code } = play2048(seed, moves);
    const r = await block.post({ code, name: `Reader ${player}`, playerKey: key(player) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const entry = r.body as SubmittedEntry;
    stored.set(player, { entry, code });
    return entry;
  }

  /** The answer the board must give now, from what was stored (best score first). */
  function expected(you: number | null): Leaderboard {
    const lines = [...stored.values()]
      .sort((a, b) => b.entry.score - a.entry.score || a.entry.moves - b.entry.moves)
      .map((s, i) => ({ ...lineOf(s.entry, i + 1), code: s.code }));
    const mine = you === null ? null : lines.find((l) => l.name === `Reader ${you}`)!;
    return { board: '2048', source: 'self-reported', entries: lines, you: mine };
  }

  it('serves bytes equal to JSON.stringify of the answer, with or without the reader', async () => {
    await submit(1, 101, 200);
    await submit(2, 102, 400);
    await submit(3, 103, 300);
    for (let i = 0; i < 2; i++) {
      // The second read comes from the kept page: the same bytes.
      const pub = await raw(url(), BOARD);
      expect(pub.status).toBe(200);
      expect(pub.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(pub.text).toBe(JSON.stringify(expected(null)));
      const mine = await raw(url(), BOARD, { 'x-player-key': key(3) });
      expect(mine.text).toBe(JSON.stringify(expected(3)));
    }
  });

  it('gives a strong ETag and answers a matching If-None-Match with 304', async () => {
    const first = await raw(url(), BOARD);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('vary')).toMatch(/x-player-key/i);
    // Stored by a browser, but asked again each time: the ETag makes the asking cheap.
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await raw(url(), BOARD, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const listed = await raw(url(), BOARD, { 'if-none-match': `"other", ${etag}` });
    expect(listed.status).toBe(304);
    const other = await raw(url(), BOARD, { 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    expect(other.text).toBe(first.text);
    // A reader's answer has its own tag: the public one does not match it.
    const mine = await raw(url(), BOARD, { 'x-player-key': key(1), 'if-none-match': etag });
    expect(mine.status).toBe(200);
    const mineTag = mine.headers.get('etag')!;
    expect(mineTag).not.toBe(etag);
    const mineAgain = await raw(url(), BOARD, { 'x-player-key': key(1), 'if-none-match': mineTag });
    expect(mineAgain.status).toBe(304);
    // Another reader of the same page: another tag.
    const theirs = await raw(url(), BOARD, { 'x-player-key': key(2), 'if-none-match': mineTag });
    expect(theirs.status).toBe(200);
  });

  it('shows a game stored on this process at once, with a new ETag', async () => {
    const before = await raw(url(), BOARD);
    const mineBefore = await raw(url(), BOARD, { 'x-player-key': key(1) });
    const best = await submit(4, 104, 900);
    const after = await raw(url(), BOARD, { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.text).toBe(JSON.stringify(expected(null)));
    expect((JSON.parse(after.text) as Leaderboard).entries.map((e) => e.name)).toContain(best.name);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The reader's own line moved too when the new game ranks ahead of theirs.
    const mineAfter = await raw(url(), BOARD, { 'x-player-key': key(1) });
    expect(mineAfter.text).toBe(JSON.stringify(expected(1)));
    const rankOf = (t: string) => (JSON.parse(t) as Leaderboard).you!.rank;
    expect(rankOf(mineAfter.text)).toBe(
      rankOf(mineBefore.text) + (best.score > stored.get(1)!.entry.score ? 1 : 0),
    );
  });

  it('gives two readers of one kept page each their own line', async () => {
    const a = await raw(url(), BOARD, { 'x-player-key': key(2) });
    const b = await raw(url(), BOARD, { 'x-player-key': key(3) });
    const pa = JSON.parse(a.text) as Leaderboard;
    const pb = JSON.parse(b.text) as Leaderboard;
    expect(pa.entries).toEqual(pb.entries);
    expect(pa.you).toEqual(expected(2).you);
    expect(pb.you).toEqual(expected(3).you);
    expect(pa.you!.name).toBe('Reader 2');
    expect(pb.you!.name).toBe('Reader 3');
    // A reader with no line on the board: null.
    const none = await raw(url(), BOARD, { 'x-player-key': key(99) });
    expect(none.text).toBe(JSON.stringify(expected(null)));
  });

  it("keeps a ranked daily's codes hidden while its day lasts, read after read", async () => {
    const game = await startRanked(url(), { kind: '2048', daily: true, playerKey: key(5) });
    const { socket } = await helloed(url(), game);
    let n = 1;
    for (const d of ['down', 'left', 'right', 'up', 'down', 'left'] as const) {
      await socket.send({ type: 'move', n, d: DIRECTION_LETTERS[d] });
      const a = await socket.answer(n);
      if (a.type === 'moved') n++;
    }
    await socket.send({ type: 'resign' });
    const { result } = await socket.next('over');
    socket.close();
    expect(result.entry).toMatchObject({ board: 'daily-2048', ranked: true });
    const path = `/api/leaderboard?board=daily-2048&day=${utcDay(Date.now())}`;
    for (let i = 0; i < 2; i++) {
      const pub = await raw(url(), path);
      const mine = await raw(url(), path, { 'x-player-key': key(5) });
      for (const r of [pub, mine]) {
        const b = JSON.parse(r.text) as Leaderboard;
        expect(r.text).toBe(JSON.stringify(b));
        expect(b.entries.length).toBe(1);
        expect(b.entries.every((e) => e.code === null)).toBe(true);
        expect(r.text).not.toContain('"code":"');
      }
      expect((JSON.parse(mine.text) as Leaderboard).you).toMatchObject({
        name: result.entry!.name,
        score: result.entry!.score,
        code: null,
        rank: 1,
      });
    }
  });
});

describe('If-None-Match', () => {
  it('matches the tag itself, its weak form, one of a list, or *', () => {
    expect(matches('"a"', '"a"')).toBe(true);
    expect(matches('W/"a"', '"a"')).toBe(true);
    expect(matches('"b" , "a"', '"a"')).toBe(true);
    expect(matches('*', '"a"')).toBe(true);
    expect(matches('"b"', '"a"')).toBe(false);
    expect(matches(undefined, '"a"')).toBe(false);
  });
});
