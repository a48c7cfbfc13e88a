/**
 * The boards' game analysis (analysisPool.ts) against a real server on SQLite and PostgreSQL:
 * a stored game is judged in the background and its figures appear beside its entry, with new
 * bytes and ETag; a game played by the package's AI (fast preset) is marked and one of random
 * moves is not; boards sorted and filtered by the figures keep each line's rank; bad values
 * are refused with a sentence; a restart picks up the games left unanalysed; a request never
 * waits for an analysis (an analyser that never answers leaves every answer as it was); the
 * analysis thread runs at nice 19.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type Game, newGame, play } from '../../engine/game2048.ts';
import { encodeShared, shared2048 } from '../../engine/shareCode.ts';
import type { BoardEntry, Leaderboard } from '../../net/api.ts';
import { DIRECTION_LETTERS } from '../../net/ranked.ts';
import { analyse } from '../../solvers/ai2048/player.ts';
import { play2048, playPuzzle, testPlayerKey } from '../../testing/games.ts';
import { helloed, startRanked } from '../../testing/rankedPlay.ts';
import {
  BACKENDS,
  type Backend,
  call,
  HOOK_MS,
  newDatabaseTarget,
  serverForBlock,
  startTestServer,
  type TestServer,
} from '../../testing/serverHarness.ts';
import {
  AI_LIKE_AGREEMENT,
  AI_LIKE_MIN_MOVES,
  AI_LIKE_PUZZLE_MIN_OPTIMAL,
  aiLike,
  type GameFigures,
} from './analysisFigures.ts';
import {
  type AnalysisOutcome,
  CLAIM_STALE_MS,
  type CodeAnalyser,
  createAnalysisPool,
  type GameAnalyses,
} from './analysisPool.ts';

const key = testPlayerKey;
const LONG = { timeout: 120_000 };

/** A 4×4 game of `moves` moves played by the AI at the fast preset, shared as not assisted. */
function aiGame(seed: number, moves: number): string {
  let g: Game = newGame({ size: 4, target: 2048, seed });
  for (let i = 0; i < moves && !g.over; i++) {
    g = play(g, analyse(g.cells, { preset: 'fast', noCap: true }).move!);
  }
  const s = shared2048(g, { assisted: false });
  if (!s.ok) throw new Error(s.error.message);
  return encodeShared(s.value);
}

const analysesOf = (s: TestServer) => (s.app as unknown as { analyses: GameAnalyses }).analyses;

/** A test's analyser: answers each code from `answers` when released (never, by default). */
class HeldAnalyser implements CodeAnalyser {
  readonly asked: string[] = [];
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly answers: Map<string, GameFigures>) {}
  analyse(code: string): Promise<AnalysisOutcome> {
    this.asked.push(code);
    return new Promise((resolve) => {
      this.waiting.push(() => {
        const f = this.answers.get(code);
        resolve(f ? { figures: f } : { skipped: 'not in the test' });
      });
    });
  }
  /** Answers every code asked so far. */
  release(): void {
    for (const answer of this.waiting.splice(0)) answer();
  }
  async close(): Promise<void> {
    this.release();
  }
}

const figures = (accuracy: number, agreement: number, moves = 300): GameFigures => ({
  kind: '2048',
  accuracy,
  agreement,
  moves,
  optimal: null,
  wasted: null,
  method: 'fast',
});

