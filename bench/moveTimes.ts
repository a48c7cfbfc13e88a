/**
 * Puzzle share codes with and without move times: bytes a move, on seeded solves played with
 * seeded, human-like timings. Figures, not pass/fail.
 *
 *   npm run bench:codes:times            # 20 solves of each size and pace
 *   npm run bench:codes:times -- --n 50
 *
 * The solves are the fast solver's from seeded shuffles (3x3 to 5x5); each move is made after
 * a gap drawn from a log-normal around the pace's typical gap, with now and then a longer look
 * (a pause of 0.4 to 2 s), the way people solve. The code is made by `sharedPuzzle` from the
 * moves made with those clock readings, exactly as the games make it. For comparison, the
 * bytes the times would take as one variable-length number a move (ms, or centiseconds) are
 * worked out from the same gaps.
 */
import { moveTile, newPuzzle } from '../src/engine/puzzle.ts';
import { encodeShared, sharedPuzzle } from '../src/engine/shareCode.ts';
import { solvePuzzle } from '../src/solvers/puzzle/solve.ts';
import { mulberry32 } from '../src/testing/seeded.ts';

const nArg = process.argv.indexOf('--n');
const N = nArg >= 0 ? Number(process.argv[nArg + 1]) : 20;

/** Paces: the typical gap between moves (ms), and how often a longer look comes. */
const PACES = [
  { name: 'fast (about 7 moves/s)', gapMs: 130, looks: 0.04 },
  { name: 'club (about 3 moves/s)', gapMs: 280, looks: 0.08 },
  { name: 'casual (about 1 move/s)', gapMs: 700, looks: 0.12 },
] as const;

function gap(rnd: () => number, pace: (typeof PACES)[number]): number {
  if (rnd() < pace.looks) return 400 + rnd() * 1600;
  // Log-normal, sigma 0.45: most gaps within a factor of about 1.6 of the typical one.
  const u = Math.max(1e-9, rnd());
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
  return pace.gapMs * Math.exp(0.45 * z);
}

/** Bytes of whole numbers as 7-bit groups (what a varint a move would take). */
function varintBytes(v: number): number {
  let n = 1;
  for (let x = v; x >= 0x80; x = Math.floor(x / 0x80)) n++;
  return n;
}

/** Base64 characters to bytes. */
const bytesOf = (code: string) => Math.floor(((code.length - 3) * 6) / 8);

interface Row {
  moves: number;
  plain: number;
  timed: number;
  varintMs: number;
  varintCs: number;
}

async function solve(width: number, seed: number, pace: (typeof PACES)[number]): Promise<Row> {
  const start = newPuzzle({ width, seed });
  const { moves } = await solvePuzzle([...start.tiles], width, { optimal: false });
  const rnd = mulberry32(seed * 7919 + width);
  let untimed = start;
  let timed = start;
  let now = 1_000_000;
  for (const [i, t] of moves.entries()) {
    if (i > 0) now += gap(rnd, pace);
    untimed = moveTile(untimed, t);
    timed = moveTile(timed, t, now);
  }
  const a = sharedPuzzle(untimed, { timeMs: Math.round(timed.clock.elapsedMs) });
  const b = sharedPuzzle(timed);
  if (!a.ok || !b.ok || b.value.game.kind !== 'puzzle') throw new Error('not shared');
  const ms = b.value.game.moveMs ?? [];
  return {
    moves: moves.length,
    plain: bytesOf(encodeShared(a.value)),
    timed: bytesOf(encodeShared(b.value)),
    varintMs: ms.reduce((s, v) => s + varintBytes(v), 0),
    varintCs: ms.reduce((s, v) => s + varintBytes(Math.round(v / 10)), 0),
  };
}

const f2 = (x: number) => x.toFixed(2).padStart(6);
console.log(
  `${'size'.padEnd(5)} ${'pace'.padEnd(24)} ${'moves'.padStart(6)} ${'no times'.padStart(9)} ${'times'.padStart(9)} ${'+ a move'.padStart(9)} ${'varint ms'.padStart(10)} ${'varint cs'.padStart(10)}`,
);
console.log(
  `${''.padEnd(5)} ${''.padEnd(24)} ${'(mean)'.padStart(6)} ${'B/move'.padStart(9)} ${'B/move'.padStart(9)} ${'(bytes)'.padStart(9)} ${'(bytes)'.padStart(10)} ${'(bytes)'.padStart(10)}`,
);
for (const width of [3, 4, 5]) {
  for (const pace of PACES) {
    const rows: Row[] = [];
    for (let seed = 1; seed <= N; seed++) rows.push(await solve(width, seed, pace));
    const sum = (k: keyof Row) => rows.reduce((s, r) => s + r[k], 0);
    const moves = sum('moves');
    console.log(
      `${`${width}x${width}`.padEnd(5)} ${pace.name.padEnd(24)} ${(moves / rows.length).toFixed(0).padStart(6)} ${f2(sum('plain') / moves).padStart(9)} ${f2(sum('timed') / moves).padStart(9)} ${f2((sum('timed') - sum('plain')) / moves).padStart(9)} ${f2(sum('varintMs') / moves).padStart(10)} ${f2(sum('varintCs') / moves).padStart(10)}`,
    );
  }
}
