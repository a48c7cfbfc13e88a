import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter, crc32, fromBase64Url, toBase64Url } from './codeBits.ts';
import { type Duel, duelPlace, duelSlide, newDuel, whoIs } from './duel.ts';
import {
  awaitingWinChoice,
  type Game,
  gameFromCells,
  keepGoing,
  legalMoves,
  newGame,
  play,
} from './game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle, puzzleFromTiles } from './puzzle.ts';
import type { Seed } from './rng.ts';
import {
  decodeShared,
  encodeShared,
  MAX_CODE_LENGTH,
  SHARE_PREFIX,
  type Shared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from './shareCode.ts';
import { readShareCode } from './shareReplay.ts';
import type { Placer } from './spawn.ts';
import { playPlaced } from './spawn.ts';
import { newVersus, type VersusMatch, versusMove } from './versus.ts';

const RUNS = { numRuns: 60 };

/** A 2048 game of `n` moves, each the `pick`-th legal move (keeping going past a win). */
function play2048(seed: Seed, size: number, picks: number[]): Game {
  let g = newGame({ size, seed, target: 16 });
  for (const p of picks) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    const legal = legalMoves(g.cells);
    if (legal.length === 0) break;
    g = play(g, legal[p % legal.length]!);
  }
  return g;
}

function playPuzzle(seed: Seed, width: number, picks: number[]): Puzzle {
  let p = newPuzzle({ seed, width });
  for (const k of picks) {
    if (p.solved) break;
    const tiles = movableTiles(p);
    p = moveTile(p, tiles[k % tiles.length]!);
  }
  return p;
}

function playVersus(seed: Seed, size: number, picks: number[]): VersusMatch {
  const r = newVersus({ seed, size, target: 64, attackCap: size === 3 ? 8 : null });
  if (!r.ok) throw new Error(r.error.message);
  let m = r.value;
  for (const p of picks) {
    if (m.over) break;
    const side = (p % 2) as 0 | 1;
    const legal = legalMoves(m.games[side].cells);
    if (legal.length === 0) continue;
    const next = versusMove(m, side, legal[(p >> 1) % legal.length]!);
    if (next.ok) m = next.value;
  }
  return m;
}

function playDuel(seed: Seed, size: number, picks: number[]): Duel {
  const r = newDuel({ seed, size });
  if (!r.ok) throw new Error(r.error.message);
  let d = r.value;
  for (const p of picks) {
    if (d.phase === 'over') break;
    if (whoIs(d).phase === 'slide') {
      const legal = legalMoves(d.game.cells);
      const next = duelSlide(d, legal[p % legal.length]!);
      if (next.ok) d = next.value;
    } else {
      const empty: { row: number; col: number }[] = [];
      d.game.cells.forEach((row, r) => {
        row.forEach((v, c) => {
          if (v === 0) empty.push({ row: r, col: c });
        });
      });
      const next = duelPlace(d, empty[p % empty.length]!, p % 3 === 0 ? 4 : 2);
      if (next.ok) d = next.value;
    }
  }
  return d;
}

/** Number seeds (xoshiro128**) and long seeds (ChaCha20), 128 and 256 bits. */
const seed = fc.oneof(
  fc.nat({ max: Number.MAX_SAFE_INTEGER }),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
);
const size = fc.integer({ min: 3, max: 8 });
const picks = (max: number) => fc.array(fc.nat(1000), { maxLength: max });

