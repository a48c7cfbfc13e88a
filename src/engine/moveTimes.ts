/**
 * The time of each move, as share codes and saves carry it: on the game clock (time while the
 * game is off screen does not count), in whole milliseconds.
 *
 * In a code, each move's time since the move before is an Exp-Golomb code of one order `k`
 * for the whole game (a byte, chosen by the writer to make the codes shortest): the number
 * `q = floor(ms / 2^k) + 1` as its bit length minus one zeros then its bits, then the low `k`
 * bits of `ms`. Most moves of a fast solve (50–300 ms) then take 8 to 10 bits at `k` = 7, and
 * a long pause costs a few bits more, not bytes more.
 */
import { type ByteReader, type ByteWriter, ReadError } from './codeBits.ts';
import type { Puzzle } from './puzzle.ts';

/** The longest time a move can take (ms, about 35 years); longer ones are cut to it. */
export const MAX_MOVE_MS = 2 ** 40 - 1;
/** The highest order a code may use. */
const MAX_ORDER = 40;

/** Bits in the binary form of a whole number from 1. */
function bitLength(q: number): number {
  let n = 0;
  let x = q;
  while (x >= 2 ** 24) {
    x = Math.floor(x / 2 ** 24);
    n += 24;
  }
  return n + 32 - Math.clz32(x);
}

/** Bits of the code of `ms` at order `k`. */
function codeLength(ms: number, k: number): number {
  return 2 * bitLength(Math.floor(ms / 2 ** k) + 1) - 1 + k;
}

/** The order that makes the codes of `times` shortest (the lowest of equals). */
export function bestOrder(times: readonly number[]): number {
  let largest = 0;
  for (const ms of times) largest = Math.max(largest, ms);
  let best = 0;
  let bestBits = Number.POSITIVE_INFINITY;
  // Past the largest time, each order only adds a bit to every code.
  for (let k = 0; k <= MAX_ORDER && 2 ** (k - 1) <= largest; k++) {
    let bits = 0;
    for (const ms of times) bits += codeLength(ms, k);
    if (bits < bestBits) {
      best = k;
      bestBits = bits;
    }
  }
  return best;
}

/** A time as a code takes it: a whole number of ms from 0 to {@link MAX_MOVE_MS}. */
export function wholeMoveMs(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  return Math.min(MAX_MOVE_MS, Math.round(ms));
}

/** `width` bits of `v` (any whole number below 2^53), most significant first. */
function wideBits(w: ByteWriter, v: number, width: number): void {
  for (let i = width - 1; i >= 0; i--) w.bits(Math.floor(v / 2 ** i) % 2, 1);
}

/** Writes the times (whole ms from 0 to MAX_MOVE_MS): the order, a byte, then the bit codes. */
export function writeMoveTimes(w: ByteWriter, times: readonly number[]): void {
  const k = bestOrder(times);
  w.byte(k);
  for (const ms of times) {
    const q = Math.floor(ms / 2 ** k) + 1;
    const n = bitLength(q);
    wideBits(w, 0, n - 1);
    wideBits(w, q, n);
    wideBits(w, ms % 2 ** k, k);
  }
}

/**
 * Reads `n` times written by {@link writeMoveTimes}, which must add up to at most `totalMs`
 * (when known); a ReadError when they are not valid.
 */
export function readMoveTimes(r: ByteReader, n: number, totalMs: number | null): number[] {
  const k = r.byte();
  if (k > MAX_ORDER) throw new ReadError('its move times are not coded as slidebox codes them');
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let zeros = 0;
    while (r.bits(1) === 0) {
      if (++zeros > 41) throw new ReadError(`its move ${i + 1} takes too long`);
    }
    let q = 1;
    for (let j = 0; j < zeros; j++) q = q * 2 + r.bits(1);
    let low = 0;
    for (let j = 0; j < k; j++) low = low * 2 + r.bits(1);
    const ms = (q - 1) * 2 ** k + low;
    if (ms > MAX_MOVE_MS) throw new ReadError(`its move ${i + 1} takes too long`);
    out.push(ms);
    sum += ms;
  }
  if (sum > Number.MAX_SAFE_INTEGER || (totalMs !== null && sum > totalMs))
    throw new ReadError('its move times add up to more than its time');
  return out;
}

/**
 * The game clock at each move from the start (ms, as made), or null when a move of the game
 * was made without a clock reading.
 */
export function moveClock(puzzle: Puzzle): number[] | null {
  const out: number[] = [];
  for (let p = puzzle; p.previous; p = p.previous) {
    const at = p.last?.atMs;
    if (at === undefined) return null;
    out.push(at);
  }
  return out.reverse();
}

/**
 * Each move's time since the one before (the first: since the clock's start), in whole ms,
 * from the game clock at each move. The times are rounded on the clock before they are taken
 * apart, so they add up to the clock at the last move, rounded.
 */
export function moveDurations(clock: readonly number[]): number[] {
  const out: number[] = [];
  let before = 0;
  for (const at of clock) {
    const now = Math.max(before, wholeMoveMs(at));
    out.push(now - before);
    before = now;
  }
  return out;
}

/** The game clock at each position of a replay (0: the start) from each move's time. */
export function clockAtMoves(durations: readonly number[]): number[] {
  const out = [0];
  for (const ms of durations) out.push(out.at(-1)! + ms);
  return out;
}