async function until(what: () => Promise<boolean>, label: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await what()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${label}`);
}

describe.each(BACKENDS)('the boards analysed by the AI on %s', (backend: Backend) => {
  const block = serverForBlock(backend, { analyser: createAnalysisPool({ tables: false }) });

  it(
    'judges stored games in the background: the AI’s game is marked, random moves are not',
    LONG,
    async () => {
      const ai = aiGame(41, AI_LIKE_MIN_MOVES + 40);
      const random = play2048(42, 600).code;
      const puzzle = (await playPuzzle(43, { width: 3, wander: 12 })).code;
      for (const [i, code] of [ai, random, puzzle].entries()) {
        const r = await block.post({ code, name: `Judged ${i}`, playerKey: key(100 + i) });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
      await analysesOf(block.server()).settled();
      const board = await block.board('board=2048&source=self-reported');
      const byName = new Map(board.entries.map((e) => [e.name, e]));
      const aiLine = byName.get('Judged 0')!;
      const randomLine = byName.get('Judged 1')!;
      expect(aiLine.agreement).toBeGreaterThanOrEqual(95);
      expect(aiLine.accuracy).toBeGreaterThan(95);
      expect(aiLine.aiLike).toBe(true);
      expect(randomLine.agreement).toBeLessThan(AI_LIKE_AGREEMENT - 20);
      expect(randomLine.accuracy).toBeGreaterThanOrEqual(0);
      expect(randomLine.accuracy).toBeLessThanOrEqual(aiLine.accuracy!);
      expect(randomLine.aiLike).toBe(false);
      for (const e of board.entries) {
        expect(e.optimal).toBeNull();
        expect(e.wasted).toBeNull();
      }
      const p = await block.board('board=puzzle&size=3&source=self-reported');
      const line = p.entries.find((e) => e.name === 'Judged 2')!;
      expect(line.optimal).toBeGreaterThan(0);
      expect(line.wasted).toBe(line.moves - line.optimal!);
      expect(line.accuracy).toBeCloseTo((100 * line.optimal!) / line.moves, 1);
      expect(line.agreement).toBeGreaterThan(0);
      expect(line.aiLike).toBe(false);
    },
  );

  it(
    'judges a ranked game too, and skips a 4×4 puzzle while the 4×4 tables are not read',
    LONG,
    async () => {
      const url = block.server().url;
      const game = await startRanked(url, { kind: '2048', playerKey: key(110) });
      const { socket } = await helloed(url, game);
      let n = 1;
      for (const d of ['down', 'left', 'right', 'up', 'down', 'left', 'down', 'right'] as const) {
        await socket.send({ type: 'move', n, d: DIRECTION_LETTERS[d] });
        if ((await socket.answer(n)).type === 'moved') n++;
      }
      await socket.send({ type: 'resign' });
      const { result } = await socket.next('over');
      socket.close();
      expect(result.entry).toMatchObject({ ranked: true });
      const { code } = await playPuzzle(111, { width: 4, wander: 4 });
      const r = await block.post({ code, name: 'Fifteen', playerKey: key(111) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      await analysesOf(block.server()).settled();
      const ranked = await block.board('board=2048');
      const mine = ranked.entries.find((e) => e.name === result.entry!.name)!;
      expect(mine.agreement).toBeGreaterThanOrEqual(0);
      expect(mine.accuracy).toBeGreaterThanOrEqual(0);
      expect(mine.aiLike).toBe(false);
      const p = await block.board('board=puzzle&size=4&source=self-reported');
      expect(p.entries.find((e) => e.name === 'Fifteen')).toMatchObject({
        accuracy: null,
        agreement: null,
        optimal: null,
      });
      const rows = await block
        .server()
        .database.db.selectFrom('game_analyses')
        .select(['state', 'note'])
        .where('state', '<>', 'done')
        .execute();
      expect(rows).toEqual([{ state: 'skipped', note: 'the 4×4 tables are not in the cache' }]);
    },
  );
});

describe.each(BACKENDS)('board views and bytes with a held analyser on %s', (backend: Backend) => {
  const answers = new Map<string, GameFigures>();
  const held = new HeldAnalyser(answers);
  const block = serverForBlock(backend, { analyser: held });
  const BOARD = '/api/leaderboard?board=2048&source=self-reported';
  const codes: string[] = [];

  /** Each player's figures (accuracy, agreement), by name. */
  const plan = new Map<string, [number, number]>([
    ['Viewed 0', [70, 40]],
    ['Viewed 1', [99, 90]],
    ['Viewed 2', [90, 60]],
    ['Viewed 3', [80, 97]],
  ]);

  it('answers requests while the analysis never ends, and the figures come later with new bytes', async () => {
    for (const [i, [accuracy, agreement]] of [...plan.values()].entries()) {
      const { code } = play2048(60 + i, 300);
      codes.push(code);
      answers.set(code, figures(accuracy, agreement));
      const r = await block.post({ code, name: `Viewed ${i}`, playerKey: key(200 + i) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const url = block.server().url;
    await until(async () => held.asked.length > 0, 'the first game is asked for');
    const before = await fetch(`${url}${BOARD}`);
    const etag = before.headers.get('etag')!;
    const lines = ((await before.json()) as Leaderboard).entries;
    expect(lines).toHaveLength(4);
    for (const e of lines) {
      expect(e.accuracy).toBeNull();
      expect(e.agreement).toBeNull();
      expect(e.aiLike).toBe(false);
    }
    expect((await fetch(`${url}${BOARD}`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    // The games are judged one at a time: each answer lets the next be asked for.
    await until(async () => {
      held.release();
      return held.asked.length === 4;
    }, 'all four asked');
    held.release();
    await analysesOf(block.server()).settled();
    const after = await fetch(`${url}${BOARD}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const judged = ((await after.json()) as Leaderboard).entries;
    expect(judged.map((e) => e.name)).toEqual(lines.map((e) => e.name));
    for (const e of judged) {
      const [accuracy, agreement] = plan.get(e.name)!;
      expect([e.accuracy, e.agreement, e.aiLike]).toEqual([
        accuracy,
        agreement,
        agreement >= AI_LIKE_AGREEMENT,
      ]);
    }
    // The reader's own line carries them too.
    const mine = await block.board(`board=2048&source=self-reported&playerKey=${key(201)}`);
    expect(mine.you?.accuracy).toBe(99);
  });

  it('sorts and filters by the figures, each line keeping its rank', async () => {
    const q = 'board=2048&source=self-reported';
    const names = (b: Leaderboard) => b.entries.map((e) => `${e.rank} ${e.name}`);
    const board = await block.board(q);
    const rank = new Map(board.entries.map((e) => [e.name, e.rank]));
    /** The lines expected: the players kept by `keep`, ordered by `by` (highest first), then rank. */
    const expected = (by: 0 | 1 | null, keep: (f: [number, number]) => boolean = () => true) =>
      [...plan.entries()]
        .filter(([, f]) => keep(f))
        .sort(
          ([a, fa], [b, fb]) => (by === null ? 0 : fb[by] - fa[by]) || rank.get(a)! - rank.get(b)!,
        )
        .map(([name]) => `${rank.get(name)} ${name}`);
    expect(names(board)).toEqual(expected(null));
    const accuracy = names(await block.board(`${q}&sort=accuracy`));
    expect(accuracy).toEqual(expected(0));
    expect(accuracy[0]).toMatch(/Viewed 1$/);
    const agreement = names(await block.board(`${q}&sort=agreement`));
    expect(agreement).toEqual(expected(1));
    expect(agreement[0]).toMatch(/Viewed 3$/);
    expect(names(await block.board(`${q}&sort=rank`))).toEqual(names(board));
    expect(names(await block.board(`${q}&minAccuracy=85`))).toEqual(
      expected(null, ([a]) => a >= 85),
    );
    expect(names(await block.board(`${q}&minAgreement=60&sort=accuracy`))).toEqual(
      expected(0, ([, g]) => g >= 60),
    );
    const marked = expected(null, ([, g]) => g >= AI_LIKE_AGREEMENT);
    expect(marked).toHaveLength(2);
    expect(names(await block.board(`${q}&aiLike=1`))).toEqual(marked);
    expect(names(await block.board(`${q}&aiLike=0`))).toEqual(
      expected(null, ([, g]) => g < AI_LIKE_AGREEMENT),
    );
    expect(names(await block.board(`${q}&aiLike=1&sort=accuracy&limit=1&offset=1`))).toEqual(
      expected(0, ([, g]) => g >= AI_LIKE_AGREEMENT).slice(1),
    );
  });

  it('refuses bad values with a sentence', async () => {
    const url = block.server().url;
    const cases: [string, RegExp][] = [
      ['sort=score', /sort is rank, accuracy or agreement, not "score"/],
      ['minAccuracy=101', /minAccuracy is a number from 0 to 100, not "101"/],
      ['minAccuracy=-1', /minAccuracy is a number from 0 to 100/],
      ['minAgreement=lots', /minAgreement is a number from 0 to 100, not "lots"/],
      ['aiLike=yes', /aiLike is 1 .* or 0 .*, not "yes"/],
    ];
    for (const [query, said] of cases) {
      const r = await call(url, 'GET', `/api/leaderboard?board=2048&${query}`);
      expect(r.status, query).toBe(400);
      const e = (r.body as { error: { code: string; message: string } }).error;
      expect(e.code).toBe('bad-request');
      expect(e.message).toMatch(said);
    }
  });
});

