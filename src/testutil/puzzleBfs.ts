/**
 * Test support: exact distances to the goal by breadth-first search over every position of a
 * small sliding-puzzle board (a reference that shares no code with the engine or solvers).
 */

/** A position as one number: its tiles as digits in base `n`. */
export function encode(tiles: readonly number[]): number {
  let key = 0;
  for (const t of tiles) key = key * tiles.length + t;
  return key;
}

export function decode(key: number, n: number): number[] {
  const out = new Array<number>(n);
  let k = key;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = k % n;
    k = Math.floor(k / n);
  }
  return out;
}

/** Distance to the goal of every position reachable from it, keyed by {@link encode}. */
export function bfsDistances(width: number, height: number): Map<number, number> {
  const key = `${width}x${height}`;
  const known = memo.get(key);
  if (known) return known;
  const dist = search(width, height);
  memo.set(key, dist);
  return dist;
}

const memo = new Map<string, Map<number, number>>();

function search(width: number, height: number): Map<number, number> {
  const n = width * height;
  const goal = Array.from({ length: n }, (_, i) => (i === n - 1 ? 0 : i + 1));
  const dist = new Map<number, number>([[encode(goal), 0]]);
  let frontier = [goal];
  let d = 0;
  while (frontier.length > 0) {
    d++;
    const next: number[][] = [];
    for (const tiles of frontier) {
      const b = tiles.indexOf(0);
      const r = Math.floor(b / width);
      const c = b % width;
      const around = [
        r > 0 ? b - width : -1,
        r < height - 1 ? b + width : -1,
        c > 0 ? b - 1 : -1,
        c < width - 1 ? b + 1 : -1,
      ];
      for (const m of around) {
        if (m < 0) continue;
        const t = [...tiles];
        t[b] = t[m]!;
        t[m] = 0;
        const key = encode(t);
        if (!dist.has(key)) {
          dist.set(key, d);
          next.push(t);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

/** Every permutation of 0 .. n-1 (n! of them; keep n small). */
export function* permutations(n: number): Generator<number[]> {
  const a = Array.from({ length: n }, (_, i) => i);
  const c = new Array<number>(n).fill(0);
  yield [...a];
  let i = 0;
  while (i < n) {
    if (c[i]! < i) {
      const j = i % 2 === 0 ? 0 : c[i]!;
      const t = a[j]!;
      a[j] = a[i]!;
      a[i] = t;
      yield [...a];
      c[i]!++;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
}
