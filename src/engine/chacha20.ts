/**
 * ChaCha20 (RFC 8439) as a seeded, serialisable generator: the stream of a 256-bit key with
 * a zero 96-bit nonce, block counter from 0, each 64-byte block read as sixteen little-endian
 * uint32 words in order. Its output does not give its key away (a stream cipher's keystream),
 * so a long seed stays secret however many tiles are dealt from it.
 *
 * The state is the key's eight words, the block counter and the place of the next word in
 * its block: plain numbers, so it survives JSON, undo and replay like xoshiro's four words.
 * Drawing from a state mid-block recomputes that block (20 rounds); a small cache of the last
 * blocks, keyed by the (frozen) key array and the counter, makes a stream of draws cost one
 * block function per sixteen words. The cache holds nothing a caller can see: the same state
 * always gives the same word.
 *
 * Long seeds are 32 or 64 lowercase hex digits (128 or 256 bits). A 256-bit seed is the key's
 * 32 bytes in order; a 128-bit seed is its 16 bytes twice over, as ChaCha's 128-bit-key form
 * repeats its key.
 */

/** A ChaCha20 stream at one place: the key, the block counter and the word within it. */
export interface ChaChaState {
  readonly kind: 'chacha20';
  /** The 256-bit key as eight uint32 words, each read little-endian from 4 key bytes. */
  readonly key: readonly number[];
  /** The block the next word comes from (0 to 2^32 - 1; after the last it wraps to 0). */
  readonly block: number;
  /** The next word's place in its block, 0 to 15. */
  readonly word: number;
}

/** A long seed: 32 or 64 lowercase hex digits. */
const LONG_SEED = /^(?:[0-9a-f]{32}|[0-9a-f]{64})$/;

/** Whether `x` is a long seed: a string of 32 or 64 lowercase hex digits (128 or 256 bits). */
export function isLongSeed(x: unknown): x is string {
  return typeof x === 'string' && LONG_SEED.test(x);
}

/** "expand 32-byte k", the RFC 8439 constants. */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

/**
 * The RFC 8439 block function (§2.3): the 16 words of the block `counter` of `key` (8 words)
 * and `nonce` (3 words), written to `out` as uint32 (or int32) words. Pure but for `out`.
 */
export function chachaBlock(
  key: ArrayLike<number>,
  counter: number,
  nonce: ArrayLike<number>,
  out: Uint32Array | Int32Array,
): void {
  chachaBlockAt(key, 0, counter, nonce[0]!, nonce[1]!, nonce[2]!, out, 0);
}

