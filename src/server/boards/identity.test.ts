/**
 * One game is one entry, and it belongs to who played it first; the boards keep only games
 * that stand on them. Each test does what a cheater did — a leader's published code sent
 * again with a players' label, an unused flag, its seed written longer, another target; the
 * leader's game played on by the AI; thousands of games that change nothing — against a real
 * server on SQLite and PostgreSQL, and shows it fail.
 */
import { describe, expect, it } from 'vitest';
import { bestMoveOrThrow } from '../../ai.ts';
import { crc32, fromBase64Url, toBase64Url } from '../../engine/codeBits.ts';
import { awaitingWinChoice, type Game, keepGoing, newGame, play } from '../../engine/game2048.ts';
import { encodeShared, SHARE_PREFIX, shared2048 } from '../../engine/shareCode.ts';
import type { SubmittedEntry } from '../../net/api.ts';
import {
  cornerGame,
  testPlayerKey as key,
  mustShare,
  play2048,
  playPuzzle,
} from '../../testing/games.ts';
import { tableCounts } from '../../testing/serverChecks.ts';
import {
  BACKENDS,
  type Backend,
  call,
  newDatabaseTarget,
  serverForBlock,
  startTestServer,
} from '../../testing/serverHarness.ts';
import { openDatabase } from '../db.ts';
import { gameIdentity, OPENING_MOVES, sharedPrefix } from './gameIdentity.ts';
import { gameIdentityMigration } from './gameIdentityMigration.ts';

const NOW = Date.UTC(2026, 10, 26, 12);

/** The AI's moves from `game` on, `moves` of them (or to the game's end). */
function aiPlays(game: Game, moves: number): Game {
  let g = game;
  for (let i = 0; i < moves && !g.over; i++) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    g = play(g, bestMoveOrThrow(g.cells, { depth: 1 })!);
  }
  return g;
}

const codeOf = (g: Game, players = '') => encodeShared({ ...mustShare(shared2048(g)), players });

/** A code's bytes (without the checksum) changed by `edit`, with a new checksum. */
function rewritten(code: string, edit: (body: number[]) => number[]): string {
  const bytes = fromBase64Url(code.slice(SHARE_PREFIX.length))!;
  const body = Uint8Array.from(edit([...bytes.subarray(0, bytes.length - 4)]));
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, crc32(body));
  return SHARE_PREFIX + toBase64Url(out);
}

/** Where a 2048 code's fields are: after version, kind, flags, the label's length and label. */
const sizeAt = (body: number[]) => 4 + body[3]!;

/** The seed's varint written one byte longer (a continuation bit and a zero byte). */
function longerSeed(body: number[]): number[] {
  let end = sizeAt(body) + 2;
  while (body[end]! & 0x80) end++;
  return [...body.slice(0, end), body[end]! | 0x80, 0, ...body.slice(end + 1)];
}

