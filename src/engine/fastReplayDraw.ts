/**
 * The draws of a natural 2048 spawn, as game2048.ts `spawnTile` makes them with rng.ts, for
 * the lean replays (fastReplay.ts, fastReplay4.ts): the generator lives in an `Int32Array`
 * advanced in place, and nothing is allocated. xoshiro128** is its four words; ChaCha20 is
 * 26 words: the key (0-7), the block counter (8), the next word's place in the block (9, 16
 * when the block is used up) and the block's sixteen words (10-25).
 */
import { type ChaChaState, chachaBlockAt } from './chacha20.ts';
import type { RngState, XoshiroState } from './rng.ts';

const TWO_32 = 2 ** 32;

/**
 * rng.ts `nextInt(n)` takes the first draw below this bound (the largest multiple of n up to
 * 2^32), for each count of empty cells n from 1 to 64.
 */
const DRAW_LIMIT = Float64Array.from({ length: 65 }, (_, n) =>
  n === 0 ? 0 : TWO_32 - (TWO_32 % n),
);

/**
 * game2048.ts spawns a 2 when `nextFloat() < 0.9`, the draw divided by 2^32: the same as the
 * draw below 0.9 × 2^32, both sides scaled exactly by a power of two.
 */
const TWO_BELOW = 0.9 * TWO_32;

/**
 * The spawn after a move on a board with `empty` empty cells (1 to 64): the cell drawn with
 * `nextInt(empty)`, then the value with `nextFloat()`, each draw rng.ts `nextUint32`
 * (xoshiro128**) on the four words of `rng` ({@link drawSpawnChaCha} for ChaCha20). Returns which empty cell, counted in row-major order
 * from 0, times 2, plus 1 for a 4 (0 for a 2).
 */
export function drawSpawn(rng: Int32Array, empty: number): number {
  let a = rng[0]!;
  let b = rng[1]!;
  let c = rng[2]!;
  let d = rng[3]!;
  const limit = DRAW_LIMIT[empty]!;
  // The cell's draw, again while at or above the limit (-1 until one is taken), then the value's.
  let r = -1;
  let roll = 0;
  for (;;) {
    const x = Math.imul(b, 5);
    const v = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    if (r >= 0) {
      roll = v;
      break;
    }
    if (v < limit) r = v;
  }
  rng[0] = a;
  rng[1] = b;
  rng[2] = c;
  rng[3] = d;
  // r % empty without a floating-point remainder (slow); exact: the quotient of a 32-bit
  // number by at most 64 is never rounded up to the next whole number.
  const k = r - Math.floor(r / empty) * empty;
  return k * 2 + (roll < TWO_BELOW ? 0 : 1);
}

/** Words of a ChaCha20 generator in the form {@link drawSpawnChaCha} takes. */
const CHACHA_WORDS = 26;
const BLOCK = 8;
const WORD = 9;
const WORDS = 10;

/**
 * A generator state in the form the draws advance (a copy): xoshiro's four words for
 * {@link drawSpawn}, ChaCha20's 26 for {@link drawSpawnChaCha}.
 */
export function drawState(s: RngState): Int32Array {
  if (Array.isArray(s)) return Int32Array.from(s as XoshiroState);
  const c = s as ChaChaState;
  const rng = new Int32Array(CHACHA_WORDS);
  rng.set(c.key);
  rng[BLOCK] = c.block;
  rng[WORD] = c.word;
  chachaBlockAt(rng, 0, c.block, 0, 0, 0, rng, WORDS);
  return rng;
}

/** The next uint32 of a ChaCha20 generator in {@link drawState}'s form, advancing it. */
function nextWord(rng: Int32Array): number {
  let w = rng[WORD]!;
  if (w === 16) {
    const block = (rng[BLOCK]! + 1) | 0;
    rng[BLOCK] = block;
    chachaBlockAt(rng, 0, block, 0, 0, 0, rng, WORDS);
    w = 0;
  }
  rng[WORD] = w + 1;
  return rng[WORDS + w]! >>> 0;
}

/**
 * {@link drawSpawn} for ChaCha20 (a generator of 26 words): the same draws, from its stream.
 * The replays choose between the two once a game, so that xoshiro's stays as small as before.
 */
export function drawSpawnChaCha(rng: Int32Array, empty: number): number {
  const limit = DRAW_LIMIT[empty]!;
  let r = nextWord(rng);
  while (r >= limit) r = nextWord(rng);
  const roll = nextWord(rng);
  const k = r - Math.floor(r / empty) * empty;
  return k * 2 + (roll < TWO_BELOW ? 0 : 1);
}
