import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cornerGame, mustShare } from '../testing/games.ts';
import { bfsDistances, encode } from '../testutil/puzzleBfs.ts';
import { crc32, fromBase64Url, toBase64Url } from './codeBits.ts';
import { duelSlide, newDuel } from './duel.ts';
import { type Game, keepGoing, maxTile, play } from './game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from './puzzle.ts';
import {
  decodeShared,
  encodeShared,
  SHARE_PREFIX,
  type Shared,
  type SharedGame,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from './shareCode.ts';
import { type Replay, readShareCode } from './shareReplay.ts';
import { DIRECTIONS, type Direction } from './types.ts';
import { type Verified, verifyCode } from './verify.ts';
import { newVersus, versusMove } from './versus.ts';

/**
 * The figures readShareCode's replay proves (what verifyCode gave when it was built on it):
 * the reference verifyCode is held to.
 */
function reference(r: Replay): Verified {
  const g = r.shared.game;
  if (r.kind === '2048' && g.kind === '2048') {
    const last = r.states.at(-1)!;
    return {
      kind: '2048',
      size: g.size,
      target: g.target,
      seed: g.seed,
      assisted: r.shared.assisted,
      score: last.score,
      moves: last.moves,
      maxTile: maxTile(last.cells),
      timeMs: null,
      over: last.over,
      won: last.won,
    };
  }
  if (r.kind === 'puzzle' && g.kind === 'puzzle') {
    const last = r.states.at(-1)!;
    return {
      kind: 'puzzle',
      size: g.width,
      target: null,
      seed: g.seed,
      assisted: r.shared.assisted,
      score: 0,
      moves: last.moves,
      maxTile: null,
      timeMs: g.timeMs,
      over: last.solved,
      won: last.solved,
    };
  }
  throw new Error(`no figures for a ${r.kind} code`);
}

function unranked(g: SharedGame): boolean {
  return g.kind === 'versus' || g.kind === 'duel' || (g.kind === '2048' && g.evil);
}

/**
 * verifyCode answers as readShareCode does: the same figures for a legal code, the same code
 * and sentence for a refused one; only evil games, versus matches and duels are `not-ranked`
 * instead (decoded, never replayed). Returns the code of the answer.
 */
function expectAsReadShareCode(code: unknown): string {
  const got = verifyCode(code);
  const decoded = decodeShared(code as string);
  if (decoded.ok && unranked(decoded.value.game)) {
    expect(got).toMatchObject({ ok: false, error: { code: 'not-ranked' } });
    return 'not-ranked';
  }
  const ref = readShareCode(code as string);
  if (!ref.ok) {
    expect(got).toEqual(ref);
    return ref.error.code;
  }
  expect(got).toEqual({ ok: true, value: reference(ref.value) });
  return 'ok';
}

const CORNER: readonly Direction[] = ['down', 'left', 'right', 'up'];

function randomPuzzle(width: number, seed: number, moves: number): Puzzle {
  let p = newPuzzle({ width, seed });
  for (let i = 0; i < moves && !p.solved; i++) {
    const m = movableTiles(p);
    p = moveTile(p, m[(i * 7 + seed) % m.length]!);
  }
  return p;
}

/** Real codes of every kind to damage. */
const BASES: readonly Shared[] = (() => {
  const out: Shared[] = [];
  for (const n of [3, 4, 5, 6, 8]) {
    out.push(mustShare(shared2048(cornerGame(n, n * 11, 300, 16), { assisted: n === 4 })));
  }
  out.push(mustShare(shared2048(cornerGame(4, 9, 50), { evil: true })));
  for (const w of [3, 4, 8])
    out.push(mustShare(sharedPuzzle(randomPuzzle(w, w, 80), { timeMs: 5000 })));
  const vs = newVersus({ seed: 4 });
  if (!vs.ok) throw new Error(vs.error.message);
  let m = vs.value;
  for (let i = 0; i < 30; i++) {
    const r = versusMove(m, (i % 2) as 0 | 1, CORNER[(i >> 1) % 4]!);
    if (r.ok) m = r.value;
  }
  out.push(sharedVersus(m, 'human'));
  const du = newDuel({ seed: 5 });
  if (!du.ok) throw new Error(du.error.message);
  const slid = duelSlide(du.value, 'down');
  out.push(sharedDuel(slid.ok ? slid.value : du.value, 'human,ai'));
  return out;
})();

const base = fc.constantFrom(...BASES);

/** A change to the moves of a game, the code then made again (so its checksum is right). */
function mutateMoves(s: Shared, op: number, at: number, x: number): Shared {
  const g = s.game;
  const edit = <T>(list: readonly T[], item: T): T[] => {
    const l = [...list];
    const i = l.length === 0 ? 0 : at % (l.length + 1);
    if (op === 0 && l.length > 0) l[i % l.length] = item;
    else if (op === 1) l.splice(i, 0, item);
    else if (op === 2) l.splice(i % Math.max(1, l.length), 1);
    else if (op === 3) l.length = Math.min(l.length, i);
    else l.push(item, item);
    return l;
  };
  switch (g.kind) {
    case '2048':
      return { ...s, game: { ...g, moves: edit(g.moves, DIRECTIONS[x % 4]!) } };
    case 'puzzle':
      return { ...s, game: { ...g, tiles: edit(g.tiles, x % 64) } };
    case 'versus':
      return {
        ...s,
        game: {
          ...g,
          moves: edit(g.moves, { side: (x % 2) as 0 | 1, direction: DIRECTIONS[x % 4]! }),
        },
      };
    case 'duel':
      return {
        ...s,
        game: { ...g, actions: edit(g.actions, { kind: 'slide', direction: DIRECTIONS[x % 4]! }) },
      };
  }
}

describe('verifyCode refuses what readShareCode refuses, with the same code and sentence', () => {
  it('for games whose moves were changed, inserted, removed, cut or added', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(base, fc.nat(4), fc.nat(), fc.nat(), (s, op, at, x) => {
        seen.add(expectAsReadShareCode(encodeShared(mutateMoves(s, op, at, x))));
      }),
      { numRuns: 400 },
    );
    // Both legal and illegal codes came out of the changes.
    expect(seen).toContain('ok');
    expect(seen).toContain('illegal-move');
  });

  it('for games whose seed, size, target, width or flags were changed', () => {
    fc.assert(
      fc.property(base, fc.nat(Number.MAX_SAFE_INTEGER), fc.nat(7), fc.nat(7), (s, sd, a, b) => {
        const g = s.game;
        let game: SharedGame = g;
        if (g.kind === '2048')
          game = { ...g, seed: sd, size: 3 + a, target: 2 ** (3 + b), evil: a === 0 };
        else if (g.kind === 'puzzle') game = { ...g, seed: sd, width: 3 + (a % 6) };
        else if (g.kind === 'versus') game = { ...g, seed: sd };
        else game = { ...g, seed: sd };
        expectAsReadShareCode(encodeShared({ ...s, game }));
      }),
      { numRuns: 200 },
    );
  });

  it('for codes whose bytes were changed, with the checksum made right again or not', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(base, fc.nat(), fc.nat(255), fc.boolean(), (s, at, byte, resum) => {
        const bytes = fromBase64Url(encodeShared(s).slice(SHARE_PREFIX.length))!;
        const body = bytes.slice(0, bytes.length - 4);
        body[at % body.length] = byte;
        const out = new Uint8Array(bytes.length);
        out.set(body);
        const sum = resum ? crc32(body) : new DataView(bytes.buffer).getUint32(body.length);
        new DataView(out.buffer).setUint32(body.length, sum);
        seen.add(expectAsReadShareCode(SHARE_PREFIX + toBase64Url(out)));
      }),
      { numRuns: 500 },
    );
    expect(seen).toContain('damaged');
    expect(seen).toContain('bad-code');
  });

  it('for texts that were cut, grown or had a character changed', () => {
    fc.assert(
      fc.property(base, fc.nat(), fc.string({ maxLength: 3 }), fc.nat(2), (s, at, piece, op) => {
        const code = encodeShared(s);
        const i = at % (code.length + 1);
        const text =
          op === 0
            ? code.slice(0, i) + piece + code.slice(i + 1)
            : op === 1
              ? code.slice(0, i) + piece + code.slice(i)
              : code.slice(0, i);
        expectAsReadShareCode(text);
      }),
      { numRuns: 400 },
    );
  });

  it('for values that are not codes, and a code too long to read', () => {
    for (const v of [42, null, undefined, {}, [], '', 'sb.', 'sb.!!!!', '   ', 'hello']) {
      expect(expectAsReadShareCode(v)).not.toBe('ok');
    }
    expect(expectAsReadShareCode(`sb.${'A'.repeat(60_000)}`)).toBe('too-long');
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expectAsReadShareCode(v);
      }),
      { numRuns: 200 },
    );
  });
});

