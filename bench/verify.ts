/**
 * Share codes verified for a leaderboard: moves re-played a second by `readShareCode` (every
 * position built, with its undo chain) and by `verifyCode` (the lean replay of
 * engine/fastReplay.ts), side by side in one run on one core, then what the server's verify
 * pool costs. Figures, not pass/fail.
 *
 *   npm run bench:verify
 *
 * The games are seeded and played by fixed policies (2048: the first legal move of down,
 * left, right, up, and one long 4x4 game by the AI's `fast` preset; puzzles: a seeded choice
 * among the tiles that can move, multi-tile moves included), so the same work comes back on
 * any machine. Each figure is the median of several runs. The pool's figures need idle cores:
 * on a busy machine threads wait for one.
 */
import { availableParallelism, cpus } from 'node:os';
import { analyseOrThrow as analyse } from '../src/ai.ts';
import { awaitingWinChoice, type Game, keepGoing, newGame, play } from '../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../src/engine/puzzle.ts';
import { nextInt, type RngState, seedRng } from '../src/engine/rng.ts';
import { decodeShared, encodeShared, shared2048, sharedPuzzle } from '../src/engine/shareCode.ts';
import { readShareCode } from '../src/engine/shareReplay.ts';
import { verifyCode } from '../src/engine/verify.ts';
import { createVerifyPool, INLINE_MAX_CHARS } from '../src/server/verifyPool.ts';
import { cornerGame, mustShare } from '../src/testing/games.ts';

const RUNS = 7;

/** A 2048 game by the corner order, to its end or `cap` moves. */
function corner2048(size: number, seed: number, cap: number): string {
  return encodeShared(mustShare(shared2048(cornerGame(size, seed, cap))));
}

/** A 4x4 game played by the AI's `fast` preset (deterministic), to `cap` moves. */
function ai2048(seed: number, cap: number): string {
  let g: Game = newGame({ seed, target: 2048 });
  while (!g.over && g.moves < cap) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    const cells = g.cells.map((r) => [...r]);
    g = play(g, analyse(cells, { preset: 'fast', noCap: true }).move!);
  }
  return encodeShared(mustShare(shared2048(g)));
}

/** A puzzle of `moves` tiles asked, each drawn from those that can move (seeded). */
function randomPuzzle(width: number, seed: number, moves: number): string {
  let p = newPuzzle({ width, seed });
  let rng: RngState = seedRng(seed + 1);
  for (let i = 0; i < moves && !p.solved; i++) {
    const m = movableTiles(p);
    const k = nextInt(rng, m.length);
    rng = k.state;
    p = moveTile(p, m[k.value]!);
  }
  return encodeShared(mustShare(sharedPuzzle(p, { timeMs: 60_000 })));
}

interface WorkSet {
  readonly name: string;
  readonly codes: readonly string[];
  /** Moves in the codes (2048: turns; puzzle: tiles asked). */
  readonly moves: number;
}

function workSet(name: string, codes: string[]): WorkSet {
  let moves = 0;
  for (const c of codes) {
    const d = decodeShared(c);
    if (!d.ok) throw new Error(d.error.message);
    const g = d.value.game;
    moves += g.kind === '2048' ? g.moves.length : g.kind === 'puzzle' ? g.tiles.length : 0;
  }
  return { name, codes, moves };
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Seconds for `f` over the set, repeated until at least `minMs` has passed; per pass. */
function timePass(codes: readonly string[], f: (c: string) => unknown, minMs: number): number {
  let passes = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    for (const c of codes) f(c);
    passes++;
    t = performance.now();
  } while (t - t0 < minMs);
  return (t - t0) / 1000 / passes;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function pad(s: string, n: number, left = false): string {
  return left ? s.padEnd(n) : s.padStart(n);
}

function benchSet(w: WorkSet): { ref: number; fast: number } {
  // The two agree on every code before either is timed.
  for (const c of w.codes) {
    const fast = verifyCode(c);
    const ref = readShareCode(c);
    if (!fast.ok || !ref.ok) throw new Error(`${w.name}: a code was refused`);
  }
  const ref: number[] = [];
  const fast: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    ref.push(w.moves / timePass(w.codes, readShareCode, 0));
    fast.push(w.moves / timePass(w.codes, verifyCode, 100));
  }
  return { ref: median(ref), fast: median(fast) };
}

/** The longest prefix of a 2048 code's moves whose code has at most `chars` characters. */
function cut(code: string, chars: number): string {
  const d = decodeShared(code);
  if (!d.ok || d.value.game.kind !== '2048') throw new Error('not a 2048 code');
  const g = d.value.game;
  let k = Math.min(g.moves.length, chars * 3);
  for (;;) {
    const c = encodeShared({ ...d.value, game: { ...g, moves: g.moves.slice(0, k) } });
    if (c.length <= chars) return c;
    k -= 3;
  }
}

