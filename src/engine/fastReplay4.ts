/**
 * 4x4 2048 games re-played packed, as the AI packs its board (solvers/ai2048/board.ts): two
 * 32-bit words, the first rows 0 and 1, the second rows 2 and 3, each row 16 bits with
 * column 0 in the low nibble, each cell the tile's exponent (0 empty). A move is four table
 * look-ups (up and down through a transpose); the spawn is drawn as fastReplayDraw.ts draws it.
 *
 * A nibble holds exponents up to 15, so the packed form is used while the largest tile is
 * below 2^15 (a merge then makes at most 2^15); from there fastReplay.ts goes on with the
 * board flat. The tables come from the rules of a slide written once more here, for one line
 * (nearest the wall first, a merged tile merging no more); the property tests hold the whole
 * replay to the engine's.
 */
import { drawSpawn, drawSpawnChaCha } from './fastReplayDraw.ts';

/** A 2048 replay in progress, as fastReplay.ts keeps it: what the figures need. */
export interface Board2048 {
  /** Exponents by row then column (0 empty). */
  readonly cells: Uint8Array;
  /** The generator's four words. */
  readonly rng: Int32Array;
  /** The exponent of the target tile. */
  readonly targetExp: number;
  score: number;
  /** Tiles on the board. */
  tiles: number;
  /** The largest exponent on the board. */
  top: number;
  /** A tile has reached the target. */
  won: boolean;
}

/** Packed boards hold tiles below 2^15. */
export const PACKED_BELOW = 15;

/**
 * For each row (16 bits), the row after sliding toward column 0 (`left`) or column 3
 * (`right`), and what the slide did: points in bits 0-17, merges in 18-19, the largest
 * exponent a merge made in 20-23. `empty` counts a row's empty cells.
 */
interface Tables {
  readonly left: Uint16Array;
  readonly right: Uint16Array;
  readonly leftInfo: Uint32Array;
  readonly rightInfo: Uint32Array;
  readonly empty: Uint8Array;
}

let tables: Tables | null = null;

/**
 * Slides a line of four exponents toward its first cell, in place: what happened, packed as
 * in {@link Tables}.
 */
function slideLine(line: Uint8Array): number {
  let w = 0;
  // The exponent of the last tile placed while it may still take a merge (0: none).
  let open = 0;
  let gained = 0;
  let merges = 0;
  let top = 0;
  for (let r = 0; r < 4; r++) {
    const v = line[r]!;
    if (v === 0) continue;
    if (v === open) {
      line[w - 1] = v + 1;
      gained += 2 ** (v + 1);
      merges++;
      if (v + 1 > top) top = v + 1;
      open = 0;
      continue;
    }
    line[w++] = v;
    open = v;
  }
  for (; w < 4; w++) line[w] = 0;
  return gained | (merges << 18) | (top << 20);
}

function getTables(): Tables {
  if (tables) return tables;
  const t: Tables = {
    left: new Uint16Array(65536),
    right: new Uint16Array(65536),
    leftInfo: new Uint32Array(65536),
    rightInfo: new Uint32Array(65536),
    empty: new Uint8Array(65536),
  };
  const line = new Uint8Array(4);
  // Only exponents below 15 are ever looked up; & 15 keeps the rest (unused) in range.
  for (let row = 0; row < 65536; row++) {
    let empty = 0;
    for (let c = 0; c < 4; c++) {
      line[c] = (row >> (4 * c)) & 15;
      if (line[c] === 0) empty++;
    }
    t.empty[row] = empty;
    t.leftInfo[row] = slideLine(line);
    t.left[row] =
      (line[0]! & 15) | ((line[1]! & 15) << 4) | ((line[2]! & 15) << 8) | ((line[3]! & 15) << 12);
    // Right: the row read from column 3, slid, and put back the same way round.
    for (let c = 0; c < 4; c++) line[c] = (row >> (4 * (3 - c))) & 15;
    t.rightInfo[row] = slideLine(line);
    t.right[row] =
      (line[3]! & 15) | ((line[2]! & 15) << 4) | ((line[1]! & 15) << 8) | ((line[0]! & 15) << 12);
  }
  tables = t;
  return t;
}

/** The two words of a result, and the points, merges and largest merge of the last slide. */
const words = new Int32Array(2);
const slid = new Int32Array(3);

/** Rows become columns; the result in {@link words}. */
function transpose(a: number, b: number): void {
  const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
  const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
  words[0] = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
  words[1] = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
}