function mustPuzzle(p: Puzzle): Shared {
  const s = sharedPuzzle(p);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

function roundTrip(s: Shared) {
  const r = readShareCode(encodeShared(s));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('share codes: export then import reproduces the game exactly', () => {
  it('2048, every size', () => {
    fc.assert(
      fc.property(seed, size, picks(120), fc.boolean(), (sd, n, p, assisted) => {
        const g = play2048(sd, n, p);
        const s = shared2048(g, { assisted });
        if (!s.ok) throw new Error(s.error.message);
        const back = roundTrip(s.value);
        const end = back.states.at(-1) as Game;
        expect(end.cells).toEqual(g.cells);
        expect(end.score).toBe(g.score);
        expect(end.moves).toBe(g.moves);
        expect(s.value.assisted).toBe(assisted);
        expect(s.value.players).toBe('');
        expect(back.shared).toEqual(s.value);
      }),
      RUNS,
    );
  });

  it('the sliding puzzle, every size, with its time', () => {
    fc.assert(
      fc.property(seed, size, picks(150), fc.nat(10_000_000), (sd, w, p, t) => {
        const puzzle = playPuzzle(sd, w, p);
        const s = sharedPuzzle(puzzle, { timeMs: t });
        if (!s.ok) throw new Error(s.error.message);
        const back = roundTrip(s.value);
        const end = back.states.at(-1) as Puzzle;
        expect(end.tiles).toEqual(puzzle.tiles);
        expect(end.moves).toBe(puzzle.moves);
        expect(back.shared.game).toMatchObject({ timeMs: t });
        expect(s.value.assisted).toBe(false);
        expect(back.shared).toEqual(s.value);
      }),
      RUNS,
    );
  });

  it('versus matches', () => {
    fc.assert(
      fc.property(seed, size, picks(120), (sd, n, p) => {
        const m = playVersus(sd, n, p);
        const shared = sharedVersus(m, 'ai-hard');
        const back = roundTrip(shared);
        const end = back.states.at(-1) as VersusMatch;
        expect(end.games.map((g) => g.cells)).toEqual(m.games.map((g) => g.cells));
        expect(end.queues).toEqual(m.queues);
        expect(end.winner).toBe(m.winner);
        expect(back.shared.players).toBe('ai-hard');
        // The AI of a match is a player, named in players, not an assistant.
        expect(shared.assisted).toBe(false);
        expect(back.shared).toEqual(shared);
      }),
      RUNS,
    );
  });

  it('duels', () => {
    fc.assert(
      fc.property(seed, size, picks(200), (sd, n, p) => {
        const d = playDuel(sd, n, p);
        const shared = sharedDuel(d, 'human,ai');
        const back = roundTrip(shared);
        const end = back.states.at(-1) as Duel;
        expect(end.log).toEqual(d.log);
        expect(end.game.cells).toEqual(d.game.cells);
        expect(end.rounds).toEqual(d.rounds);
        expect(end.winner).toBe(d.winner);
        expect(shared.assisted).toBe(false);
        expect(back.shared).toEqual(shared);
      }),
      RUNS,
    );
  });

  it('an evil 2048 game replays with its placer, and asks for it without one', () => {
    const place: Placer = (cells) => {
      for (let row = cells.length - 1; row >= 0; row--) {
        const col = cells[row]!.indexOf(0);
        if (col >= 0) return { at: { row, col }, value: 4 };
      }
      return null;
    };
    let g = newGame({ seed: 4 });
    for (let i = 0; i < 30 && !g.over; i++) g = playPlaced(g, legalMoves(g.cells)[0]!, place);
    const s = shared2048(g, { evil: true });
    if (!s.ok) throw new Error(s.error.message);
    const code = encodeShared(s.value);
    const r = readShareCode(code, { place });
    expect(r.ok && (r.value.states.at(-1) as Game).cells).toEqual(g.cells);
    const without = readShareCode(code);
    expect(!without.ok && without.error.code).toBe('needs-placer');
  });
});

/** Puzzle codes made by slidebox before move times, with the game each one holds. */
const OLD_PUZZLE_CODES = [
  {
    code: 'sb.AQEAAAMBAOsaiHc',
    width: 3,
    seed: 1,
    timeMs: null,
    assisted: false,
    moves: 0,
    tiles: '6,2,0,3,7,1,8,4,5',
    solved: false,
  },
  {
    code: 'sb.AQEEAAMC4SEMGEgVZRhIJXkUJA',
    width: 3,
    seed: 2,
    timeMs: 4321,
    assisted: false,
    moves: 16,
    tiles: '4,6,2,8,5,7,0,1,3',
    solved: false,
  },
  {
    code: 'sb.AQEBAAQDHjLvrfnvrfnvrfnvrfnvrSkSsKc',
    width: 4,
    seed: 3,
    timeMs: null,
    assisted: true,
    moves: 51,
    tiles: '1,10,13,0,6,4,11,15,5,3,2,9,12,7,8,14',
    solved: false,
  },
  {
    code: 'sb.AQEEAAUEzYMGKENdgqpkGqCyqmQaoLKqZBqgsqpkGqCyqmSn2Wts',
    width: 5,
    seed: 4,
    timeMs: 98765,
    assisted: false,
    moves: 70,
    tiles: '5,2,22,12,17,11,24,14,13,8,16,23,21,7,6,10,1,15,18,20,3,0,4,19,9',
    solved: false,
  },
  {
    code: 'sb.AQEFAAgFARlBBBBBBBBBBBBBBBBBBBBBBBBAd_CMaQ',
    width: 8,
    seed: 5,
    timeMs: 1,
    assisted: true,
    moves: 25,
    tiles:
      '9,59,38,47,50,21,39,32,52,20,12,30,44,49,26,61,10,34,15,40,54,3,62,46,57,48,27,22,56,43,41,7,36,51,17,35,28,42,2,6,58,33,23,37,55,45,5,0,18,1,4,29,13,25,31,16,11,60,24,19,53,14,63,8',
    solved: false,
  },
  {
    code: 'sb.AQEEAAMJtjkTQnEjVxI0YyFFgBHwt5E',
    width: 3,
    seed: 9,
    timeMs: 7350,
    assisted: false,
    moves: 19,
    tiles: '1,2,3,4,5,6,7,8,0',
    solved: true,
  },
];

/** A puzzle of `picks` moves, the k-th made `gaps[k]` ms of wall time after the one before. */
function timedPuzzle(seed: Seed, width: number, picks: number[], gaps: number[]): Puzzle {
  let p = newPuzzle({ seed, width });
  let now = 5_000;
  for (let i = 0; i < picks.length && !p.solved; i++) {
    const tiles = movableTiles(p);
    now += gaps[i % gaps.length] ?? 0;
    p = moveTile(p, tiles[picks[i]! % tiles.length]!, now);
  }
  return p;
}

/** A code's body with its flags byte changed and its checksum made right again. */
function withFlags(code: string, flags: (f: number) => number): string {
  const bytes = fromBase64Url(code.slice(SHARE_PREFIX.length))!;
  const body = bytes.slice(0, bytes.length - 4);
  body[2] = flags(body[2]!);
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, crc32(body));
  return SHARE_PREFIX + toBase64Url(out);
}

describe('puzzle codes with move times', () => {
  it("round-trip the moves and each move's time, which add up to the time shown", () => {
    fc.assert(
      fc.property(
        seed,
        size,
        picks(120),
        fc.array(fc.oneof(fc.nat(400), fc.nat(100_000)), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (sd, w, p, gaps, assisted) => {
          const puzzle = timedPuzzle(sd, w, p, gaps);
          const s = sharedPuzzle(puzzle, { assisted });
          if (!s.ok) throw new Error(s.error.message);
          expect(s.value.assisted).toBe(assisted);
          const g = s.value.game;
          if (g.kind !== 'puzzle') throw new Error('not a puzzle');
          const n = g.tiles.length;
          expect(g.moveMs?.length ?? 0).toBe(n);
          const sum = (g.moveMs ?? []).reduce((a, b) => a + b, 0);
          // The first move starts the clock; the others took the wall time between them.
          expect(sum).toBe(Math.round(puzzle.previous ? puzzle.last!.atMs! : 0));
          expect(g.timeMs).toBe(puzzle.solved ? sum : null);
          const back = roundTrip(s.value);
          expect((back.states.at(-1) as Puzzle).tiles).toEqual(puzzle.tiles);
          expect(back.shared).toEqual(s.value);
          // Without the move times, the same game's code reads as a code without them.
          const { moveMs: _, ...bare } = g;
          const old = encodeShared({ ...s.value, game: bare });
          expect(decodeShared(old)).toEqual({ ok: true, value: { ...s.value, game: bare } });
          if (n > 0) expect(encodeShared(s.value).length).toBeGreaterThan(old.length);
        },
      ),
      RUNS,
    );
  });

  it('round-trip any times given, with a time shown no less than their sum', () => {
    fc.assert(
      fc.property(
        seed,
        size,
        picks(60),
        fc.array(fc.nat(5_000_000), { minLength: 60, maxLength: 60 }),
        fc.option(fc.nat(10_000_000)),
        (sd, w, p, times, extra) => {
          const s = sharedPuzzle(timedPuzzle(sd, w, p, [0]));
          if (!s.ok || s.value.game.kind !== 'puzzle') throw new Error('share');
          const { moveMs: _, ...bare } = s.value.game;
          const moveMs = times.slice(0, bare.tiles.length);
          const sum = moveMs.reduce((a, b) => a + b, 0);
          const game = { ...bare, moveMs, timeMs: extra === null ? null : sum + extra };
          const back = decodeShared(encodeShared({ ...s.value, game }));
          // A game of no moves has no times to code.
          expect(back.ok && back.value.game).toEqual(
            moveMs.length === 0 ? { ...bare, timeMs: game.timeMs } : game,
          );
        },
      ),
      RUNS,
    );
  });

  it("a time shown lower than the moves' clock is raised to it; unknown times are left out", () => {
    const p = timedPuzzle(3, 3, [1, 2, 3, 4, 5], [300]);
    const s = sharedPuzzle(p, { timeMs: 10 });
    expect(s.ok && s.value.game).toMatchObject({ timeMs: 1200, moveMs: [0, 300, 300, 300, 300] });
    const untimed = sharedPuzzle(playPuzzle(3, 3, [1, 2, 3, 4, 5]), { timeMs: 10 });
    expect(untimed.ok && untimed.value.game).not.toHaveProperty('moveMs');
    expect(untimed.ok && untimed.value.game).toMatchObject({ timeMs: 10 });
  });

  it('codes made before move times still read as the same game, and are made the same', () => {
    for (const c of OLD_PUZZLE_CODES) {
      const r = readShareCode(c.code);
      if (!r.ok) throw new Error(r.error.message);
      const end = r.value.states.at(-1) as Puzzle;
      const g = r.value.shared.game;
      expect(g).toMatchObject({ kind: 'puzzle', width: c.width, seed: c.seed, timeMs: c.timeMs });
      expect(g).not.toHaveProperty('moveMs');
      expect(r.value.shared.assisted).toBe(c.assisted);
      expect(end.tiles.join(',')).toBe(c.tiles);
      expect(end.moves).toBe(c.moves);
      expect(end.solved).toBe(c.solved);
      expect(encodeShared(r.value.shared)).toBe(c.code);
    }
  });

  it('a reader from before move times refuses a code with them (bytes after the moves)', () => {
    // Such a reader ignored the flag it did not know and read the rest as this one does.
    for (const gaps of [[0], [150], [5, 90_000]]) {
      const code = encodeShared(mustPuzzle(timedPuzzle(8, 4, [1, 2, 3, 4], gaps)));
      expect(decodeShared(code).ok).toBe(true);
      const asOld = decodeShared(withFlags(code, (f) => f & ~8));
      expect(asOld.ok).toBe(false);
      expect(!asOld.ok && asOld.error.message).toMatch(/bytes after the moves/);
    }
  });

  it('unknown flags make a code from a newer slidebox; move times on other games are refused', () => {
    const code = encodeShared(mustPuzzle(timedPuzzle(8, 4, [1, 2], [100])));
    for (const bit of [32, 64, 128]) {
      const r = decodeShared(withFlags(code, (f) => f | bit));
      expect(!r.ok && r.error.code).toBe('future-version');
    }
    const g = shared2048(play2048(11, 4, [1, 2, 3]));
    if (!g.ok) throw new Error(g.error.message);
    const r = decodeShared(withFlags(encodeShared(g.value), (f) => f | 8));
    expect(!r.ok && r.error.message).toMatch(/move times, which only a puzzle has/);
  });
});

/** Codes of a few games of each kind, for the corruption checks. */
function sampleCodes(): string[] {
  const g = shared2048(play2048(11, 4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
  const p = sharedPuzzle(playPuzzle(12, 4, [1, 5, 2, 8, 3]), { timeMs: 61_000 });
  const timed = sharedPuzzle(timedPuzzle(12, 4, [1, 5, 2, 8, 3], [140, 2_000]), { timeMs: 61_000 });
  if (!g.ok || !p.ok || !timed.ok) throw new Error('sample games');
  return [
    encodeShared(g.value),
    encodeShared(p.value),
    encodeShared(timed.value),
    encodeShared(sharedVersus(playVersus(13, 4, [3, 8, 1, 6, 9, 2]), 'human')),
    encodeShared(sharedDuel(playDuel(14, 4, [2, 7, 1, 1, 4, 9, 3]), 'human,ai')),
  ];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';

describe('share codes: damaged, tampered, future and huge codes are refused', () => {
  it('every single-character change of a code is refused', () => {
    for (const code of sampleCodes()) {
      for (let i = 0; i < code.length; i++) {
        for (const ch of ALPHABET) {
          if (ch === code[i]) continue;
          const bad = code.slice(0, i) + ch + code.slice(i + 1);
          const r = decodeShared(bad);
          expect(r.ok, `${bad} (position ${i})`).toBe(false);
        }
      }
    }
  });

  it('every truncation of a code is refused', () => {
    for (const code of sampleCodes()) {
      for (let n = 0; n < code.length; n++) expect(decodeShared(code.slice(0, n)).ok).toBe(false);
    }
  });

  it('a tampered code with a fresh checksum is refused when its moves are not legal', () => {
    // Left twice in a row on a new 3x3 board: the second left may move nothing; find a case.
    for (let sd = 0; sd < 200; sd++) {
      const g = newGame({ size: 3, seed: sd });
      const once = play(g, 'left');
      if (once === g || play(once, 'left') !== once) continue;
      const code = encodeShared({
        game: {
          kind: '2048',
          size: 3,
          target: 2048,
          seed: sd,
          evil: false,
          moves: ['left', 'left'],
        },
        assisted: false,
        players: '',
      });
      const r = readShareCode(code);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('illegal-move');
        expect(r.error.message).toMatch(/^move 2 \(left\) is not a legal move there/);
      }
      return;
    }
    throw new Error('no seed found');
  });

  it('a code from a newer format says so', () => {
    const w = new ByteWriter();
    w.byte(2);
    w.byte(0);
    w.byte(0);
    w.byte(0);
    const body = w.result();
    const out = new Uint8Array(body.length + 4);
    out.set(body);
    new DataView(out.buffer).setUint32(body.length, crc32(body));
    const r = decodeShared(SHARE_PREFIX + toBase64Url(out));
    expect(!r.ok && r.error.code).toBe('future-version');
  });

  it('refuses a code over the bound without reading it, and one that claims more moves than it holds', () => {
    const huge = decodeShared(SHARE_PREFIX + 'A'.repeat(MAX_CODE_LENGTH * 40));
    expect(!huge.ok && huge.error.code).toBe('too-long');
    const w = new ByteWriter();
    for (const b of [1, 0, 0, 0, 4, 11]) w.byte(b);
    w.varint(5);
    w.varint(900_000);
    const body = w.result();
    const out = new Uint8Array(body.length + 4);
    out.set(body);
    new DataView(out.buffer).setUint32(body.length, crc32(body));
    const r = decodeShared(SHARE_PREFIX + toBase64Url(out));
    expect(!r.ok && r.error.message).toMatch(/claims 900000 moves but holds fewer/);
  });

  it('text that is not a code is told apart from a damaged code', () => {
    expect(!decodeShared('hello').ok && decodeShared('hello')).toMatchObject({
      error: { code: 'not-a-code' },
    });
    expect(decodeShared('sb.@@@@')).toMatchObject({ ok: false, error: { code: 'not-a-code' } });
  });
});

describe('code sizes', () => {
  it('a 2048 game of a few thousand moves fits in about a kilobyte', () => {
    let g = newGame({ seed: 1, size: 8, target: 2 ** 40 });
    for (let i = 0; i < 3000 && !g.over; i++)
      g = play(g, legalMoves(g.cells)[i % 2 === 0 ? 0 : legalMoves(g.cells).length - 1]!);
    const s = shared2048(g);
    if (!s.ok) throw new Error(s.error.message);
    const code = encodeShared(s.value);
    // 2 bits a move, base64: 4 characters per 3 bytes, plus a short header.
    expect(code.length).toBeLessThan(Math.ceil((g.moves * 2) / 6) + 40);
  });
});

describe('base64url', () => {
  it('round-trips any bytes and refuses a non-canonical last character', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
      }),
    );
    expect(fromBase64Url('AB')).toBeNull();
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]));
  });
});