describe('verifyCode', () => {
  it('answers as readShareCode for every sequence of up to 3 moves from many seeds and sizes', () => {
    const seqs: Direction[][] = [[]];
    for (let len = 1; len <= 3; len++) {
      for (const q of seqs.filter((x) => x.length === len - 1)) {
        for (const d of DIRECTIONS) seqs.push([...q, d]);
      }
    }
    const seen = new Set<string>();
    for (let size = 3; size <= 8; size++) {
      for (let sd = 0; sd < 30; sd++) {
        for (const moves of seqs) {
          const code = encodeShared({
            game: {
              kind: '2048',
              size,
              target: 8,
              seed: sd * 2_654_435_761 + size,
              evil: false,
              moves,
            },
            assisted: false,
            players: '',
          });
          seen.add(expectAsReadShareCode(code));
        }
      }
    }
    expect([...seen].sort()).toEqual(['illegal-move', 'ok']);
  });

  it('names an illegal move deep in a long game as readShareCode does', () => {
    const g = cornerGame(8, 1, 15_000);
    const s = mustShare(shared2048(g));
    if (s.game.kind !== '2048') throw new Error('not a 2048 game');
    // The first position from move 12,000 on where some direction changes nothing.
    let at = g;
    const positions: Game[] = [];
    for (let p: Game | null = g; p; p = p.previous) positions.push(p);
    positions.reverse();
    let k = 12_000;
    let stuck: Direction | undefined;
    for (; k < positions.length; k++) {
      at = keepGoing(positions[k]!);
      stuck = DIRECTIONS.find((d) => play(at, d) === at);
      if (stuck) break;
    }
    expect(stuck).toBeDefined();
    const moves = [...s.game.moves];
    moves.splice(k, 0, stuck!);
    const code = encodeShared({ ...s, game: { ...s.game, moves } });
    const ref = readShareCode(code);
    expect(ref).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    expect(ref.ok || ref.error.message).toContain(`move ${k + 1} (${stuck})`);
    expect(verifyCode(code)).toEqual(ref);
  });

  it('names a puzzle tile that cannot move, deep in a long game, as readShareCode does', () => {
    const p = randomPuzzle(8, 3, 5000);
    const s = mustShare(sharedPuzzle(p));
    if (s.game.kind !== 'puzzle') throw new Error('not a puzzle');
    const movable = new Set(movableTiles(p));
    const bad = [...p.tiles].find((t) => t !== 0 && !movable.has(t))!;
    const code = encodeShared({ ...s, game: { ...s.game, tiles: [...s.game.tiles, bad] } });
    const ref = readShareCode(code);
    expect(ref.ok || ref.error.message).toContain(`move ${s.game.tiles.length + 1} (tile ${bad})`);
    expect(verifyCode(code)).toEqual(ref);
  });

  it('refuses evil games, versus matches and duels as not-ranked, even when illegal', () => {
    for (const s of BASES.filter((b) => unranked(b.game))) {
      const r = verifyCode(encodeShared(s));
      expect(r).toMatchObject({ ok: false, error: { code: 'not-ranked' } });
      expect(r.ok || r.error.message).toMatch(/not ranked/);
      const broken = encodeShared(mutateMoves(s, 4, 0, 1));
      expect(verifyCode(broken)).toEqual(r);
    }
  });

  it('gives the figures of a won 2048 game and of a solved puzzle', () => {
    const g = cornerGame(4, 2, 10_000, 64);
    expect(g.won && g.over).toBe(true);
    expect(verifyCode(encodeShared(mustShare(shared2048(g, { assisted: true }))))).toEqual({
      ok: true,
      value: {
        kind: '2048',
        size: 4,
        target: 64,
        seed: 2,
        assisted: true,
        score: g.score,
        moves: g.moves,
        maxTile: maxTile(g.cells),
        timeMs: null,
        over: true,
        won: true,
      },
    });
    // A 3x3 puzzle solved along exact distances to the goal.
    const dist = bfsDistances(3, 3);
    let solved = newPuzzle({ width: 3, seed: 77 });
    while (!solved.solved) {
      const d = dist.get(encode(solved.tiles))!;
      const next = movableTiles(solved)
        .map((t) => moveTile(solved, t))
        .find((q) => dist.get(encode(q.tiles)) === d - 1)!;
      solved = next;
    }
    expect(
      verifyCode(encodeShared(mustShare(sharedPuzzle(solved, { timeMs: 900 })))),
    ).toMatchObject({
      ok: true,
      value: { kind: 'puzzle', size: 3, moves: solved.moves, over: true, won: true, timeMs: 900 },
    });
  });
});
