// The 2048 expectimax of search.ts, in AssemblyScript, compiled to WebAssembly by
// `npm run build:wasm` (into kernelBytes.ts). The same search, step for step and with the same
// floating-point operations in the same order, so it returns exactly the same values; about
// 1.5x faster than the JavaScript, mostly because the board is one 64-bit word here.
// The board: row r in bits 16r..16r+15, column c in nibble c of its row (the JavaScript's two
// words, a | b << 32). The tables (slides, evaluation) are filled in from JavaScript.

@external("env", "now")
declare function clockNow(): f64;

// Memory layout (bytes).
const ROW_LR: usize = 0; // u32[65536]: left slide in the low half, right in the high half
const EVAL: usize = ROW_LR + 65536 * 4; // f32[65536]
const TT: usize = EVAL + 65536 * 4; // 16-byte entries: u32 a, u32 b, f32 value, u32 meta
const TT_MAX_BITS: i32 = 20;
const END: usize = TT + (<usize>1 << TT_MAX_BITS) * 16;

let minProb: f64 = 1e-4;
let deadline: f64 = Infinity;
let aborted: bool = false;
let clockCountdown: i32 = 2048;
let ttMask: u32 = 0;
let gen: u32 = 0;
let caching: bool = true;
export let evaluated: f64 = 0;

/** Grows the memory to hold the tables and the transposition table. */
export function init(): usize {
  const need = <i32>((END + 65535) >> 16);
  const have = memory.size();
  if (need > have) memory.grow(need - have);
  return 0;
}

export function rowLrPtr(): usize {
  return ROW_LR;
}
export function evalPtr(): usize {
  return EVAL;
}

/** Forgets the cached values (a new search). */
export function newSearch(): void {
  gen++;
  if (gen > 0xffff) {
    memory.fill(TT, 0, END - TT);
    gen = 1;
  }
}

@inline function transpose(x: u64): u64 {
  const a1 = x & 0xf0f00f0ff0f00f0f;
  const a2 = x & 0x0000f0f00000f0f0;
  const a3 = x & 0x0f0f00000f0f0000;
  const a = a1 | (a2 << 12) | (a3 >> 12);
  const b1 = a & 0xff00ff0000ff00ff;
  const b2 = a & 0x00ff00ff00000000;
  const b3 = a & 0x00000000ff00ff00;
  return b1 | (b2 >> 24) | (b3 << 24);
}

@inline function lr(row: u64): u32 {
  return load<u32>(ROW_LR + (<usize>(row & 0xffff) << 2));
}

@inline function ev(row: u64): f64 {
  return <f64>load<f32>(EVAL + (<usize>(row & 0xffff) << 2));
}

/** Rows' and columns' terms; t is the transpose of x. */
@inline function value(x: u64, t: u64): f64 {
  return (
    ev(x) + ev(x >> 16) + ev(x >> 32) + ev(x >> 48) +
    ev(t) + ev(t >> 16) + ev(t >> 32) + ev(t >> 48)
  );
}

export function evaluate(a: u32, b: u32): f64 {
  const x = (<u64>a) | ((<u64>b) << 32);
  return value(x, transpose(x));
}

@inline function leftOf(p: u32, q: u32, r: u32, s: u32): u64 {
  return (<u64>(p & 0xffff)) | ((<u64>(q & 0xffff)) << 16) | ((<u64>(r & 0xffff)) << 32) | ((<u64>(s & 0xffff)) << 48);
}
@inline function rightOf(p: u32, q: u32, r: u32, s: u32): u64 {
  return (<u64>(p >> 16)) | ((<u64>(q >> 16)) << 16) | ((<u64>(r >> 16)) << 32) | ((<u64>(s >> 16)) << 48);
}

function checkClock(): void {
  clockCountdown = 2048;
  if (deadline != Infinity && clockNow() > deadline) aborted = true;
}

function maxLeaf(x: u64): f64 {
  evaluated += 4;
  clockCountdown -= 4;
  if (clockCountdown <= 0) checkClock();
  let best: f64 = 0;
  const p = lr(x);
  const q = lr(x >> 16);
  const r = lr(x >> 32);
  const s = lr(x >> 48);
  let n = leftOf(p, q, r, s);
  if (n != x) {
    const v = value(n, transpose(n));
    if (v > best) best = v;
  }
  n = rightOf(p, q, r, s);
  if (n != x) {
    const v = value(n, transpose(n));
    if (v > best) best = v;
  }
  const t = transpose(x);
  const p2 = lr(t);
  const q2 = lr(t >> 16);
  const r2 = lr(t >> 32);
  const s2 = lr(t >> 48);
  let m = leftOf(p2, q2, r2, s2);
  if (m != t) {
    const v = value(transpose(m), m);
    if (v > best) best = v;
  }
  m = rightOf(p2, q2, r2, s2);
  if (m != t) {
    const v = value(transpose(m), m);
    if (v > best) best = v;
  }
  return best;
}

