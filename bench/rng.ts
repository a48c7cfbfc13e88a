/**
 * The two generators side by side on one core: xoshiro128** (number seeds: offline games) and
 * ChaCha20 (long seeds: the games a server deals), through the engine's immutable API
 * (`nextUint32`, a new state a draw), as the fast replay draws them in place (`drawSpawn`),
 * and a whole share code verified (`verifyCode`) from each kind of seed. Figures, not
 * pass/fail.
 *
 *   npm run bench:rng
 *
 * The work is seeded (fixed seeds, a fixed corner policy for the games), so the same work
 * comes back on any machine. Each figure is the median of several runs.
 */
import { chachaBlock } from '../src/engine/chacha20.ts';
import { drawSpawn, drawSpawnChaCha, drawState } from '../src/engine/fastReplayDraw.ts';
import { nextUint32, type RngState, type Seed, seedRng } from '../src/engine/rng.ts';
import { encodeShared, shared2048 } from '../src/engine/shareCode.ts';
import { verifyCode } from '../src/engine/verify.ts';
import { cornerGame, mustShare } from '../src/testing/games.ts';

const RUNS = 9;
const NUMBER_SEED = 20_260_101;
const LONG_SEED = '5d41402abc4b2a76b9719d911017c592';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The median rate (units a second) of `work`, which does `units` units a call. */
function rate(units: number, work: () => number): number {
  return rates([[units, work]])[0]!;
}

/**
 * The median rates of several works, their runs taken in turn (one run of each, then again),
 * so that a machine's load falls on all of them alike.
 */
function rates(works: readonly (readonly [number, () => number])[]): number[] {
  for (const [, work] of works) work(); // warm-up
  const runs: number[][] = works.map(() => []);
  let sink = 0;
  for (let r = 0; r < RUNS; r++) {
    works.forEach(([units, work], i) => {
      const t0 = performance.now();
      sink ^= work();
      runs[i]!.push(units / ((performance.now() - t0) / 1000));
    });
  }
  if (sink === 0.5) console.log(sink);
  return runs.map(median);
}

const DRAWS = 2_000_000;

/** uint32 draws through the immutable API. */
function immutable(seed: Seed): () => number {
  return () => {
    let s: RngState = seedRng(seed);
    let x = 0;
    for (let i = 0; i < DRAWS; i++) {
      const r = nextUint32(s);
      x ^= r.value;
      s = r.state;
    }
    return x;
  };
}

/** Spawns drawn in place as the fast replay draws them (8 empty cells each). */
function inPlace(seed: Seed): () => number {
  return () => {
    const g = drawState(seedRng(seed));
    const draw = g.length === 4 ? drawSpawn : drawSpawnChaCha;
    let x = 0;
    for (let i = 0; i < DRAWS; i++) x ^= draw(g, 8);
    return x;
  };
}

/** The RFC 8439 block function alone: 16 words a call. */
function blocks(): number {
  const key = [1, 2, 3, 4, 5, 6, 7, 8];
  const nonce = [0, 0, 0];
  const out = new Uint32Array(16);
  let x = 0;
  for (let i = 0; i < DRAWS / 16; i++) {
    chachaBlock(key, i, nonce, out);
    x ^= out[0]!;
  }
  return x;
}

/** Codes of 2048 games by the corner policy on 4x4 and 6x6, from one seed. */
function codes(seed: Seed): { codes: string[]; moves: number } {
  const out: string[] = [];
  let moves = 0;
  for (const [size, cap] of [
    [4, 5_000],
    [6, 20_000],
  ] as const) {
    const g = cornerGame(size, seed, cap);
    moves += g.moves;
    out.push(encodeShared(mustShare(shared2048(g))));
  }
  return { codes: out, moves };
}

/** Verifies the codes 20 times over: the moves verified and the work. */
function verifying(seed: Seed): readonly [number, () => number] {
  const c = codes(seed);
  return [
    c.moves * 20,
    () => {
      let x = 0;
      for (let i = 0; i < 20; i++) {
        for (const code of c.codes) {
          const v = verifyCode(code);
          if (!v.ok) throw new Error(v.error.message);
          x ^= v.value.score;
        }
      }
      return x;
    },
  ];
}

const fmt = (x: number) => `${(x / 1e6).toFixed(1)} M/s`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

const xv = verifying(NUMBER_SEED);
const cv = verifying(LONG_SEED);
const pairs: [string, readonly [number, () => number], readonly [number, () => number]][] = [
  [
    'uint32 draws, engine API (nextUint32)',
    [DRAWS, immutable(NUMBER_SEED)],
    [DRAWS, immutable(LONG_SEED)],
  ],
  [
    'spawns drawn in place (drawSpawn, drawSpawnChaCha)',
    [DRAWS, inPlace(NUMBER_SEED)],
    [DRAWS, inPlace(LONG_SEED)],
  ],
  [`verifyCode, 2048 moves a second (${xv[0] / 20} / ${cv[0] / 20} a set)`, xv, cv],
];
const rows = pairs.map(([name, x, c]) => {
  const [rx, rc] = rates([x, c]);
  return [name, rx!, rc!] as const;
});
console.log(`generators on one core, median of ${RUNS} runs (ratio: xoshiro128** / ChaCha20)`);
for (const [name, x, c] of rows) {
  console.log(
    `${name.padEnd(52)} xoshiro ${fmt(x).padStart(10)}  chacha ${fmt(c).padStart(10)}  ${ratio(x, c)}`,
  );
}
console.log(
  `${'ChaCha20 block function alone, uint32 words'.padEnd(52)} ${fmt(rate(DRAWS, blocks))}`,
);