/** A code holding exactly these body bytes, with its checksum made right (or wrong). */
function codeOf(write: (w: ByteWriter) => void, checksum: 'right' | 'wrong' = 'right'): string {
  const w = new ByteWriter();
  write(w);
  const body = w.result();
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(
    body.length,
    (crc32(body) ^ (checksum === 'right' ? 0 : 1)) >>> 0,
  );
  return SHARE_PREFIX + toBase64Url(out);
}

/** A body of these bytes. */
const bytes =
  (...values: number[]) =>
  (w: ByteWriter) => {
    for (const b of values) w.byte(b);
  };

/** A 2048 code's body: format 1, kind 0, `flags`, no players, then the given fields. */
const game2048Body =
  (fields: {
    size?: number;
    targetExp?: number;
    seed?: number;
    moves?: number[];
    claim?: number;
  }) =>
  (w: ByteWriter) => {
    for (const b of [1, 0, 0, 0, fields.size ?? 4, fields.targetExp ?? 11]) w.byte(b);
    w.varint(fields.seed ?? 5);
    const moves = fields.moves ?? [0, 1, 2, 3];
    w.varint(fields.claim ?? moves.length);
    for (const m of moves) w.bits(m, 2);
  };

/** A versus code's body: size 4, then the target's and the attack cap's exponents. */
const versusBody = (targetExp: number, capExp: number) => (w: ByteWriter) => {
  for (const b of [1, 2, 0, 0, 4, targetExp, capExp]) w.byte(b);
  w.varint(5);
  w.varint(0);
};