/**
 * {@link chachaBlock} with the key read from `key[at..at+7]` and the block written to
 * `out[to..to+15]`, so that a caller holding both in one typed array allocates nothing.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the twenty rounds stay written out in one piece (the generator's whole cost)
export function chachaBlockAt(
  key: ArrayLike<number>,
  at: number,
  counter: number,
  nonce0: number,
  nonce1: number,
  nonce2: number,
  out: Uint32Array | Int32Array,
  to: number,
): void {
  const k0 = key[at]! | 0;
  const k1 = key[at + 1]! | 0;
  const k2 = key[at + 2]! | 0;
  const k3 = key[at + 3]! | 0;
  const k4 = key[at + 4]! | 0;
  const k5 = key[at + 5]! | 0;
  const k6 = key[at + 6]! | 0;
  const k7 = key[at + 7]! | 0;
  const c = counter | 0;
  const n0 = nonce0 | 0;
  const n1 = nonce1 | 0;
  const n2 = nonce2 | 0;
  let x0: number = SIGMA[0];
  let x1: number = SIGMA[1];
  let x2: number = SIGMA[2];
  let x3: number = SIGMA[3];
  let x4 = k0;
  let x5 = k1;
  let x6 = k2;
  let x7 = k3;
  let x8 = k4;
  let x9 = k5;
  let x10 = k6;
  let x11 = k7;
  let x12 = c;
  let x13 = n0;
  let x14 = n1;
  let x15 = n2;
  // Ten double rounds: four column quarter rounds, then four diagonal ones. Written out, as
  // the quarter round's 32-bit adds and rotations are most of the generator's cost.
  for (let i = 0; i < 10; i++) {
    x0 = (x0 + x4) | 0;
    x12 ^= x0;
    x12 = (x12 << 16) | (x12 >>> 16);
    x8 = (x8 + x12) | 0;
    x4 ^= x8;
    x4 = (x4 << 12) | (x4 >>> 20);
    x0 = (x0 + x4) | 0;
    x12 ^= x0;
    x12 = (x12 << 8) | (x12 >>> 24);
    x8 = (x8 + x12) | 0;
    x4 ^= x8;
    x4 = (x4 << 7) | (x4 >>> 25);

    x1 = (x1 + x5) | 0;
    x13 ^= x1;
    x13 = (x13 << 16) | (x13 >>> 16);
    x9 = (x9 + x13) | 0;
    x5 ^= x9;
    x5 = (x5 << 12) | (x5 >>> 20);
    x1 = (x1 + x5) | 0;
    x13 ^= x1;
    x13 = (x13 << 8) | (x13 >>> 24);
    x9 = (x9 + x13) | 0;
    x5 ^= x9;
    x5 = (x5 << 7) | (x5 >>> 25);

    x2 = (x2 + x6) | 0;
    x14 ^= x2;
    x14 = (x14 << 16) | (x14 >>> 16);
    x10 = (x10 + x14) | 0;
    x6 ^= x10;
    x6 = (x6 << 12) | (x6 >>> 20);
    x2 = (x2 + x6) | 0;
    x14 ^= x2;
    x14 = (x14 << 8) | (x14 >>> 24);
    x10 = (x10 + x14) | 0;
    x6 ^= x10;
    x6 = (x6 << 7) | (x6 >>> 25);

    x3 = (x3 + x7) | 0;
    x15 ^= x3;
    x15 = (x15 << 16) | (x15 >>> 16);
    x11 = (x11 + x15) | 0;
    x7 ^= x11;
    x7 = (x7 << 12) | (x7 >>> 20);
    x3 = (x3 + x7) | 0;
    x15 ^= x3;
    x15 = (x15 << 8) | (x15 >>> 24);
    x11 = (x11 + x15) | 0;
    x7 ^= x11;
    x7 = (x7 << 7) | (x7 >>> 25);

    x0 = (x0 + x5) | 0;
    x15 ^= x0;
    x15 = (x15 << 16) | (x15 >>> 16);
    x10 = (x10 + x15) | 0;
    x5 ^= x10;
    x5 = (x5 << 12) | (x5 >>> 20);
    x0 = (x0 + x5) | 0;
    x15 ^= x0;
    x15 = (x15 << 8) | (x15 >>> 24);
    x10 = (x10 + x15) | 0;
    x5 ^= x10;
    x5 = (x5 << 7) | (x5 >>> 25);

    x1 = (x1 + x6) | 0;
    x12 ^= x1;
    x12 = (x12 << 16) | (x12 >>> 16);
    x11 = (x11 + x12) | 0;
    x6 ^= x11;
    x6 = (x6 << 12) | (x6 >>> 20);
    x1 = (x1 + x6) | 0;
    x12 ^= x1;
    x12 = (x12 << 8) | (x12 >>> 24);
    x11 = (x11 + x12) | 0;
    x6 ^= x11;
    x6 = (x6 << 7) | (x6 >>> 25);

    x2 = (x2 + x7) | 0;
    x13 ^= x2;
    x13 = (x13 << 16) | (x13 >>> 16);
    x8 = (x8 + x13) | 0;
    x7 ^= x8;
    x7 = (x7 << 12) | (x7 >>> 20);
    x2 = (x2 + x7) | 0;
    x13 ^= x2;
    x13 = (x13 << 8) | (x13 >>> 24);
    x8 = (x8 + x13) | 0;
    x7 ^= x8;
    x7 = (x7 << 7) | (x7 >>> 25);

    x3 = (x3 + x4) | 0;
    x14 ^= x3;
    x14 = (x14 << 16) | (x14 >>> 16);
    x9 = (x9 + x14) | 0;
    x4 ^= x9;
    x4 = (x4 << 12) | (x4 >>> 20);
    x3 = (x3 + x4) | 0;
    x14 ^= x3;
    x14 = (x14 << 8) | (x14 >>> 24);
    x9 = (x9 + x14) | 0;
    x4 ^= x9;
    x4 = (x4 << 7) | (x4 >>> 25);
  }
  out[to + 0] = x0 + SIGMA[0];
  out[to + 1] = x1 + SIGMA[1];
  out[to + 2] = x2 + SIGMA[2];
  out[to + 3] = x3 + SIGMA[3];
  out[to + 4] = x4 + k0;
  out[to + 5] = x5 + k1;
  out[to + 6] = x6 + k2;
  out[to + 7] = x7 + k3;
  out[to + 8] = x8 + k4;
  out[to + 9] = x9 + k5;
  out[to + 10] = x10 + k6;
  out[to + 11] = x11 + k7;
  out[to + 12] = x12 + c;
  out[to + 13] = x13 + n0;
  out[to + 14] = x14 + n1;
  out[to + 15] = x15 + n2;
}

/** The key words of a long seed (see the file's comment), frozen. Assumes {@link isLongSeed}. */
export function longSeedKey(seed: string): readonly number[] {
  const bytes = seed.length / 2;
  const key: number[] = [];
  for (let w = 0; w < 8; w++) {
    let v = 0;
    for (let b = 3; b >= 0; b--) {
      const at = ((w * 4 + b) % bytes) * 2;
      v = v * 256 + Number.parseInt(seed.slice(at, at + 2), 16);
    }
    key.push(v);
  }
  return Object.freeze(key);
}