describe.each(BACKENDS)('analysis across a restart on %s', (backend: Backend) => {
  let target: string | { skip: string } = { skip: 'not started' };
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  }, HOOK_MS);

  it('picks up at start the games stored while no analysis ran, and stale claims', async (ctx) => {
    target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const plain = await startTestServer(target);
    servers.push(plain);
    const answers = new Map<string, GameFigures>();
    const codes = [101, 102, 103].map((seed) => play2048(seed, 200).code);
    for (const [i, code] of codes.entries()) {
      answers.set(code, figures(80 + i, 50 + i));
      const r = await call(plain.url, 'POST', '/api/scores', {
        code,
        name: `Later ${i}`,
        playerKey: key(300 + i),
      });
      expect(r.status).toBe(201);
    }
    // Game 2 claimed by a process that stopped 11 minutes ago; game 1 by one still at it.
    const ids = await plain.database.db.selectFrom('games').select('id').orderBy('id').execute();
    const now = Date.now();
    await plain.database.db
      .insertInto('game_analyses')
      .values([
        { game_id: Number(ids[1]!.id), state: 'running', claimed_ms: now - 60_000 },
        {
          game_id: Number(ids[2]!.id),
          state: 'running',
          claimed_ms: now - CLAIM_STALE_MS - 60_000,
        },
      ])
      .execute();
    await plain.close();
    servers.pop();
    const held = new HeldAnalyser(answers);
    const again = await startTestServer(target, { analyser: held });
    servers.push(again);
    await until(async () => {
      held.release();
      return held.asked.length >= 2;
    }, 'two games asked for');
    held.release();
    await analysesOf(again).settled();
    expect(new Set(held.asked)).toEqual(new Set([codes[0], codes[2]]));
    const b = (await call(again.url, 'GET', '/api/leaderboard?board=2048&source=self-reported'))
      .body as Leaderboard;
    const by = new Map<string, BoardEntry>(b.entries.map((e) => [e.name, e]));
    expect(by.get('Later 0')?.accuracy).toBe(80);
    expect(by.get('Later 2')?.agreement).toBe(52);
    expect(by.get('Later 1')?.accuracy).toBeNull();
    // Sorted by a figure: the games analysed only; filtered by the mark's absence: all others.
    const sorted = (
      await call(
        again.url,
        'GET',
        '/api/leaderboard?board=2048&source=self-reported&sort=agreement',
      )
    ).body as Leaderboard;
    expect(sorted.entries.map((e) => e.name)).toEqual(['Later 2', 'Later 0']);
    const unmarked = (
      await call(again.url, 'GET', '/api/leaderboard?board=2048&source=self-reported&aiLike=0')
    ).body as Leaderboard;
    expect(unmarked.entries.map((e) => e.name).sort()).toEqual(['Later 0', 'Later 1', 'Later 2']);
  });
});

