/**
 * Tests of versus matches: attacks are sent and delivered exactly once in order, forced spawns
 * land on empty cells, both boards see the same natural draws, replays and saves reproduce a
 * match, and a table of the tricky ends (target, out of moves, draw, cap, queue order).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Game, gameFromCells, maxTile, play, slide } from './game2048.ts';
import { parseVersus, serializeVersus } from './saveVersus.ts';
import { DIRECTIONS, type Direction } from './types.ts';
import {
  newVersus,
  replayVersus,
  type Side,
  type VersusMatch,
  type VersusOptions,
  type VersusRules,
  versusDealSlid,
  versusDealt,
  versusFromCells,
  versusMove,
  versusSlide,
  versusWinner,
} from './versus.ts';

const RUNS = { numRuns: 200 };
const direction = fc.constantFrom(...DIRECTIONS);

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(`unexpected refusal: ${r.error.message}`);
  return r.value;
}

function codeOf(r: { ok: boolean; error?: { code: string } }): string | null {
  return r.ok ? null : r.error!.code;
}

/** Options and a list of tries (side, direction), played until the match is over. */
const matchPlay = fc.record({
  opts: fc.record({
    // Whole-number seeds (xoshiro128**) and long seeds (ChaCha20), as the server deals.
    seed: fc.oneof(
      fc.maxSafeNat(),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
    ),
    size: fc.integer({ min: 3, max: 5 }),
    target: fc.constantFrom(16, 32, 64, 512),
    attackCap: fc.constantFrom(null, 4, 8, 16),
  }),
  // Long enough that many matches end (size 'max': lengths spread up to maxLength).
  tries: fc.array(fc.tuple(fc.constantFrom<Side>(0, 1), direction), {
    maxLength: 400,
    size: 'max',
  }),
});

function playOut(opts: VersusOptions, tries: readonly [Side, Direction][]): VersusMatch {
  let m = must(newVersus(opts));
  for (const [side, dir] of tries) {
    if (m.over) break;
    m = must(versusMove(m, side, dir));
  }
  return m;
}

/** A game's states from its start, following `previous`. */
function history(g: Game): Game[] {
  const out: Game[] = [];
  for (let x: Game | null = g; x; x = x.previous) out.push(x);
  return out.reverse();
}