/** The stream of a long seed, at its start. Assumes {@link isLongSeed}. */
export function seedChaCha(seed: string): ChaChaState {
  return Object.freeze({ kind: 'chacha20', key: longSeedKey(seed), block: 0, word: 0 });
}

// The last blocks made, direct-mapped by the low bits of the counter: a stream (or two
// boards of one versus seed drawing in turn) reuses its block for sixteen words.
const SLOTS = 4;
const cacheKey: (readonly number[] | null)[] = new Array(SLOTS).fill(null);
const cacheBlock = new Float64Array(SLOTS).fill(-1);
const cacheWords = Array.from({ length: SLOTS }, () => new Uint32Array(16));

/** The 16 words of block `block` of `key`, from the cache when it has them. Do not keep. */
function blockOf(key: readonly number[], block: number): Uint32Array {
  const slot = block & (SLOTS - 1);
  const words = cacheWords[slot]!;
  if (cacheKey[slot] !== key || cacheBlock[slot] !== block) {
    chachaBlockAt(key, 0, block, 0, 0, 0, words, 0);
    // Only a frozen key can be cached by identity: a caller's array might change later.
    cacheKey[slot] = Object.isFrozen(key) ? key : null;
    cacheBlock[slot] = block;
  }
  return words;
}

/** The next uint32 of a ChaCha20 stream and the state after it. */
export function nextChaCha(s: ChaChaState): { value: number; state: ChaChaState } {
  const value = blockOf(s.key, s.block)[s.word]!;
  const state: ChaChaState =
    s.word === 15
      ? { kind: 'chacha20', key: s.key, block: (s.block + 1) % 2 ** 32, word: 0 }
      : { kind: 'chacha20', key: s.key, block: s.block, word: s.word + 1 };
  return { value, state };
}

/** Whether `x` is a valid ChaCha20 state (as JSON brings it back); a frozen copy, or null. */
export function parseChaChaState(x: unknown): ChaChaState | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return null;
  const o = x as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 4 || o.kind !== 'chacha20') return null;
  const u32 = (w: unknown) =>
    typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 0xffffffff;
  const key = o.key;
  if (!Array.isArray(key) || key.length !== 8) return null;
  const words: number[] = [];
  // An index loop, not every(): every() skips the holes of a sparse array.
  for (let i = 0; i < 8; i++) {
    if (!u32(key[i])) return null;
    words.push(key[i] as number);
  }
  const { block, word } = o;
  if (!u32(block) || typeof word !== 'number' || !Number.isInteger(word) || word < 0 || word > 15)
    return null;
  return Object.freeze({
    kind: 'chacha20',
    key: Object.freeze(words),
    block: block as number,
    word,
  });
}

/** A fresh 128-bit long seed from the platform's cryptographic source (Web Crypto). */
export function randomLongSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The bytes of a long seed (16 or 32), in order. Assumes {@link isLongSeed}. */
export function longSeedBytes(seed: string): Uint8Array {
  const out = new Uint8Array(seed.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(seed.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The long seed of 16 or 32 bytes (lowercase hex). */
export function longSeedOf(bytes: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i]! & 0xff).toString(16).padStart(2, '0');
  return s;
}