describe.each(BACKENDS)('game identity on %s', (backend: Backend) => {
  const block = serverForBlock(backend, { now: () => NOW });
  const { post, board } = block;
  const selfBoard = (size: number, target: number) =>
    board(`source=self-reported&board=2048&size=${size}&target=${target}&limit=50`);

  it('answers a stored game written another way as that entry, still its first player’s', async () => {
    const leader = aiPlays(newGame({ size: 4, target: 256, seed: 9001 }), 200);
    const code = codeOf(leader);
    const first = await post({ code, name: 'Leader', playerKey: key(1) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await tableCounts(block.server().database);
    const variants: [string, string][] = [
      ['a players label', codeOf(leader, 'x')],
      ['the puzzle-time flag', rewritten(code, (b) => [b[0]!, b[1]!, b[2]! | 4, ...b.slice(3)])],
      ['the assisted flag', rewritten(code, (b) => [b[0]!, b[1]!, b[2]! | 1, ...b.slice(3)])],
      ['a longer seed', rewritten(code, longerSeed)],
      [
        'all three',
        rewritten(codeOf(leader, 'ai-hard'), (b) =>
          longerSeed(b).map((v, i) => (i === 2 ? v | 4 : v)),
        ),
      ],
    ];
    for (const [what, variant] of variants) {
      expect(variant, what).not.toBe(code);
      const r = await post({ code: variant, name: 'Thief', playerKey: key(2) });
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body, what).toEqual({ ...(first.body as SubmittedEntry), outcome: 'sent-before' });
      expect((r.body as SubmittedEntry).name).toBe('Leader');
    }
    expect(await tableCounts(block.server().database)).toEqual(before);
    const b = await selfBoard(4, 256);
    expect(b.entries.map((e) => e.name)).toEqual(['Leader']);
  });

  it('refuses a stored game sent under another target: it lands on no other board', async () => {
    const leader = aiPlays(newGame({ size: 4, target: 128, seed: 9002 }), 150);
    const short = play2048(9003, 30, { size: 4, target: 128 });
    for (const [game, code, owner] of [
      [leader, codeOf(leader), 3],
      [short.game, short.code, 13],
    ] as const) {
      const first = await post({ code, name: `Leader${owner}`, playerKey: key(owner) });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      for (const exp of [9, 10, 12]) {
        const other = rewritten(code, (b) => b.map((v, i) => (i === sizeAt(b) + 1 ? exp : v)));
        for (const [name, who] of [
          ['Thief4', 4],
          [`Leader${owner}`, owner],
        ]) {
          const r = await post({ code: other, name, playerKey: key(who as number) });
          expect(r.status, `${game.moves} moves, target 2^${exp}: ${JSON.stringify(r.body)}`).toBe(
            409,
          );
          const e = (r.body as { error: { code: string; message: string } }).error;
          expect(e.code).toBe('copied');
          expect(e.message).toMatch(/continues .* already on the boards .*target 128/);
        }
        expect((await selfBoard(4, 2 ** exp)).entries).toEqual([]);
      }
    }
  });

  it('refuses the leader’s game played on by the AI, or cut short, as copied', async () => {
    const leader = aiPlays(newGame({ size: 4, target: 2048, seed: 9010 }), 500);
    expect(leader.over).toBe(false);
    const first = await post({ code: codeOf(leader), name: 'Leader5', playerKey: key(5) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const longer = aiPlays(leader, 300);
    expect(longer.score).toBeGreaterThan(leader.score);
    let cut = leader;
    while (cut.moves > 260) cut = cut.previous!;
    for (const [what, g] of [
      ['300 more moves', longer],
      ['cut to 260 moves', cut],
    ] as const) {
      const r = await post({ code: codeOf(g), name: 'Thief6', playerKey: key(6) });
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(409);
      const e = (r.body as { error: { code: string; message: string } }).error;
      expect(e.code).toBe('copied');
      expect(e.message).toContain('continues a game of Leader5 already on the boards');
    }
    const b = await selfBoard(4, 2048);
    expect(b.entries.map((e) => [e.name, e.score])).toEqual([['Leader5', leader.score]]);
    // The leader playing on their own game is their better game.
    const own = await post({ code: codeOf(longer), name: 'Leader5', playerKey: key(5) });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const after = await selfBoard(4, 2048);
    expect(after.entries.map((e) => [e.name, e.score])).toEqual([['Leader5', longer.score]]);
  });

  it('refuses a game sharing exactly 64 opening moves and exactly half of a stored game’s as copied; one move fewer is not', async () => {
    /** A stored game of `moves` moves, and one that shares exactly `shared` of them, then its own. */
    const branch = (seed: number, moves: number, shared: number) => {
      const stored = aiPlays(newGame({ size: 4, target: 2048, seed }), moves);
      expect(stored.moves).toBe(moves);
      let from = stored;
      while (from.moves > shared) from = from.previous!;
      for (const d of ['up', 'down', 'left', 'right'] as const) {
        const next = play(from, d);
        if (next === from) continue;
        const other = aiPlays(next, 60);
        const a = gameIdentity(codeOf(other))!.path;
        if (sharedPrefix(a, gameIdentity(codeOf(stored))!.path) === shared) {
          return { stored: codeOf(stored), other: codeOf(other) };
        }
      }
      throw new Error(`no move after ${shared} leaves the stored game of seed ${seed}`);
    };
    const cases = [
      // 64 shared (the opening) and 64 * 2 = 128, the stored game's moves: copied.
      { what: '64 of 128', game: branch(9050, 128, OPENING_MOVES), status: 409 },
      // 64 shared, but fewer than half of the stored game's 129.
      { what: '64 of 129', game: branch(9051, 129, OPENING_MOVES), status: 201 },
      // 63 shared, half of the stored game's 126.
      { what: '63 of 126', game: branch(9052, 126, OPENING_MOVES - 1), status: 201 },
    ];
    for (const [i, c] of cases.entries()) {
      const first = await post({ code: c.game.stored, name: `Opener${i}`, playerKey: key(40 + i) });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const r = await post({ code: c.game.other, name: `Brancher${i}`, playerKey: key(50 + i) });
      expect(r.status, `${c.what}: ${JSON.stringify(r.body)}`).toBe(c.status);
      if (c.status === 409) {
        expect(r.body).toMatchObject({
          error: {
            code: 'copied',
            message: expect.stringContaining(
              `continues a game of Opener${i} already on the boards (128 moves)`,
            ),
          },
        });
      }
    }
    const names = (await selfBoard(4, 2048)).entries
      .map((e) => e.name)
      .filter((n) => /^(Opener|Brancher)/.test(n))
      .sort();
    expect(names).toEqual(['Brancher1', 'Brancher2', 'Opener0', 'Opener1', 'Opener2']);
  });

  it('refuses a leader’s puzzle solution sent with a detour that comes back, as copied', async () => {
    const { code } = await playPuzzle(12, { width: 4, wander: 40 });
    const first = await post({ code, name: 'Solver21', playerKey: key(21) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const tiles = [...gameIdentity(code)!.moves];
    expect(tiles.length).toBeGreaterThan(OPENING_MOVES);
    const t = tiles[0]!;
    const detour = encodeShared({
      game: { kind: 'puzzle', width: 4, seed: 12, tiles: [t, t, ...tiles], timeMs: 20_000 },
      assisted: false,
      players: '',
    });
    const r = await post({ code: detour, name: 'Thief22', playerKey: key(22) });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toMatchObject({ error: { code: 'copied' } });
    const b = await board('source=self-reported&board=puzzle&size=4');
    expect(b.entries.map((e) => e.name)).toEqual(['Solver21']);
  });

  it('ranks two players of one seed who play their own moves', async () => {
    // The same seed, a shared opening of 40 moves, then each their own: two games.
    const opening = aiPlays(newGame({ size: 5, target: 2048, seed: 9020 }), 40);
    const a = aiPlays(opening, 200);
    let b = opening;
    for (let i = 0; i < 200 && !b.over; i++) {
      const moved = ['left', 'down', 'right', 'up']
        .map((d) => play(b, d as 'left'))
        .find((g) => g !== b);
      b = awaitingWinChoice(b) ? keepGoing(b) : moved!;
    }
    const common = sharedPrefix(gameIdentity(codeOf(a))!.moves, gameIdentity(codeOf(b))!.moves);
    expect(common).toBeGreaterThanOrEqual(40);
    expect(common).toBeLessThan(OPENING_MOVES);
    const ra = await post({ code: codeOf(a), name: 'Ann', playerKey: key(7) });
    const rb = await post({ code: codeOf(b), name: 'Bob', playerKey: key(8) });
    expect([ra.status, rb.status], JSON.stringify([ra.body, rb.body])).toEqual([201, 201]);
    expect((await selfBoard(5, 2048)).entries.map((e) => e.name).sort()).toEqual(['Ann', 'Bob']);
  });

  it('keeps no game that changes none of a player’s entries: 300 of them store nothing', async () => {
    const best = aiPlays(newGame({ size: 3, target: 512, seed: 9030 }), 400);
    const first = await post({ code: codeOf(best), name: 'Grinder', playerKey: key(9) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await tableCounts(block.server().database);
    for (let i = 0; i < 300; i++) {
      const worse = play2048(20_000 + i, 8 + (i % 20), { size: 3, target: 512 });
      expect(worse.game.score).toBeLessThan(best.score);
      const r = await post({ code: worse.code, name: 'Grinder', playerKey: key(9) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const entry = r.body as SubmittedEntry;
      expect([entry.id, entry.rank, entry.score, entry.outcome]).toEqual([
        (first.body as SubmittedEntry).id,
        1,
        worse.game.score,
        'not-better',
      ]);
    }
    expect(await tableCounts(block.server().database)).toEqual(before);
    const b = await selfBoard(3, 512);
    expect(b.entries.map((e) => [e.name, e.score])).toEqual([['Grinder', best.score]]);
  });
  it('keeps a beaten game as its player’s but drops its code: 150 better games keep one code', async () => {
    const full = cornerGame(5, 9040, 1200, 4096);
    const steps: Game[] = [];
    for (let g: Game | null = full; g; g = g.previous) if (g.moves % 8 === 0) steps.unshift(g);
    const kept: Game[] = [];
    for (const g of steps.slice(0, 151)) {
      const r = await post({ code: codeOf(g), name: 'Climber', playerKey: key(10) });
      expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 201) kept.push(g);
    }
    expect(kept.length).toBeGreaterThan(100);
    const rows = await block
      .server()
      .database.db.selectFrom('games')
      .select(['code', 'moves'])
      .where('size', '=', 5)
      .where('target', '=', 4096)
      .execute();
    expect(rows).toHaveLength(kept.length);
    const last = kept.at(-1)!;
    expect(rows.filter((r) => r.code !== '').map((r) => Number(r.moves))).toEqual([last.moves]);
    // A beaten game sent again is still the climber's; one that plays on from it is a copy.
    const beaten = kept[kept.length - 40]!;
    const again = await post({ code: codeOf(beaten, 'x'), name: 'Thief11', playerKey: key(11) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body as SubmittedEntry).name).toBe('Climber');
    let other = beaten;
    for (let i = 0; i < 3 && !other.over; i++) {
      const moved = (['up', 'right', 'down', 'left'] as const)
        .map((d) => play(other, d))
        .find((g) => g !== other);
      if (moved) other = moved;
    }
    expect(other.moves).toBeGreaterThan(beaten.moves);
    const copy = await post({ code: codeOf(other), name: 'Thief11', playerKey: key(11) });
    expect(copy.status, JSON.stringify(copy.body)).toBe(409);
    expect((await selfBoard(5, 4096)).entries.map((e) => [e.name, e.score])).toEqual([
      ['Climber', last.score],
    ]);
  });
});

describe.each(BACKENDS)('migration 0007-game-identity on %s', (backend: Backend) => {
  it('hashes the games stored before it; of a game stored twice, the first keeps it', async (ctx) => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const leader = aiPlays(newGame({ size: 4, target: 256, seed: 9100 }), 120);
    const code = codeOf(leader);
    const copy = codeOf(leader, 'x');
    // A database as it was before 0007: the columns and indexes gone, the migration not run.
    const database = await openDatabase(target);
    const db = database.db;
    await db.schema.dropIndex('games_game_hash').execute();
    await db.schema.dropIndex('games_opening_hash').execute();
    await db.schema.alterTable('games').dropColumn('game_hash').execute();
    await db.schema.alterTable('games').dropColumn('opening_hash').execute();
    const row = (c: string, player: number) => ({
      code_hash: c,
      code: c,
      player_id: player,
      kind: '2048',
      size: 4,
      target: 256,
      seed: 9100,
      assisted: 0,
      score: leader.score,
      moves: leader.moves,
      time_ms: null,
      max_tile: 256,
      over: 0,
      won: 0,
      day: null,
      created_ms: NOW,
    });
    for (const [n, name] of [
      [1, 'Before'],
      [2, 'Copier'],
    ] as const) {
      await db
        .insertInto('players')
        .values({ key_hash: `k${n}`, name, created_ms: NOW })
        .execute();
    }
    const players = await db.selectFrom('players').select(['id', 'name']).orderBy('id').execute();
    await (db as never as typeof db)
      .insertInto('games')
      .values([row(code, Number(players[0]!.id)), row(copy, Number(players[1]!.id))] as never)
      .execute();
    await gameIdentityMigration['0007-game-identity']!.up(db as never);
    const games = await db
      .selectFrom('games')
      .select(['code', 'game_hash', 'opening_hash'])
      .orderBy('id')
      .execute();
    expect(games).toEqual([
      {
        code,
        game_hash: gameIdentity(code)!.gameHash,
        opening_hash: gameIdentity(code)!.openingHash,
      },
      { code: copy, game_hash: null, opening_hash: null },
    ]);
    await database.close();
    // The server starts on it, and the game written a third way is the first player's.
    const s = await startTestServer(target, { now: () => NOW });
    try {
      const third = codeOf(leader, 'ai-hard');
      const r = await call(s.url, 'POST', '/api/scores', {
        code: third,
        name: 'Third',
        playerKey: key(30),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((r.body as SubmittedEntry).name).toBe('Before');
    } finally {
      await s.close();
    }
  });
});