/** What a refused code is told: its problem's code and sentence. */
function refusal(input: unknown): { code: string; message: string } | 'accepted' {
  const r = decodeShared(input as string);
  return r.ok ? 'accepted' : { code: r.error.code, message: r.error.message };
}

const notValid = (why: string) => ({
  code: 'bad-code',
  message: `the code is not a valid game: ${why}`,
});

describe('share codes: what a refused code is told', () => {
  it('not a code: not text, no prefix, characters or a length base64 never has', () => {
    expect(refusal(42)).toEqual({
      code: 'not-a-code',
      message: 'a slidebox code is text starting with "sb.", got 42',
    });
    expect(refusal('hello')).toEqual({
      code: 'not-a-code',
      message: 'a slidebox code starts with "sb."',
    });
    expect(refusal('sb.@@@@')).toEqual({
      code: 'not-a-code',
      message: 'the code has characters or a length a code never has',
    });
  });

  it('too long: over 50,000 characters, counted after the spaces around it', () => {
    expect(refusal(`sb.${'A'.repeat(MAX_CODE_LENGTH - 2)}`)).toEqual({
      code: 'too-long',
      message: 'the code is 50001 characters long; codes are at most 50000',
    });
    // 50,000 characters is not too long (this text is refused for its length in base64).
    expect(refusal(`sb.${'A'.repeat(MAX_CODE_LENGTH - 3)}`)).toMatchObject({ code: 'not-a-code' });
    expect(refusal(`  sb.${'A'.repeat(MAX_CODE_LENGTH - 3)}\n`)).toMatchObject({
      code: 'not-a-code',
    });
  });

  it('a code pasted with spaces or a line break around it reads as the code', () => {
    const code = encodeShared(mustPuzzle(playPuzzle(12, 4, [1, 5, 2, 8, 3])));
    expect(decodeShared(` ${code}\n`)).toEqual(decodeShared(code));
    expect(decodeShared(` ${code}\n`).ok).toBe(true);
  });

  it('damaged: too short to hold a checksum, or a checksum that does not match', () => {
    expect(refusal('sb.AAAA')).toEqual({
      code: 'damaged',
      message: 'the code is too short: part of it is missing',
    });
    const damaged = {
      code: 'damaged',
      message: 'the code is damaged or incomplete (its checksum does not match)',
    };
    expect(refusal(codeOf(game2048Body({}), 'wrong'))).toEqual(damaged);
    // A damaged code that begins like a newer format's is damaged, not from a newer slidebox.
    expect(refusal(codeOf(bytes(2, 0, 0, 0), 'wrong'))).toEqual(damaged);
  });

  it('from a newer slidebox: a newer format (however short), or a flag this one does not know', () => {
    expect(refusal(codeOf(bytes(2)))).toEqual({
      code: 'future-version',
      message: 'the code was made by a newer slidebox (format 2; this one reads format 1)',
    });
    expect(refusal(codeOf(bytes(1, 0, 32, 0)))).toEqual({
      code: 'future-version',
      message: 'the code was made by a newer slidebox (it holds something this one does not read)',
    });
  });

  it('not a valid game: format, kind, players and counts', () => {
    expect(refusal(codeOf(bytes(1)))).toEqual(notValid('it ends too early'));
    expect(refusal(codeOf(bytes(0, 0, 0, 0)))).toEqual(notValid('its format version is unknown'));
    expect(refusal(codeOf(bytes(1, 4, 0, 0)))).toEqual(notValid('its game kind is unknown'));
    const named = (label: string) => (w: ByteWriter) => {
      for (const b of [1, 2, 0, label.length, ...[...label].map((c) => c.charCodeAt(0))]) w.byte(b);
      for (const b of [4, 6, 0]) w.byte(b);
      w.varint(5);
      w.varint(0);
    };
    expect(decodeShared(codeOf(named('human')))).toMatchObject({
      ok: true,
      value: { players: 'human' },
    });
    expect(refusal(codeOf(named('Human')))).toEqual(
      notValid('its players are not named as slidebox names them'),
    );
    // Four moves fill one byte: a claim of five is refused before reading them.
    expect(decodeShared(codeOf(game2048Body({ claim: 4 }))).ok).toBe(true);
    expect(refusal(codeOf(game2048Body({ claim: 5 })))).toEqual(
      notValid('it claims 5 moves but holds fewer'),
    );
  });

  it('not a valid game: sizes from 3 to 8, targets from 8 (versus 16) to 2^52', () => {
    for (const size of [2, 9, 0, 255]) {
      expect(refusal(codeOf(game2048Body({ size })))).toEqual(
        notValid(`its board size ${size} is not 3 to 8`),
      );
    }
    for (const size of [3, 8]) {
      expect(decodeShared(codeOf(game2048Body({ size })))).toMatchObject({
        ok: true,
        value: { game: { size } },
      });
    }
    for (const targetExp of [2, 53]) {
      expect(refusal(codeOf(game2048Body({ targetExp })))).toEqual(
        notValid('its target is not a power of two from 8'),
      );
    }
    for (const targetExp of [3, 52]) {
      expect(decodeShared(codeOf(game2048Body({ targetExp })))).toMatchObject({
        ok: true,
        value: { game: { target: 2 ** targetExp } },
      });
    }
    expect(refusal(codeOf(versusBody(3, 0)))).toEqual(
      notValid('its target is not a power of two from 16'),
    );
    expect(decodeShared(codeOf(versusBody(4, 0)))).toMatchObject({
      ok: true,
      value: { game: { target: 16 } },
    });
  });

  it("a versus match's attack cap: none, or a power of two from 4 to 2^52", () => {
    for (const capExp of [1, 53, 255]) {
      expect(refusal(codeOf(versusBody(6, capExp)))).toEqual(
        notValid('its attack cap is not a power of two from 4'),
      );
    }
    for (const [capExp, attackCap] of [
      [0, null],
      [2, 4],
      [52, 2 ** 52],
    ] as const) {
      expect(decodeShared(codeOf(versusBody(6, capExp)))).toMatchObject({
        ok: true,
        value: { game: { kind: 'versus', attackCap } },
      });
    }
  });
});

