/**
 * Seeded, serialisable pseudo-random numbers from one of two generators, chosen by the seed's
 * form:
 * - a number (0 to 2^53 - 1): xoshiro128** seeded through splitmix32, the state four uint32
 *   words — every offline game, save and share code;
 * - a long seed (32 or 64 lowercase hex digits, 128 or 256 bits): ChaCha20 (chacha20.ts),
 *   whose output does not give its key away — the games a server deals and keeps secret.
 * Both states are plain values that survive JSON, undo and replay. The engine never calls
 * Math.random; randomness always comes in through an RngState.
 */
import {
  type ChaChaState,
  isLongSeed,
  nextChaCha,
  parseChaChaState,
  randomLongSeed,
  seedChaCha,
} from './chacha20.ts';
import { show } from './describe.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';

export { type ChaChaState, isLongSeed, randomLongSeed };

/** xoshiro128**'s whole state: four uint32 words, not all zero. */
export type XoshiroState = readonly [number, number, number, number];

/** A generator's whole state: xoshiro128**'s four words, or a ChaCha20 stream's place. */
export type RngState = XoshiroState | ChaChaState;

/**
 * A seed: a whole number from 0 to 2^53 - 1 (xoshiro128**), or a long seed of 32 or 64
 * lowercase hex digits (ChaCha20).
 */
export type Seed = number | string;

const MAX_SEED = Number.MAX_SAFE_INTEGER;

function splitmix32(x: number): [number, number] {
  const next = (x + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [next, z >>> 0];
}

/** Whether `seed` is a number seed: a whole number from 0 to 2^53 - 1. */
function isNumberSeed(seed: unknown): seed is number {
  return typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED;
}

/**
 * Checks a seed: a whole number from 0 to 2^53 - 1, or a long seed (32 or 64 lowercase hex
 * digits).
 */
export function checkSeed(seed: unknown): Result<Seed, Problem<'bad-seed'>> {
  if (!isNumberSeed(seed) && !isLongSeed(seed)) {
    return err(
      problem(
        'bad-seed',
        `seed must be a whole number from 0 to ${MAX_SEED} or 32 or 64 lowercase hex digits, got ${show(seed)}`,
      ),
    );
  }
  return ok(seed);
}

/**
 * The generator state for a seed: xoshiro128** for a number, ChaCha20 for a long seed.
 * Throws only for an invalid seed (see {@link checkSeed}).
 */
export function seedRng(seed: Seed): RngState {
  if (typeof seed === 'string') {
    if (!isLongSeed(seed)) throw new RangeError(unwrapMessage(seed));
    return seedChaCha(seed);
  }
  if (!isNumberSeed(seed)) throw new RangeError(unwrapMessage(seed));
  // Two splitmix32 streams, one from each half of the 53-bit seed, so that every seed gives
  // its own stream and nearby seeds give unrelated ones.
  let lo = seed >>> 0;
  let hi = (Math.floor(seed / 2 ** 32) ^ 0x5bd1e995) >>> 0;
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [nlo, a] = splitmix32(lo);
    const [nhi, b] = splitmix32(hi);
    lo = nlo;
    hi = nhi;
    words.push((a ^ rotl(b, 16)) >>> 0);
  }
  if (!words.some((w) => w !== 0)) words[0] = 1;
  return words as unknown as XoshiroState;
}

function unwrapMessage(seed: unknown): string {
  const checked = checkSeed(seed);
  return checked.ok ? '' : checked.error.message;
}

/** The next uint32 and the state after it (a state of the same generator). */
export function nextUint32(s: RngState): { value: number; state: RngState } {
  if (!Array.isArray(s)) return nextChaCha(s as ChaChaState);
  const [a, b, c, d] = s as XoshiroState;
  const value = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
  const t = (b << 9) >>> 0;
  let c2 = (c ^ a) >>> 0;
  let d2 = (d ^ b) >>> 0;
  const b2 = (b ^ c2) >>> 0;
  const a2 = (a ^ d2) >>> 0;
  c2 = (c2 ^ t) >>> 0;
  d2 = rotl(d2, 11);
  return { value, state: [a2, b2, c2, d2] };
}

/** A float in [0, 1) and the state after it. */
export function nextFloat(s: RngState): { value: number; state: RngState } {
  const r = nextUint32(s);
  return { value: r.value / 2 ** 32, state: r.state };
}

/** A whole number in [0, n) (n >= 1) and the state after it; unbiased (rejection). */
export function nextInt(s: RngState, n: number): { value: number; state: RngState } {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`nextInt: bad bound ${n}`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  let state = s;
  for (;;) {
    const r = nextUint32(state);
    state = r.state;
    if (r.value < limit) return { value: r.value % n, state };
  }
}

/**
 * Validates a stored generator state: xoshiro128**'s four words, or a ChaCha20 state
 * (`{ kind: 'chacha20', key: eight words, block, word }`).
 */
export function parseRngState(x: unknown): Result<RngState, Problem<'bad-rng'>> {
  if (!Array.isArray(x)) {
    const chacha = parseChaChaState(x);
    if (chacha) return ok(chacha);
    return err(
      problem(
        'bad-rng',
        'random generator state must be four 32-bit words, not all zero, or a ChaCha20 state (kind, key of eight 32-bit words, block, word 0 to 15)',
      ),
    );
  }
  const word = (w: unknown) =>
    typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 0xffffffff;
  // An index loop, not every(): every() skips the holes of a sparse array.
  if (
    !Array.isArray(x) ||
    x.length !== 4 ||
    ![0, 1, 2, 3].every((i) => word(x[i])) ||
    !x.some((w) => w !== 0)
  ) {
    return err(
      problem('bad-rng', 'random generator state must be four 32-bit words, not all zero'),
    );
  }
  return ok([x[0], x[1], x[2], x[3]] as XoshiroState);
}

/** A fresh seed from the platform's cryptographic source (Web Crypto, in Node and browsers). */
export function randomSeed(): number {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  // 53 bits: 21 from the first word, 32 from the second.
  return (words[0]! & 0x1fffff) * 2 ** 32 + words[1]!;
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** A generator state as plain data for JSON: xoshiro128**'s four words or ChaCha20's fields. */
export type RngJson = number[] | { kind: 'chacha20'; key: number[]; block: number; word: number };

/** A copy of a generator state as plain data ({@link parseRngState} reads it back). */
export function rngJson(s: RngState): RngJson {
  if (Array.isArray(s)) return [...(s as XoshiroState)];
  const c = s as ChaChaState;
  return { kind: 'chacha20', key: [...c.key], block: c.block, word: c.word };
}

/**
 * A 32-bit number standing for a seed, to seed side streams (an AI level's mistakes): a number
 * seed itself, a long seed its first eight hex digits.
 */
export function seedWord(seed: Seed): number {
  return typeof seed === 'number' ? seed : Number.parseInt(seed.slice(0, 8), 16);
}