describe('the mark’s line', () => {
  it('marks a 4×4 game of the fast preset at the line and not below it', () => {
    const at = figures(90, AI_LIKE_AGREEMENT, AI_LIKE_MIN_MOVES);
    expect(aiLike(at, 4)).toBe(true);
    expect(aiLike({ ...at, agreement: AI_LIKE_AGREEMENT - 0.1 }, 4)).toBe(false);
    expect(aiLike({ ...at, moves: AI_LIKE_MIN_MOVES - 1 }, 4)).toBe(false);
    // Other sizes are judged by another search, whose agreement was not measured.
    expect(aiLike({ ...at, method: 'generic' }, 5)).toBe(false);
    expect(aiLike(at, 5)).toBe(false);
  });

  it('marks a puzzle solved optimally in many moves, not a short or wasteful one', () => {
    const p: GameFigures = {
      kind: 'puzzle',
      accuracy: 100,
      agreement: 100,
      moves: AI_LIKE_PUZZLE_MIN_OPTIMAL,
      optimal: AI_LIKE_PUZZLE_MIN_OPTIMAL,
      wasted: 0,
      method: 'exact',
    };
    expect(aiLike(p, 4)).toBe(true);
    expect(aiLike({ ...p, wasted: 2 }, 4)).toBe(false);
    expect(aiLike({ ...p, optimal: AI_LIKE_PUZZLE_MIN_OPTIMAL - 1 }, 4)).toBe(false);
    expect(aiLike(p, 3)).toBe(false);
  });
});

/** The nice value of each thread of this process (Linux). */
function niceValues(): number[] {
  return readdirSync('/proc/self/task').map((t) => {
    const stat = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe.skipIf(!existsSync('/proc/thread-self'))('the analysis thread', () => {
  it('runs at the lowest priority, the process’s other threads as they were', async (ctx) => {
    const before = niceValues();
    if (before.includes(19)) return ctx.skip('these tests run at nice 19 already');
    const pool = createAnalysisPool({ tables: false });
    try {
      const r = await pool.analyse(play2048(3, 100).code);
      expect('figures' in r).toBe(true);
      const after = niceValues();
      expect(after.filter((n) => n === 19)).toHaveLength(1);
      expect(after.filter((n) => n !== 19)).toEqual(
        after.filter((n) => n !== 19).map(() => before[0]),
      );
    } finally {
      await pool.close();
    }
  });
});

describe('the request path', () => {
  it('never calls the analysis itself: app and boards import no analyse function', () => {
    for (const file of ['../app.ts', './scores.ts', './boards.ts', './boardBytes.ts']) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(text, file).not.toMatch(/solvers\/analysis|analyse2048|analysePuzzle/);
    }
    const pool = readFileSync(new URL('./analysisPool.ts', import.meta.url), 'utf8');
    expect(pool).not.toMatch(/from '\.\.\/\.\.\/solvers\/analysis/);
  });
});