describe('share codes: the codes made, pinned', () => {
  it('a 2048 game, a versus match and a duel give the same codes as ever, and read back', () => {
    const cases: [Shared, string][] = [
      [
        {
          game: {
            kind: '2048',
            size: 4,
            target: 2048,
            seed: 7,
            evil: false,
            moves: ['left', 'up', 'right', 'down', 'left'],
          },
          assisted: true,
          players: '',
        },
        'sb.AQABAAQLBwWNgNQq76U',
      ],
      [
        {
          game: {
            kind: 'versus',
            size: 3,
            target: 64,
            attackCap: 8,
            seed: 8,
            moves: [
              { side: 0, direction: 'down' },
              { side: 1, direction: 'left' },
              { side: 1, direction: 'down' },
              { side: 0, direction: 'right' },
              { side: 1, direction: 'up' },
            ],
          },
          assisted: false,
          players: 'ai-hard',
        },
        'sb.AQIAB2FpLWhhcmQDBgMIBTq4BOVTPA',
      ],
      [
        {
          game: {
            kind: 'duel',
            size: 4,
            seed: 14,
            actions: [
              { kind: 'place', at: { row: 0, col: 2 }, value: 2 },
              { kind: 'place', at: { row: 2, col: 0 }, value: 2 },
              { kind: 'slide', direction: 'down' },
              { kind: 'place', at: { row: 0, col: 1 }, value: 2 },
              { kind: 'slide', direction: 'up' },
              { kind: 'place', at: { row: 3, col: 0 }, value: 4 },
              { kind: 'slide', direction: 'right' },
            ],
          },
          assisted: false,
          players: 'human,ai',
        },
        'sb.AQMACGh1bWFuLGFpBA4HkwMQ5YCky4nF',
      ],
    ];
    for (const [shared, code] of cases) {
      expect(encodeShared(shared)).toBe(code);
      expect(decodeShared(code)).toEqual({ ok: true, value: shared });
    }
    // The first is the code of that game as shared2048 shares it.
    let g = newGame({ seed: 7, size: 4 });
    for (const d of ['left', 'up', 'right', 'down', 'left'] as const) g = play(g, d);
    expect(shared2048(g, { assisted: true })).toEqual({ ok: true, value: cases[0]![0] });
  });

  it('players are written only when named as slidebox names them', () => {
    const m = playVersus(8, 3, [0, 3, 5]);
    for (const players of ['Human', 'a name with spaces', 'x'.repeat(25)]) {
      const r = decodeShared(encodeShared(sharedVersus(m, players)));
      expect(r.ok && r.value.players).toBe('');
    }
    const r = decodeShared(encodeShared(sharedVersus(m, 'human,ai-hard')));
    expect(r.ok && r.value.players).toBe('human,ai-hard');
  });
});