function max(x: u64, prob: f64, depth: i32): f64 {
  let best: f64 = 0;
  const p = lr(x);
  const q = lr(x >> 16);
  const r = lr(x >> 32);
  const s = lr(x >> 48);
  let n = leftOf(p, q, r, s);
  if (n != x) {
    const v = chance(n, prob, depth);
    if (v > best) best = v;
  }
  n = rightOf(p, q, r, s);
  if (n != x) {
    const v = chance(n, prob, depth);
    if (v > best) best = v;
  }
  const t = transpose(x);
  const p2 = lr(t);
  const q2 = lr(t >> 16);
  const r2 = lr(t >> 32);
  const s2 = lr(t >> 48);
  let m = leftOf(p2, q2, r2, s2);
  if (m != t) {
    const v = chance(transpose(m), prob, depth);
    if (v > best) best = v;
  }
  m = rightOf(p2, q2, r2, s2);
  if (m != t) {
    const v = chance(transpose(m), prob, depth);
    if (v > best) best = v;
  }
  return best;
}

function chance(x: u64, prob: f64, depth: i32): f64 {
  if (depth <= 0 || prob < minProb) {
    evaluated += 1;
    if (--clockCountdown <= 0) checkClock();
    return value(x, transpose(x));
  }
  if (aborted) return 0;
  const a = <u32>x;
  const b = <u32>(x >> 32);
  let h: u32 = (a ^ (b * 0x9e3779b1)) * 0x85ebca6b;
  h ^= h >> 15;
  h = (h ^ b) * 0xc2b2ae35;
  h ^= h >> 13;
  const slot = TT + ((<usize>(h & ttMask)) << 4);
  if (caching && load<u32>(slot) == a && load<u32>(slot, 4) == b) {
    const meta = load<u32>(slot, 12);
    if (meta >> 8 == gen && <i32>(meta & 0xff) >= depth) {
      return <f64>load<f32>(slot, 8);
    }
  }
  // Empty cells: a nibble's bits folded into its low bit.
  let e = x | (x >> 1);
  e = ~(e | (e >> 2)) & 0x1111111111111111;
  const empty = <i32>popcnt(e);
  const p = prob / <f64>empty;
  const p2 = p * 0.9;
  const p4 = p * 0.1;
  const next = depth - 1;
  const leaf2 = next <= 0 || p2 < minProb;
  const leaf4 = next <= 0 || p4 < minProb;
  let sum: f64 = 0;
  while (e != 0) {
    const bit = e & (~e + 1);
    e ^= bit;
    const x2 = x | bit;
    const x4 = x | (bit << 1);
    sum +=
      0.9 * (leaf2 ? maxLeaf(x2) : max(x2, p2, next)) +
      0.1 * (leaf4 ? maxLeaf(x4) : max(x4, p4, next));
  }
  const v = sum / <f64>empty;
  if (!aborted && caching) {
    store<u32>(slot, a);
    store<u32>(slot, b, 4);
    store<f32>(slot, <f32>v, 8);
    store<u32>(slot, (gen << 8) | <u32>depth, 12);
  }
  return v;
}

// Root results: values of up, down, left, right.
export let v0: f64 = 0;
export let v1: f64 = 0;
export let v2: f64 = 0;
export let v3: f64 = 0;

/** False when the deadline stopped the last search (its values are then incomplete). */
export function complete(): bool {
  return !aborted;
}

/**
 * Searches every root move (mask over up, down, left, right) to `depth` moves; returns the best
 * direction index, or -1 when no move changes the board, with the values in v0..v3.
 */
export function searchRoot(
  a: u32,
  b: u32,
  depth: i32,
  mp: f64,
  dl: f64,
  mask: i32,
  ttBits: i32,
  cache: i32,
): i32 {
  minProb = mp;
  deadline = dl;
  aborted = false;
  clockCountdown = 2048;
  caching = cache != 0;
  const bits = ttBits < 0 ? 0 : ttBits > TT_MAX_BITS ? TT_MAX_BITS : ttBits;
  ttMask = (<u32>1 << bits) - 1;
  const x = (<u64>a) | ((<u64>b) << 32);
  const t = transpose(x);
  let best = -1;
  let bestValue = -Infinity;
  for (let d = 0; d < 4; d++) {
    let n: u64;
    if (d >= 2) {
      const p = lr(x);
      const q = lr(x >> 16);
      const r = lr(x >> 32);
      const s = lr(x >> 48);
      n = d == 2 ? leftOf(p, q, r, s) : rightOf(p, q, r, s);
    } else {
      const p = lr(t);
      const q = lr(t >> 16);
      const r = lr(t >> 32);
      const s = lr(t >> 48);
      n = transpose(d == 0 ? leftOf(p, q, r, s) : rightOf(p, q, r, s));
    }
    let v: f64 = -Infinity;
    if (n != x && ((mask >> d) & 1) != 0) {
      v = chance(n, 1, depth - 1);
      if (v > bestValue) {
        bestValue = v;
        best = d;
      }
    }
    if (d == 0) v0 = v;
    else if (d == 1) v1 = v;
    else if (d == 2) v2 = v;
    else v3 = v;
  }
  return best;
}
