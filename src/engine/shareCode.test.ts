import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter, crc32, fromBase64Url, toBase64Url } from './codeBits.ts';
import { type Duel, duelPlace, duelSlide, newDuel, whoIs } from './duel.ts';
import { awaitingWinChoice, type Game, keepGoing, legalMoves, newGame, play } from './game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from './puzzle.ts';
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
function play2048(seed: number, size: number, picks: number[]): Game {
  let g = newGame({ size, seed, target: 16 });
  for (const p of picks) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    const legal = legalMoves(g.cells);
    if (legal.length === 0) break;
    g = play(g, legal[p % legal.length]!);
  }
  return g;
}

function playPuzzle(seed: number, width: number, picks: number[]): Puzzle {
  let p = newPuzzle({ seed, width });
  for (const k of picks) {
    if (p.solved) break;
    const tiles = movableTiles(p);
    p = moveTile(p, tiles[k % tiles.length]!);
  }
  return p;
}

function playVersus(seed: number, size: number, picks: number[]): VersusMatch {
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

function playDuel(seed: number, size: number, picks: number[]): Duel {
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

const seed = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const size = fc.integer({ min: 3, max: 8 });
const picks = (max: number) => fc.array(fc.nat(1000), { maxLength: max });

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
        expect(back.shared.assisted).toBe(assisted);
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
      }),
      RUNS,
    );
  });

  it('versus matches', () => {
    fc.assert(
      fc.property(seed, size, picks(120), (sd, n, p) => {
        const m = playVersus(sd, n, p);
        const back = roundTrip(sharedVersus(m, 'ai-hard'));
        const end = back.states.at(-1) as VersusMatch;
        expect(end.games.map((g) => g.cells)).toEqual(m.games.map((g) => g.cells));
        expect(end.queues).toEqual(m.queues);
        expect(end.winner).toBe(m.winner);
        expect(back.shared.players).toBe('ai-hard');
      }),
      RUNS,
    );
  });

  it('duels', () => {
    fc.assert(
      fc.property(seed, size, picks(200), (sd, n, p) => {
        const d = playDuel(sd, n, p);
        const back = roundTrip(sharedDuel(d, 'human,ai'));
        const end = back.states.at(-1) as Duel;
        expect(end.log).toEqual(d.log);
        expect(end.game.cells).toEqual(d.game.cells);
        expect(end.rounds).toEqual(d.rounds);
        expect(end.winner).toBe(d.winner);
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

/** Codes of a few games of each kind, for the corruption checks. */
function sampleCodes(): string[] {
  const g = shared2048(play2048(11, 4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
  const p = sharedPuzzle(playPuzzle(12, 4, [1, 5, 2, 8, 3]), { timeMs: 61_000 });
  if (!g.ok || !p.ok) throw new Error('sample games');
  return [
    encodeShared(g.value),
    encodeShared(p.value),
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