describe('share codes: only games dealt from their seed are shared', () => {
  const notSeeded2048 = {
    ok: false,
    error: {
      code: 'not-seeded',
      message: 'this game did not start from its seed, so it cannot be shared',
    },
  };

  it('a 2048 game set up on other cells, or with a score, is refused', () => {
    const fresh = newGame({ seed: 21, size: 4 });
    const empty = fresh.cells.findIndex((row) => row.every((v) => v === 0));
    expect(empty).toBeGreaterThanOrEqual(0);
    // One tile more, in a row that was empty: every other row, and most cells, are the same.
    const moreCells = fresh.cells.map((row, r) => (r === empty ? [2, 0, 0, 0] : [...row]));
    const more = gameFromCells(moreCells, { seed: 21 });
    expect(shared2048(more)).toEqual(notSeeded2048);
    expect(shared2048(play(more, legalMoves(more.cells)[0]!))).toEqual(notSeeded2048);
    const scored = gameFromCells(fresh.cells, { seed: 21, score: 8 });
    expect(shared2048(scored)).toEqual(notSeeded2048);
    // The same cells as the deal, with no score, are the dealt game.
    const same = shared2048(play(gameFromCells(fresh.cells, { seed: 21 }), 'left'));
    expect(same).toEqual(shared2048(play(fresh, 'left')));
    expect(same.ok).toBe(true);
  });

  it('a puzzle set up by hand is refused', () => {
    const p = puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3);
    expect(sharedPuzzle(moveTile(p, 8))).toEqual({
      ok: false,
      error: {
        code: 'not-seeded',
        message: 'this puzzle was set up by hand, not dealt from a seed, so it cannot be shared',
      },
    });
  });
});