describe('versus properties', () => {
  it('many generated matches end, some by the target and some by a side out of moves', () => {
    const ends = fc
      .sample(matchPlay, { numRuns: 200, seed: 42 })
      .map(({ opts, tries }) => playOut(opts, tries))
      .filter((m) => m.over);
    expect(ends.length).toBeGreaterThan(40);
    const byTarget = ends.filter(
      (m) => m.winner !== 'draw' && maxTile(m.games[m.winner!].cells) >= m.rules.target,
    );
    expect(byTarget.length).toBeGreaterThan(5);
    expect(ends.length - byTarget.length).toBeGreaterThan(5);
  });

  it('every attack is sent once by the side that merged, and delivered once, in order, or still queued', () => {
    fc.assert(
      fc.property(matchPlay, ({ opts, tries }) => {
        const m = playOut(opts, tries);
        for (const side of [0, 1] as const) {
          const other = side === 0 ? 1 : 0;
          const sent = m.log.filter((e) => e.side === side && e.sent !== null).map((e) => e.sent);
          const received = m.log
            .filter((e) => e.side === other && e.received !== null)
            .map((e) => e.received);
          expect([...received, ...m.queues[other]]).toEqual(sent);
        }
      }),
      RUNS,
    );
  });

  it("each move sends its largest merge (capped) and its spawn is the queue's head, on an empty cell", () => {
    fc.assert(
      fc.property(matchPlay, ({ opts, tries }) => {
        const m = playOut(opts, tries);
        for (const side of [0, 1] as const) {
          const states = history(m.games[side]);
          const moves = m.log.filter((e) => e.side === side);
          expect(states.length).toBe(moves.length + 1);
          moves.forEach((e, j) => {
            const before = states[j]!;
            const after = states[j + 1]!;
            expect(after.last!.direction).toBe(e.direction);
            const largest = Math.max(0, ...after.last!.merges.map((x) => x.value));
            const capped = opts.attackCap === null ? largest : Math.min(largest, opts.attackCap);
            expect(e.sent).toBe(largest === 0 ? null : capped);
            const spawn = after.spawned[0]!;
            expect(slide(before.cells, e.direction).cells[spawn.at.row]![spawn.at.col]).toBe(0);
            if (e.received !== null) expect(spawn.value).toBe(e.received);
            else expect([2, 4]).toContain(spawn.value);
          });
        }
      }),
      RUNS,
    );
  });

  it('both boards see the same natural draws: equal generator states after equal numbers of moves, the cells a natural game would draw', () => {
    fc.assert(
      fc.property(matchPlay, ({ opts, tries }) => {
        const m = playOut(opts, tries);
        const [h0, h1] = [history(m.games[0]), history(m.games[1])];
        for (let j = 0; j < Math.min(h0.length, h1.length); j++) {
          expect(h0[j]!.rng).toEqual(h1[j]!.rng);
        }
        // The cells drawn are those of plain natural play with the same directions.
        for (const h of [h0, h1]) {
          let plain = h[0]!;
          for (let j = 1; j < h.length; j++) {
            const natural = play(h[j - 1]!, h[j]!.last!.direction);
            expect(natural.rng).toEqual(h[j]!.rng);
            expect(natural.spawned[0]!.at).toEqual(h[j]!.spawned[0]!.at);
            plain = natural;
          }
          expect(plain.rng).toEqual(h[h.length - 1]!.rng);
        }
      }),
      RUNS,
    );
  });

  it('with the same moves and no attacks received, the two boards stay equal', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.array(direction, { maxLength: 40 }), (seed, dirs) => {
        let m = must(newVersus({ seed, size: 4 }));
        for (const d of dirs) {
          if (m.over || m.queues[0].length > 0 || m.queues[1].length > 0) break;
          // Side 0 moves; if it sent an attack, side 1 would receive it: stop before that.
          const a = must(versusMove(m, 0, d));
          if (a === m || a.over || a.queues[1].length > 0) break;
          m = must(versusMove(a, 1, d));
          expect(m.games[1].cells).toEqual(m.games[0].cells);
          expect(m.games[1].rng).toEqual(m.games[0].rng);
        }
      }),
      RUNS,
    );
  });

  it('replaying the log, and saving then parsing, reproduce the match exactly', () => {
    fc.assert(
      fc.property(matchPlay, ({ opts, tries }) => {
        const m = playOut(opts, tries);
        const replayed = must(replayVersus(opts, m.log));
        expect(replayed).toEqual(m);
        const saved = JSON.parse(JSON.stringify(serializeVersus(m)));
        expect(must(parseVersus(saved))).toEqual(m);
      }),
      RUNS,
    );
  });

  it('a move that changes nothing is not logged and returns the same match; after the end moves are refused', () => {
    fc.assert(
      fc.property(matchPlay, fc.constantFrom<Side>(0, 1), direction, ({ opts, tries }, s, d) => {
        const m = playOut(opts, tries);
        const r = versusMove(m, s, d);
        if (m.over) {
          expect(codeOf(r)).toBe('match-over');
          return;
        }
        const next = must(r);
        const moved = slide(m.games[s].cells, d).moved;
        expect(next === m).toBe(!moved);
        expect(next.log.length).toBe(m.log.length + (moved ? 1 : 0));
        expect(next.over).toBe(next.winner !== null);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Table-driven cases on boards made by hand.

const RULES: VersusRules = { seed: 1, size: 3, target: 64, attackCap: null };

/** A match from two hand-made games (their target the match's), with given queues. */
function matchOf(
  a: Game,
  b: Game,
  queues: [number[], number[]] = [[], []],
  rules = RULES,
): VersusMatch {
  const fix = (g: Game) => ({ ...g, target: rules.target });
  return { rules, games: [fix(a), fix(b)], queues, winner: null, over: false, log: [] };
}

/** Moving left with a forced 32 spawn leaves this board stuck (the 32 lands at row 2, col 2). */
const STICKS = [
  [2, 4, 8],
  [4, 8, 2],
  [0, 2, 16],
];
/** Moving left leaves room and moves to spare. */
const ROOMY = [
  [0, 2, 0],
  [0, 0, 0],
  [0, 0, 4],
];

describe('versus ends', () => {
  it('the first to the target wins at once, and no move is taken after', () => {
    const m = matchOf(
      gameFromCells([
        [32, 32, 0],
        [0, 0, 0],
        [0, 0, 2],
      ]),
      gameFromCells(ROOMY),
    );
    const won = must(versusMove(m, 0, 'left'));
    expect(won.winner).toBe(0);
    expect(won.over).toBe(true);
    expect(won.log).toEqual([{ side: 0, direction: 'left', received: null, sent: 64 }]);
    expect(won.queues[1]).toEqual([64]); // sent, never delivered: the match is over
    expect(codeOf(versusMove(won, 1, 'left'))).toBe('match-over');
  });

  it('reaching the target wins even when the same move leaves the board stuck', () => {
    const a = gameFromCells([
      [4, 8, 2],
      [8, 2, 4],
      [2, 32, 32],
    ]);
    const m = matchOf(a, gameFromCells(ROOMY), [[8], []]);
    const won = must(versusMove(m, 0, 'left'));
    expect(won.games[0].over).toBe(true);
    expect(won.winner).toBe(0);
  });

  it('a side out of moves waits; the other wins once it has made as many moves and can still move', () => {
    const m = matchOf(gameFromCells(STICKS), gameFromCells(ROOMY), [[32], []]);
    const out = must(versusMove(m, 0, 'left'));
    expect(out.games[0].over).toBe(true);
    expect(out.winner).toBe(null);
    expect(out.over).toBe(false);
    // The stuck side's moves change nothing.
    expect(must(versusMove(out, 0, 'up'))).toBe(out);
    const end = must(versusMove(out, 1, 'left'));
    expect(end.winner).toBe(1);
  });

  it('a side that has already made more moves wins at once when the other is out', () => {
    const b = { ...gameFromCells(ROOMY), moves: 2 };
    const m = matchOf(gameFromCells(STICKS), b, [[32], []]);
    expect(must(versusMove(m, 0, 'left')).winner).toBe(1);
  });

  it('draw: both sides out after the same number of moves', () => {
    const m = matchOf(gameFromCells(STICKS), gameFromCells(STICKS), [[32], [32]]);
    const first = must(versusMove(m, 0, 'left'));
    expect(first.winner).toBe(null);
    const second = must(versusMove(first, 1, 'left'));
    expect(second.winner).toBe('draw');
    expect(second.over).toBe(true);
  });

  it('the side out after more moves wins when both are out', () => {
    const a = { ...gameFromCells(STICKS), moves: 1 };
    const m = matchOf(a, gameFromCells(STICKS), [[32], [32]]);
    const first = must(versusMove(m, 0, 'left')); // side 0 out after 2 moves
    expect(first.winner).toBe(null);
    expect(must(versusMove(first, 1, 'left')).winner).toBe(0); // side 1 out after 1
  });

  it('the side left playing alone still wins at once on the target', () => {
    const b = gameFromCells([
      [32, 32, 0],
      [0, 0, 0],
      [0, 0, 2],
    ]);
    const m = matchOf({ ...gameFromCells(STICKS), moves: 3 }, b, [[32], []]);
    const out = must(versusMove(m, 0, 'left'));
    expect(out.winner).toBe(null);
    expect(must(versusMove(out, 1, 'left')).winner).toBe(1);
  });

  it('versusWinner: nobody has won while both can move', () => {
    const g = gameFromCells(ROOMY);
    expect(versusWinner([g, g], 0, 64)).toBe(null);
  });
});

describe('attacks', () => {
  const twoMerges = gameFromCells([
    [4, 4, 2],
    [2, 2, 0],
    [0, 0, 0],
  ]);

  it('the largest tile a move made is sent (8, not 4)', () => {
    const m = must(versusMove(matchOf(twoMerges, gameFromCells(ROOMY)), 0, 'left'));
    expect(m.queues[1]).toEqual([8]);
  });

  it('attackCap caps the attack', () => {
    const rules = { ...RULES, attackCap: 4 };
    const m = must(
      versusMove(matchOf(twoMerges, gameFromCells(ROOMY), [[], []], rules), 0, 'left'),
    );
    expect(m.queues[1]).toEqual([4]);
  });

  it('a move without a merge sends nothing', () => {
    const m = must(versusMove(matchOf(gameFromCells(ROOMY), gameFromCells(ROOMY)), 0, 'left'));
    expect(m.queues[1]).toEqual([]);
    expect(m.log[0]!.sent).toBe(null);
  });

  it('attacks queue in order and are delivered one per receiving move', () => {
    const a = gameFromCells([
      [4, 4, 0],
      [2, 2, 0],
      [0, 0, 0],
    ]);
    let m = matchOf(a, gameFromCells(ROOMY));
    m = must(versusMove(m, 0, 'left')); // makes 8 and 4: sends 8
    m = must(versusMove(m, 0, 'right')); // 8 4 -> no merge... whatever it makes, it queues after
    const queued = [...m.queues[1]];
    expect(queued[0]).toBe(8);
    m = must(versusMove(m, 1, 'left'));
    expect(m.log[m.log.length - 1]!.received).toBe(8);
    expect(m.games[1].spawned[0]!.value).toBe(8);
    expect(m.queues[1]).toEqual(queued.slice(1));
  });

  it("seed's example: merging two 4s makes an 8, and the other side's next tile is an 8", () => {
    const a = gameFromCells([
      [4, 4, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    let m = matchOf(a, gameFromCells(ROOMY));
    m = must(versusMove(m, 0, 'left'));
    m = must(versusMove(m, 1, 'left'));
    expect(m.games[1].spawned).toEqual([{ at: m.games[1].spawned[0]!.at, value: 8 }]);
    expect(maxTile(m.games[1].cells)).toBe(8);
  });
});

describe('options and bad input are refused with a code', () => {
  const cases: [string, unknown, string | null][] = [
    ['defaults', { seed: 3 }, null],
    ['target 16', { seed: 3, target: 16 }, null],
    ['target 2^20', { seed: 3, target: 2 ** 20 }, null],
    ['target 8', { seed: 3, target: 8 }, 'bad-target'],
    ['target 24', { seed: 3, target: 24 }, 'bad-target'],
    ['target 0', { seed: 3, target: 0 }, 'bad-target'],
    ['target "512"', { seed: 3, target: '512' }, 'bad-target'],
    ['target NaN', { seed: 3, target: Number.NaN }, 'bad-target'],
    ['cap 8', { seed: 3, attackCap: 8 }, null],
    ['cap null', { seed: 3, attackCap: null }, null],
    ['cap 2', { seed: 3, attackCap: 2 }, 'bad-cap'],
    ['cap 6', { seed: 3, attackCap: 6 }, 'bad-cap'],
    ['size 9', { seed: 3, size: 9 }, 'bad-size'],
    ['seed -1', { seed: -1 }, 'bad-seed'],
    ['unknown option', { seed: 3, speed: 2 }, 'bad-options'],
    ['null', null, 'bad-options'],
  ];
  for (const [name, opts, code] of cases) {
    it(`${name}: ${code ?? 'accepted'}`, () => {
      const r = newVersus(opts as VersusOptions);
      expect(codeOf(r)).toBe(code);
      if (r.ok) {
        expect(r.value.games[0]).toBe(r.value.games[1]);
        expect(r.value.rules.target).toBe((opts as VersusOptions).target ?? 512);
        expect(r.value.rules.attackCap).toBe((opts as VersusOptions).attackCap ?? null);
      }
    });
  }

  it('bad side and bad direction', () => {
    const m = must(newVersus({ seed: 3 }));
    expect(codeOf(versusMove(m, 2 as Side, 'left'))).toBe('bad-side');
    expect(codeOf(versusMove(m, 0, 'north' as Direction))).toBe('bad-direction');
  });

  it('a log with a move that changes nothing, a bad entry or a move after the end is a bad-log', () => {
    const m = must(newVersus({ seed: 3 }));
    const still = DIRECTIONS.find((d) => !slide(m.games[0].cells, d).moved);
    if (still)
      expect(codeOf(replayVersus({ seed: 3 }, [{ side: 0, direction: still }]))).toBe('bad-log');
    expect(codeOf(replayVersus({ seed: 3 }, [null as never]))).toBe('bad-log');
    expect(codeOf(replayVersus({ seed: 3 }, [{ side: 5 as Side, direction: 'up' }]))).toBe(
      'bad-log',
    );
  });

  it('parseVersus refuses a tampered save', () => {
    let m = must(newVersus({ seed: 11 }));
    for (const d of ['left', 'up', 'right', 'down'] as const) {
      m = must(versusMove(m, 0, d));
      m = must(versusMove(m, 1, d));
    }
    const saved = serializeVersus(m);
    expect(must(parseVersus(saved))).toEqual(m);
    const cases: [string, unknown, string][] = [
      ['not an object', 'x', 'bad-save'],
      ['wrong kind', { ...saved, kind: 'slidebox/2048' }, 'bad-save'],
      ['future version', { ...saved, version: 2 }, 'future-version'],
      ['bad letter', { ...saved, log: `${saved.log}x` }, 'bad-save'],
      ['wrong score', { ...saved, end: { ...saved.end, scores: [1, 2] } }, 'bad-save'],
      ['wrong winner', { ...saved, end: { ...saved.end, winner: 0 } }, 'bad-save'],
      ['bad target', { ...saved, target: 8 }, 'bad-save'],
      ['no end', { ...saved, end: null }, 'bad-save'],
    ];
    for (const [name, data, code] of cases)
      expect([name, codeOf(parseVersus(data))]).toEqual([name, code]);
  });
});

describe('a match dealt from outside (its seed not known)', () => {
  /** What a player sees: boards, scores, moves, queues, the winner and the log. */
  const seen = (m: VersusMatch) => ({
    cells: m.games.map((g) => g.cells),
    scores: m.games.map((g) => g.score),
    moves: m.games.map((g) => g.moves),
    queues: m.queues,
    winner: m.winner,
    over: m.over,
    log: m.log,
  });

  it('follows the seeded match move for move when each move comes with the tile it spawned', () => {
    fc.assert(
      fc.property(matchPlay, ({ opts, tries }) => {
        let truth = must(newVersus(opts));
        const { seed: _unknown, ...open } = opts;
        let dealt = must(versusFromCells(open, truth.games[0].cells));
        expect(seen(dealt)).toEqual(seen(truth));
        for (const [side, dir] of tries) {
          if (truth.over) break;
          const next = must(versusMove(truth, side, dir));
          if (next === truth) {
            expect(must(versusSlide(dealt, side, dir))).toBe(dealt);
            continue;
          }
          const tile = next.games[side].spawned[0]!;
          // Before the tile: the slide alone, one empty cell more than the move leaves.
          const slid = must(versusSlide(dealt, side, dir));
          const empties = (m: VersusMatch) => m.games[side].cells.flat().filter((v) => v === 0);
          expect(empties(slid).length).toBe(empties(next).length + 1);
          expect(slid.log.at(-1)!.sent).toBe(next.log.at(-1)!.sent);
          // The tile added to the slide shown: the same match, the slide's board kept.
          const onSlid = must(versusDealSlid(slid, side, tile));
          expect(seen(onSlid)).toEqual(seen(next));
          expect(onSlid.games[side].last).toBe(slid.games[side].last);
          expect(onSlid.games[side].previous).toBe(slid.games[side].previous);
          expect(codeOf(versusDealSlid(onSlid, side, tile))).toBe('bad-tile');
          dealt = must(versusDealt(dealt, side, dir, tile));
          truth = next;
          expect(seen(dealt)).toEqual(seen(truth));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a tile the rules do not allow: not the attack queued, not a 2 or a 4, on a tile, off the board', () => {
    const start = must(newVersus({ seed: 3, size: 4, target: 512 }));
    const m = must(versusFromCells({ size: 4, target: 512 }, start.games[0].cells));
    expect(m.rules.seed).toBe(0);
    const dir = DIRECTIONS.find((d) => must(versusSlide(m, 0, d)) !== m)!;
    const slid = must(versusSlide(m, 0, dir)).games[0].cells;
    const free = slid.flat().indexOf(0);
    const taken = slid.flat().findIndex((v) => v !== 0);
    const at = (i: number) => ({ row: Math.floor(i / 4), col: i % 4 });
    expect(codeOf(versusDealt(m, 0, dir, { at: at(free), value: 2 }))).toBe(null);
    expect(codeOf(versusDealt(m, 0, dir, { at: at(free), value: 8 }))).toBe('bad-tile');
    expect(codeOf(versusDealt(m, 0, dir, { at: at(taken), value: 2 }))).toBe('bad-tile');
    expect(codeOf(versusDealt(m, 0, dir, { at: { row: 4, col: 0 }, value: 2 }))).toBe('bad-tile');
    expect(codeOf(versusDealt(m, 0, dir, null as never))).toBe('bad-tile');
    // With an attack queued, the tile is that attack's value.
    const queued: VersusMatch = { ...m, queues: [[16], []] };
    expect(codeOf(versusDealt(queued, 0, dir, { at: at(free), value: 2 }))).toBe('bad-tile');
    const hit = must(versusDealt(queued, 0, dir, { at: at(free), value: 16 }));
    expect(hit.queues[0]).toEqual([]);
    expect(hit.log.at(-1)!.received).toBe(16);
    expect(codeOf(versusFromCells({ size: 5 }, start.games[0].cells))).toBe('bad-board');
    expect(codeOf(versusFromCells({ size: 4 }, [[1, 2]]))).toBe('bad-board');
  });
});
