/**
 * How pattern-database tables are laid out: one byte per possible placement of the pattern's
 * tiles, in rank order (5.8 MB for six tiles of the 15-puzzle, where a table indexed by four bits
 * per tile would take 16.7 MB), so the tables the search reads on every node fit the
 * processor's cache far better. The same order is the stored form, so loading needs no
 * reshuffling.
 *
 * Placements are ranked in mixed radix: digit i is tile i's cell counted among the cells not
 * taken by tiles 0..i-1, r_i = p_i - #{j < i : p_j < p_i}, with weight
 * M_i = (n-i-1)(n-i-2)...(n-k+1). When a tile slides, the rank changes by an amount that depends
 * only on the pattern tiles the slide jumps over (see `Pdb4Search`).
 */

/** Digit weights for `k` tiles on `n` cells. */
export function rankWeights(n: number, k: number): Int32Array {
  const w = new Int32Array(k);
  let m = 1;
  for (let i = k - 1; i >= 0; i--) {
    w[i] = m;
    m *= n - i;
  }
  return w;
}

/** The number of placements of `k` tiles on `n` cells: n!/(n-k)!. */
export function placementCount(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c *= n - i;
  return c;
}

/** The rank of a placement (`positions[i]`: the cell of the pattern's tile i). */
export function rankOf(positions: ArrayLike<number>, weights: Int32Array): number {
  let used = 0;
  let rank = 0;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    rank += (p - popcount(used & ((1 << p) - 1))) * weights[i]!;
    used |= 1 << p;
  }
  return rank;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
