/**
 * The draws of a natural 2048 spawn, as game2048.ts `spawnTile` makes them with rng.ts, for
 * the lean replays (fastReplay.ts, fastReplay4.ts): the generator's four words live in an
 * `Int32Array` advanced in place, and nothing is allocated.
 */

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
 * (xoshiro128**) on the words of `rng`. Returns which empty cell, counted in row-major order
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
