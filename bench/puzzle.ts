/**
 * Sliding-puzzle solver benchmark: figures, not pass/fail.
 *
 *   npm run bench:puzzle                 # 3x3, 4x4 (50 positions), 5x5..8x8
 *   npm run bench:puzzle -- --n4 100     # more 4x4 positions
 *
 * Positions are seeded shuffles (uniformly random solvable positions), so runs are comparable.
 * Pattern databases are built in memory (build time), then written to and read back from a
 * temporary folder (load time); the user's cache is not touched.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPuzzle } from '../src/engine/puzzle.ts';
import { solves } from '../src/solvers/puzzle/grid.ts';
import { forgetPatternDbs, patternDbs4 } from '../src/solvers/puzzle/pdbProvider.ts';
import { solvePuzzle } from '../src/solvers/puzzle/solve.ts';
import { memoryStore } from '../src/solvers/puzzle/store.ts';
import { fileCache } from '../src/storage/fileCache.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const n3 = arg('--n3', 200);
const n4 = arg('--n4', 50);
const nBig = arg('--nbig', 10);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (x: number, d = 1) => x.toFixed(d);
const mb = (bytes: number) => `${f(bytes / 2 ** 20)} MB`;

function tiles(width: number, seed: number): number[] {
  return [...newPuzzle({ width, seed }).tiles];
}

console.log(`slidebox puzzle benchmark — node ${process.version}, ${process.arch}`);

// 3x3
{
  const ms: number[] = [];
  const lens: number[] = [];
  for (let i = 0; i < n3; i++) {
    const t = tiles(3, 3_000 + i);
    const r = await solvePuzzle(t, 3);
    if (!solves(t, 3, r.moves)) throw new Error('3x3: invalid solution');
    ms.push(r.ms);
    lens.push(r.moves.length);
  }
  console.log(
    `\n3x3 optimal, ${n3} positions: mean ${f(mean(ms), 2)} ms, median ${f(median(ms), 2)} ms, max ${f(Math.max(...ms), 1)} ms; mean length ${f(mean(lens))}`,
  );
}

// 4x4 databases: build, store, load
const mem = memoryStore();
const built = await patternDbs4(mem);
console.log('\n4x4 pattern databases (6-6-3, reflected lookup):');
for (const r of built.reports) console.log(`  build ${r.key}: ${f(r.ms, 0)} ms`);
console.log(`  build total: ${f(built.reports.reduce((a, r) => a + r.ms, 0) / 1000, 2)} s`);
const dir = await mkdtemp(join(tmpdir(), 'slidebox-bench-'));
const disk = fileCache(dir);
for (const [k, v] of mem.data) await disk.write(k, v);
console.log(
  `  on disk: ${mb([...mem.data.values()].reduce((a, b) => a + b.length, 0))}; in memory: ${mb(built.dbs.reduce((a, d) => a + d.table.length, 0))}`,
);
forgetPatternDbs(mem);
const loaded = await patternDbs4(disk);
for (const r of loaded.reports) console.log(`  load ${r.key}: ${f(r.ms, 0)} ms (${r.source})`);
console.log(
  `  load total: ${f(
    loaded.reports.reduce((a, r) => a + r.ms, 0),
    0,
  )} ms`,
);
await rm(dir, { recursive: true, force: true });

// 4x4 optimal
{
  console.log(`\n4x4 optimal, ${n4} positions (seeds 4000..${4000 + n4 - 1}):`);
  console.log('  seed  length     nodes      ms');
  const ms: number[] = [];
  const nodes: number[] = [];
  const lens: number[] = [];
  for (let i = 0; i < n4; i++) {
    const seed = 4_000 + i;
    const t = tiles(4, seed);
    const r = await solvePuzzle(t, 4, { store: disk, sliceNodes: 2_000_000 });
    if (!solves(t, 4, r.moves) || !r.optimal) throw new Error('4x4: invalid or not optimal');
    ms.push(r.ms);
    nodes.push(r.nodes);
    lens.push(r.moves.length);
    console.log(
      `  ${String(seed).padStart(4)}  ${String(r.moves.length).padStart(6)}  ${String(r.nodes).padStart(10)}  ${f(r.ms, 1).padStart(7)}`,
    );
  }
  const totalMs = ms.reduce((a, b) => a + b, 0);
  const totalNodes = nodes.reduce((a, b) => a + b, 0);
  console.log(
    `  totals: ${f(totalMs / 1000, 2)} s, ${totalNodes} nodes; mean ${f(mean(ms), 1)} ms, median ${f(median(ms), 1)} ms, max ${f(Math.max(...ms), 0)} ms`,
  );
  console.log(
    `  mean length ${f(mean(lens), 2)}, mean nodes ${f(mean(nodes), 0)}, median nodes ${f(median(nodes), 0)}, ${f(totalNodes / totalMs / 1000, 2)} M nodes/s`,
  );
}

// Fast solver, 4x4 .. 8x8: reduction to a 3x3 corner, and (5x5 up) to a 4x4 corner solved
// optimally with the databases (as solve() does when they are cached).
for (const [label, store] of [
  ['reduction to 3x3', null],
  ['with the 4x4 corner', disk],
] as const) {
  console.log(`\nfast solver (${label}), ${nBig} positions per size:`);
  for (const width of [4, 5, 6, 7, 8]) {
    if (store && width === 4) continue;
    const ms: number[] = [];
    const lens: number[] = [];
    for (let i = 0; i < nBig; i++) {
      const t = tiles(width, 5_000 + 100 * width + i);
      const r = await solvePuzzle(t, width, { optimal: false, store });
      if (!solves(t, width, r.moves)) throw new Error(`${width}x${width}: invalid solution`);
      ms.push(r.ms);
      lens.push(r.moves.length);
    }
    console.log(
      `  ${width}x${width}: length mean ${f(mean(lens), 0)} (median ${median(lens)}), time mean ${f(mean(ms), 1)} ms, median ${f(median(ms), 1)} ms, max ${f(Math.max(...ms), 1)} ms`,
    );
  }
}

const m = process.memoryUsage();
console.log(
  `\nmemory at the end: rss ${mb(m.rss)}, heap used ${mb(m.heapUsed)}, array buffers ${mb(m.arrayBuffers)}`,
);