/**
 * Slides a packed board in direction `d` (0 up, 1 down, 2 left, 3 right): the board in
 * {@link words} and what happened in {@link slid}. Returns whether anything moved.
 */
function slidePacked(a: number, b: number, d: number, t: Tables): boolean {
  let x = a;
  let y = b;
  if (d < 2) {
    transpose(a, b);
    x = words[0]!;
    y = words[1]!;
  }
  // Up, on the transpose, and left slide toward column 0.
  const toward0 = d === 0 || d === 2;
  const next = toward0 ? t.left : t.right;
  const info = toward0 ? t.leftInfo : t.rightInfo;
  const r0 = x & 0xffff;
  const r1 = x >>> 16;
  const r2 = y & 0xffff;
  const r3 = y >>> 16;
  const nx = next[r0]! | (next[r1]! << 16);
  const ny = next[r2]! | (next[r3]! << 16);
  if (nx === x && ny === y) return false;
  const i0 = info[r0]!;
  const i1 = info[r1]!;
  const i2 = info[r2]!;
  const i3 = info[r3]!;
  slid[0] = (i0 & 0x3ffff) + (i1 & 0x3ffff) + (i2 & 0x3ffff) + (i3 & 0x3ffff);
  slid[1] = ((i0 >>> 18) & 3) + ((i1 >>> 18) & 3) + ((i2 >>> 18) & 3) + ((i3 >>> 18) & 3);
  slid[2] = Math.max(i0 >>> 20, i1 >>> 20, i2 >>> 20, i3 >>> 20);
  if (d < 2) {
    transpose(nx, ny);
  } else {
    words[0] = nx;
    words[1] = ny;
  }
  return true;
}

/**
 * Puts exponent `e` in the k-th empty cell (row-major, from 0) of a packed board; the board
 * in {@link words}.
 */
function place(a: number, b: number, k: number, e: number, empty: Uint8Array): void {
  let left = k;
  for (let r = 0; r < 4; r++) {
    const row = ((r < 2 ? a : b) >>> (16 * (r & 1))) & 0xffff;
    const n = empty[row]!;
    if (left >= n) {
      left -= n;
      continue;
    }
    for (let c = 0; c < 4; c++) {
      if (((row >> (4 * c)) & 15) === 0 && left-- === 0) {
        const bit = e << (16 * (r & 1) + 4 * c);
        words[0] = r < 2 ? a | bit : a;
        words[1] = r < 2 ? b : b | bit;
        return;
      }
    }
  }
  throw new Error(`fastReplay4: no empty cell ${k}`);
}

/**
 * Plays `moves` from index `from` on a 4x4 board, packed, while its largest tile is below
 * 2^`below` (default {@link PACKED_BELOW}; lower only to test the hand-over), keeping `g` up to
 * date. Returns the index of the first move left to play (all played: `moves.length`), or
 * -(i + 1) when move i changes nothing.
 */
export function playPacked4(
  g: Board2048,
  moves: Uint8Array,
  from: number,
  below = PACKED_BELOW,
): number {
  const t = getTables();
  const cells = g.cells;
  let a = 0;
  let b = 0;
  for (let i = 0; i < 8; i++) a |= cells[i]! << (4 * i);
  for (let i = 0; i < 8; i++) b |= cells[8 + i]! << (4 * i);
  let { score, tiles, top, won } = g;
  let i = from;
  let refused = false;
  const chacha = g.rng.length !== 4;
  for (; i < moves.length && top < below; i++) {
    const d = moves[i]!;
    if (d > 3 || !slidePacked(a, b, d, t)) {
      refused = true;
      break;
    }
    score += slid[0]!;
    tiles -= slid[1]!;
    if (slid[2]! > top) top = slid[2]!;
    if (slid[2]! >= g.targetExp) won = true;
    // A slide that moved left a cell empty; tiles start at 2 or 4, below any target.
    const s = chacha ? drawSpawnChaCha(g.rng, 16 - tiles) : drawSpawn(g.rng, 16 - tiles);
    const e = (s & 1) + 1;
    place(words[0]!, words[1]!, s >> 1, e, t.empty);
    a = words[0]!;
    b = words[1]!;
    tiles++;
    if (e > top) top = e;
  }
  for (let k = 0; k < 8; k++) cells[k] = (a >>> (4 * k)) & 15;
  for (let k = 0; k < 8; k++) cells[8 + k] = (b >>> (4 * k)) & 15;
  g.score = score;
  g.tiles = tiles;
  g.top = top;
  g.won = won;
  return refused ? -(i + 1) : i;
}