describe("share codes: a puzzle's time", () => {
  /** The 3x3 puzzle of seed 9, solved in 19 moves, each `gap` ms after the one before. */
  function solvedTimed(gap: number): Puzzle {
    const old = readShareCode('sb.AQEEAAMJtjkTQnEjVxI0YyFFgBHwt5E');
    if (!old.ok || old.value.shared.game.kind !== 'puzzle') throw new Error('old code');
    let p = newPuzzle({ seed: 9, width: 3 });
    let now = 1_000;
    for (const t of old.value.shared.game.tiles) {
      p = moveTile(p, t, now);
      now += gap;
    }
    return p;
  }

  it('a solved puzzle with move times shows its clock at the last move when no time is given', () => {
    const p = solvedTimed(250);
    expect(p.solved).toBe(true);
    const s = sharedPuzzle(p);
    expect(s.ok && s.value.game).toMatchObject({ timeMs: 18 * 250 });
    const unsolved = sharedPuzzle(timedPuzzle(3, 3, [1, 2, 3], [250]));
    expect(unsolved.ok && unsolved.value.game).toMatchObject({
      timeMs: null,
      moveMs: [0, 250, 250],
    });
  });

  it('a time given above the clock is kept, in whole ms; one of 0 for a one-move game is 0', () => {
    const s = sharedPuzzle(solvedTimed(250), { timeMs: 9_000.4 });
    expect(s.ok && s.value.game).toMatchObject({ timeMs: 9_000 });
    // The clock starts with the first move, so a game of one move took 0 ms.
    const one = sharedPuzzle(timedPuzzle(3, 3, [1], [250]), { timeMs: 0 });
    expect(one.ok && one.value.game).toMatchObject({ timeMs: 0, moveMs: [0] });
  });

  it('move times are not coded unless there is one for each move', () => {
    const s = mustPuzzle(timedPuzzle(3, 3, [1, 2, 3, 4], [300]));
    if (s.game.kind !== 'puzzle') throw new Error('not a puzzle');
    const { moveMs, ...bare } = s.game;
    expect(moveMs).toEqual([0, 300, 300, 300]);
    for (const wrong of [moveMs!.slice(1), [...moveMs!, 300]]) {
      const code = encodeShared({ ...s, game: { ...bare, moveMs: wrong } });
      expect(code).toBe(encodeShared({ ...s, game: bare }));
      expect(decodeShared(code)).toEqual({ ok: true, value: { ...s, game: bare } });
    }
  });
});

