/**
 * Raw speed of the packed engine, and its agreement with the reference engine, over seeded
 * random boards (for the benchmark).
 */
import { slideValid } from '../../engine/game2048.ts';
import { nextUint32, type RngState, seedRng } from '../../engine/rng.ts';
import { DIRECTIONS } from '../../engine/types.ts';
import { move, moveScore, out, sameBoard, unpack } from './board.ts';
import { ROW_LR } from './tables.ts';

/** `count` random boards (exponents 0..14 in every cell), as two word arrays. */
export function randomBoards(count: number, seed: number): { a: Int32Array; b: Int32Array } {
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  let rng: RngState = seedRng(seed);
  const word = (): number => {
    let w = 0;
    for (let c = 0; c < 8; c++) {
      const r = nextUint32(rng);
      rng = r.state;
      // 0..14: empty cells and small tiles alike, so that slides and merges are common.
      w |= (r.value % 15) << (c * 4);
    }
    return w;
  };
  for (let i = 0; i < count; i++) {
    a[i] = word();
    b[i] = word();
  }
  return { a, b };
}

/**
 * Applies all four moves to every board, `rounds` times, single-threaded, with the search's own
 * inlined move code. Returns the moves made, the time and a checksum (so nothing is optimised
 * away).
 */
export function timeMoves(
  boards: { a: Int32Array; b: Int32Array },
  rounds: number,
): { moves: number; ms: number; checksum: number } {
  const { a: as, b: bs } = boards;
  const n = as.length;
  let sum = 0;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) {
      const a = as[i]!;
      const b = bs[i]!;
      // Left and right: one look-up per row gives both.
      let p = ROW_LR[a & 0xffff]!;
      let q = ROW_LR[a >>> 16]!;
      sum ^= (p & 0xffff) | (q << 16);
      sum ^= (p >>> 16) | (q & 0xffff0000);
      p = ROW_LR[b & 0xffff]!;
      q = ROW_LR[b >>> 16]!;
      sum ^= (p & 0xffff) | (q << 16);
      sum ^= (p >>> 16) | (q & 0xffff0000);
      // Up and down: transpose, slide the rows, transpose back.
      const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
      const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
      const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
      const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
      const p1 = ROW_LR[ta & 0xffff]!;
      const q1 = ROW_LR[ta >>> 16]!;
      const p2 = ROW_LR[tb & 0xffff]!;
      const q2 = ROW_LR[tb >>> 16]!;
      let xa = (p1 & 0xffff) | (q1 << 16);
      let xb = (p2 & 0xffff) | (q2 << 16);
      let c1 = (xa & 0xf0f00f0f) | ((xa & 0x0000f0f0) << 12) | ((xa & 0x0f0f0000) >>> 12);
      let d1 = (xb & 0xf0f00f0f) | ((xb & 0x0000f0f0) << 12) | ((xb & 0x0f0f0000) >>> 12);
      sum ^= (c1 & 0x00ff00ff) | ((d1 & 0x00ff00ff) << 8);
      sum ^= (d1 & 0xff00ff00) | ((c1 & 0xff00ff00) >>> 8);
      xa = (p1 >>> 16) | (q1 & 0xffff0000);
      xb = (p2 >>> 16) | (q2 & 0xffff0000);
      c1 = (xa & 0xf0f00f0f) | ((xa & 0x0000f0f0) << 12) | ((xa & 0x0f0f0000) >>> 12);
      d1 = (xb & 0xf0f00f0f) | ((xb & 0x0000f0f0) << 12) | ((xb & 0x0f0f0000) >>> 12);
      sum ^= (c1 & 0x00ff00ff) | ((d1 & 0x00ff00ff) << 8);
      sum ^= (d1 & 0xff00ff00) | ((c1 & 0xff00ff00) >>> 8);
    }
  }
  return { moves: n * 4 * rounds, ms: performance.now() - t0, checksum: sum };
}

/**
 * Checks the packed engine against the reference `slideValid` on every board and direction
 * (cells, moved and points). Returns the number of disagreements (0 expected).
 */
export function checkAgainstReference(boards: { a: Int32Array; b: Int32Array }): {
  moves: number;
  mismatches: number;
} {
  let mismatches = 0;
  const n = boards.a.length;
  for (let i = 0; i < n; i++) {
    const a = boards.a[i]!;
    const b = boards.b[i]!;
    const cells = unpack(a, b);
    for (let d = 0; d < 4; d++) {
      const ref = slideValid(cells, DIRECTIONS[d]!);
      move(a, b, d);
      const na = out.a;
      const nb = out.b;
      const got = unpack(na, nb);
      let same = ref.moved === !sameBoard(a, b, na, nb) && ref.gained === moveScore(a, b, d);
      for (let r = 0; same && r < 4; r++) {
        for (let c = 0; c < 4; c++) if (got[r]![c] !== ref.cells[r]![c]) same = false;
      }
      if (!same) mismatches++;
    }
  }
  return { moves: n * 4, mismatches };
}
