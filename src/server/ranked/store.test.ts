/**
 * The ranked games' store on SQLite and on a real PostgreSQL, two processes' stores on one
 * database: a take raises the epoch and reads every move stored before it; the owner of an
 * older epoch stores nothing more (moves, touch, release, end); nobody lets go of a game they do
 * not hold; a take pauses the clock only after a fault (a holder named as gone, or a stopping
 * server), from the last stored move, and says for how long.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, type Backend, newDatabaseTarget } from '../../testing/serverHarness.ts';
import { type Database, openDatabase } from '../db.ts';
import type { RankedSetup } from './game.ts';
import { RankedStore } from './store.ts';

const setup = (id: string, dealtMs: number): RankedSetup => ({
  id,
  kind: 'puzzle',
  size: 3,
  target: null,
  day: null,
  seed: 42,
  dealtMs,
  keyHash: 'k'.repeat(64),
  name: 'Ada',
});

async function twoStores(
  backend: Backend,
): Promise<{ a: RankedStore; b: RankedStore; dbs: Database[] } | { skip: string }> {
  const target = await newDatabaseTarget(backend);
  if (typeof target !== 'string') return target;
  const one = await openDatabase(target);
  const two = await openDatabase(target);
  return { a: new RankedStore(one), b: new RankedStore(two), dbs: [one, two] };
}

const moves = (...ts: number[]) => ts.map((t, i) => ({ move: (i % 8) + 1, t }));

describe.each(BACKENDS)('the ranked store on %s', (backend: Backend) => {
  it('fences an owner whose epoch another take raised: its moves, touch, release and end are refused', async (ctx) => {
    const s = await twoStores(backend);
    if ('skip' in s) return ctx.skip(s.skip);
    const { a, b, dbs } = s;
    try {
      await a.insert(setup('g1', 1000), 'hash', null, 1000);
      const byA = await a.take('g1', 'A', 2000, null);
      expect(byA?.game.epoch).toBe(1);
      expect(
        await a.write([{ id: 'g1', epoch: 1, from: 1, moves: moves(100, 200) }], [], [], 'A', 2100),
      ).toEqual(new Set(['g1']));
      // B takes it: it has A's stored moves, at the next epoch.
      const byB = await b.take('g1', 'B', 2200, null);
      expect(byB?.game.epoch).toBe(2);
      expect(byB?.moves.map((m) => m.t)).toEqual([100, 200]);
      // A's move 3 at its old epoch: not stored, and A is told the game is not its own.
      const late = await a.write(
        [{ id: 'g1', epoch: 1, from: 3, moves: moves(300) }],
        [],
        [],
        'A',
        2300,
      );
      expect(late.has('g1')).toBe(false);
      // Nor does a check of A's games, a touch, a release or an end at epoch 1 hold.
      expect(
        (await a.write([], [{ id: 'g1', epoch: 1 }], [{ id: 'g1', epoch: 1 }], 'A', 2300)).size,
      ).toBe(0);
      await a.release({ id: 'g1', epoch: 1 }, 'A', 2400);
      // A's holder name at B's epoch: still not A's to release.
      await a.release({ id: 'g1', epoch: 2 }, 'A', 2400);
      expect(await a.end({ id: 'g1', epoch: 1 }, 2500, 'resigned', '{}')).toBe(false);
      const now = await b.load('g1');
      expect(now?.game).toMatchObject({ holder: 'B', epoch: 2, endedMs: null });
      expect(now?.moves.map((m) => m.t)).toEqual([100, 200]);
      // B's own writes hold.
      expect(
        (
          await b.write([{ id: 'g1', epoch: 2, from: 3, moves: moves(310) }], [], [], 'B', 2600)
        ).has('g1'),
      ).toBe(true);
      expect(await b.end({ id: 'g1', epoch: 2 }, 2700, 'resigned', '{"r":1}')).toBe(true);
      expect((await b.load('g1'))?.moves.map((m) => m.t)).toEqual([100, 200, 310]);
      // An ended game is not written to, even by its last owner.
      expect(
        (await b.write([{ id: 'g1', epoch: 2, from: 4, moves: moves(400) }], [], [], 'B', 2800))
          .size,
      ).toBe(0);
    } finally {
      for (const d of dbs) await d.close();
    }
  });

  it('refuses an older owner of the same process: the epoch, not the holder, is the fence', async (ctx) => {
    const s = await twoStores(backend);
    if ('skip' in s) return ctx.skip(s.skip);
    const { a, b, dbs } = s;
    try {
      await a.insert(setup('g4', 1000), 'hash', null, 1000);
      await a.take('g4', 'A', 1000, null);
      await b.take('g4', 'B', 1100, null);
      // A takes it back: a new owner of A's at epoch 3; the one of epoch 1 is stale.
      expect((await a.take('g4', 'A', 1200, null))?.game.epoch).toBe(3);
      const stale = [{ id: 'g4', epoch: 1, from: 1, moves: moves(300) }];
      expect((await a.write(stale, [{ id: 'g4', epoch: 1 }], [], 'A', 1300)).size).toBe(0);
      await a.release({ id: 'g4', epoch: 1 }, 'A', 1300);
      expect(await a.end({ id: 'g4', epoch: 1 }, 1300, 'resigned', '{}')).toBe(false);
      expect(await a.load('g4')).toMatchObject({
        game: { holder: 'A', epoch: 3, endedMs: null },
        moves: [],
      });
      const fresh = [{ id: 'g4', epoch: 3, from: 1, moves: moves(350) }];
      expect((await a.write(fresh, [], [], 'A', 1350)).has('g4')).toBe(true);
    } finally {
      for (const d of dbs) await d.close();
    }
  });

  it('releases a game only for its holder at its epoch, and then the next take pauses nothing', async (ctx) => {
    const s = await twoStores(backend);
    if ('skip' in s) return ctx.skip(s.skip);
    const { a, b, dbs } = s;
    try {
      await a.insert(setup('g2', 1000), 'hash', null, 1000);
      await a.take('g2', 'A', 1500, null);
      await a.write([{ id: 'g2', epoch: 1, from: 1, moves: moves(400) }], [], [], 'A', 1500);
      // B, not the holder, cannot let it go.
      await b.release({ id: 'g2', epoch: 1 }, 'B', 1600);
      expect((await a.peek('g2'))?.holder).toBe('A');
      // A's player left: let go, and the next take (even naming A as gone) pauses nothing.
      await a.release({ id: 'g2', epoch: 1 }, 'A', 1700);
      expect((await a.peek('g2'))?.holder).toBe(null);
      const t = await b.take('g2', 'B', 9000, 'A');
      expect(t?.gapMs).toBe(0);
      expect(t?.game.pausedMs).toBe(0);
    } finally {
      for (const d of dbs) await d.close();
    }
  });

  it('pauses the clock from the last stored move when the holder is gone or a stopping server let the game go', async (ctx) => {
    const s = await twoStores(backend);
    if ('skip' in s) return ctx.skip(s.skip);
    const { a, b, dbs } = s;
    try {
      // Dealt at 1000; its last stored move at t = 500 (1500 on the server's clock).
      await a.insert(setup('g3', 1000), 'hash', null, 1000);
      await a.take('g3', 'A', 1000, null);
      await a.write([{ id: 'g3', epoch: 1, from: 1, moves: moves(500) }], [], [], 'A', 1500);
      // A dies; B takes it at 11,500 naming A gone: 10 s left out (1500 to 11,500).
      const t = await b.take('g3', 'B', 11_500, 'A');
      expect(t?.gapMs).toBe(10_000);
      expect(t?.game).toMatchObject({ pausedMs: 10_000, interruptedMs: 10_000, interruptions: 1 });
      // B's clock goes on from 500: a move 200 ms after the take is at t = 700.
      await b.write([{ id: 'g3', epoch: 2, from: 2, moves: moves(700) }], [], [], 'B', 11_700);
      // A holder not named gone (alive, its player opened the game elsewhere): nothing paused.
      const alive = await a.take('g3', 'A', 20_000, 'someone else');
      expect(alive?.gapMs).toBe(0);
      // A stopping server lets it go: the next take pauses from the last move (t = 700, i.e.
      // 1000 + 10,000 + 700 = 11,700) to 14,700: 3 s.
      await a.release({ id: 'g3', epoch: 3 }, 'A', 12_000, true);
      const after = await b.take('g3', 'B', 14_700, null);
      expect(after?.gapMs).toBe(3_000);
      expect(after?.game).toMatchObject({
        pausedMs: 13_000,
        interruptedMs: 13_000,
        interruptions: 2,
      });
    } finally {
      for (const d of dbs) await d.close();
    }
  });
});