describe('codes of games dealt from a long seed (ChaCha20)', () => {
  const long = '0123456789abcdef'.repeat(2);

  it('carry the seed as its 16 or 32 bytes after flag 16, and read back to the same game', () => {
    for (const s of [long, long + long]) {
      const g = must2048(shared2048(play2048(s, 4, [1, 2, 3, 4, 5, 6])));
      const code = encodeShared(g);
      const bytes = fromBase64Url(code.slice(SHARE_PREFIX.length))!;
      expect(bytes[2]! & 16).toBe(16);
      expect(bytes[6]).toBe(s.length / 2);
      expect(decodeShared(code)).toEqual({ ok: true, value: g });
      const r = readShareCode(code);
      expect(r.ok && r.value.kind === '2048' && r.value.states.at(-1)!.cells).toEqual(
        play2048(s, 4, [1, 2, 3, 4, 5, 6]).cells,
      );
    }
  });

  it('a known code: a 5-move 4x4 game from a 128-bit seed', () => {
    const g = must2048(shared2048(play2048(long, 4, [0, 0, 0, 0, 0])));
    // Pinned: the same seed and moves must always make this code and this game.
    expect(encodeShared(g)).toBe(KNOWN_LONG_CODE);
    const r = readShareCode(KNOWN_LONG_CODE);
    expect(r.ok && r.value.kind === '2048' && r.value.states.at(-1)!.cells).toEqual(
      KNOWN_LONG_CELLS,
    );
  });

  it('every kind keeps its long seed: puzzle, versus, duel', () => {
    const p = sharedPuzzle(playPuzzle(long, 4, [1, 2, 3]));
    const v = sharedVersus(playVersus(long, 4, [1, 2, 3, 4]), 'online');
    const d = sharedDuel(playDuel(long, 4, [1, 2, 3, 4]), 'online');
    for (const s of [must2048(p), v, d]) {
      const back = decodeShared(encodeShared(s));
      expect(back.ok && back.value.game.seed).toBe(long);
      expect(readShareCode(encodeShared(s)).ok).toBe(true);
    }
  });

  it('refuses a long seed of another length, or cut short', () => {
    for (const n of [0, 8, 15, 17, 31, 33, 64]) {
      const body = (w: ByteWriter) => {
        for (const b of [1, 0, 16, 0, 4, 11, n]) w.byte(b);
        for (let i = 0; i < n; i++) w.byte(i);
        w.varint(0);
      };
      expect(refusal(codeOf(body))).toEqual(notValid(`its long seed has ${n} bytes, not 16 or 32`));
    }
    const cut = (w: ByteWriter) => {
      for (const b of [1, 0, 16, 0, 4, 11, 16, 1, 2, 3]) w.byte(b);
    };
    expect(refusal(codeOf(cut))).toEqual(notValid('it ends too early'));
  });
});

function must2048(r: { ok: true; value: Shared } | { ok: false; error: { message: string } }) {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const KNOWN_LONG_CODE = 'sb.AQAQAAQEEAEjRWeJq83vASNFZ4mrze8FBAB1wv3A';
const KNOWN_LONG_CELLS = [
  [4, 4, 0, 2],
  [2, 2, 0, 0],
  [0, 2, 0, 0],
  [0, 0, 0, 0],
];