function medianUs(f: () => unknown, reps: number): number {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return median(times) * 1000;
}

/** The inline limit: a round trip to a thread against verifying on the calling thread. */
async function benchInline(sets: readonly WorkSet[]): Promise<void> {
  const empty = encodeShared(mustShare(shared2048(newGame({ size: 4, seed: 1 }))));
  const pool = createVerifyPool({ threads: 1, inlineMaxChars: 0 });
  const trips: number[] = [];
  try {
    for (let i = 0; i < 500; i++) await pool.verify(empty);
    for (let i = 0; i < 2000; i++) {
      const t = performance.now();
      await pool.verify(empty);
      trips.push(performance.now() - t);
    }
  } finally {
    await pool.close();
  }
  console.log(
    `\npool round trip of a code with no moves: ${(median(trips) * 1000).toFixed(0)} µs (inline: ${medianUs(() => verifyCode(empty), 2000).toFixed(0)} µs)`,
  );
  for (const w of sets) {
    const code = cut(w.codes[0]!, INLINE_MAX_CHARS);
    const d = decodeShared(code);
    const moves = d.ok && d.value.game.kind === '2048' ? d.value.game.moves.length : 0;
    for (let i = 0; i < 200; i++) verifyCode(code);
    const us = medianUs(() => verifyCode(code), 500);
    console.log(
      `  at the inline limit (${code.length} characters), ${w.name.replace(/,.*/, '')}: ${fmt(moves)} moves verified inline in ${us.toFixed(0)} µs`,
    );
  }
}

/** Many long codes at once through pools of 1 and 2 threads. */
async function benchThreads(w: WorkSet): Promise<void> {
  const copies = Array.from({ length: 8 }, () => w.codes).flat();
  const rates: string[] = [];
  for (let n = 1; n <= Math.min(2, availableParallelism()); n++) {
    const pool = createVerifyPool({ threads: n, inlineMaxChars: 0 });
    try {
      await Promise.all(copies.map((c) => pool.verify(c)));
      const runs: number[] = [];
      for (let r = 0; r < 5; r++) {
        const t = performance.now();
        await Promise.all(copies.map((c) => pool.verify(c)));
        runs.push((w.moves * 8) / ((performance.now() - t) / 1000));
      }
      rates.push(`${n} thread${n > 1 ? 's' : ''}: ${fmt(median(runs))} moves/s`);
    } finally {
      await pool.close();
    }
  }
  console.log(`pool, ${copies.length} codes of "${w.name}" at once: ${rates.join(', ')}`);
}

async function main(): Promise<void> {
  console.log(`${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; median of ${RUNS} runs`);
  const t = performance.now();
  const sets = [
    workSet(
      '2048 4x4, whole games',
      range(1, 20).map((s) => corner2048(4, s, Number.POSITIVE_INFINITY)),
    ),
    workSet(
      '2048 5x5, 500 moves',
      range(1, 10).map((s) => corner2048(5, s, 500)),
    ),
    workSet('2048 4x4, 3,000 moves (AI)', [ai2048(1, 3000)]),
    workSet(
      '2048 6x6, 3,000 moves',
      [1, 3, 4].map((s) => corner2048(6, s, 3000)),
    ),
    workSet(
      '2048 8x8, 15,000 moves',
      [1, 4].map((s) => corner2048(8, s, 15_000)),
    ),
    workSet(
      'puzzle 4x4, 500 moves',
      range(1, 10).map((s) => randomPuzzle(4, s, 500)),
    ),
    workSet(
      'puzzle 8x8, 5,000 moves',
      [1, 2].map((s) => randomPuzzle(8, s, 5000)),
    ),
  ];
  console.log(`games made in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  console.log(
    `${pad('codes', 26, true)}${pad('moves/code', 11)}${pad('readShareCode', 15)}${pad('verifyCode', 13)}${pad('ratio', 8)}`,
  );
  console.log(`${pad('', 37, true)}${pad('moves/s', 15)}${pad('moves/s', 13)}`);
  for (const w of sets) {
    const r = benchSet(w);
    console.log(
      `${pad(w.name, 26, true)}${pad(fmt(w.moves / w.codes.length), 11)}${pad(fmt(r.ref), 15)}${pad(fmt(r.fast), 13)}${pad(`${(r.fast / r.ref).toFixed(0)}x`, 8)}`,
    );
  }
  await benchInline([sets[2]!, sets[4]!]);
  await benchThreads(sets[4]!);
}

await main();
