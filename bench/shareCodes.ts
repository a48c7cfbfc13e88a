/**
 * Share code sizes for short, typical and long games of each kind: figures, not pass/fail.
 *
 *   npm run bench:codes
 *
 * Games are seeded and played by the AI (2048 and versus: the `fast` preset; duel: the
 * `fast` preset sliding against the adversarial placer) or the fast puzzle solver, so the
 * same figures come back on any machine.
 */
import { analyseOrThrow as analyse, choosePlacementOrThrow as choosePlacement } from '../src/ai.ts';
import { type Duel, duelPlace, duelSlide, newDuel, whoIs } from '../src/engine/duel.ts';
import { awaitingWinChoice, type Game, keepGoing, newGame, play } from '../src/engine/game2048.ts';
import { moveTile, newPuzzle } from '../src/engine/puzzle.ts';
import {
  encodeShared,
  type Shared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../src/engine/shareCode.ts';
import { newVersus, type VersusMatch, versusMove } from '../src/engine/versus.ts';
import { solvePuzzle } from '../src/solvers/puzzle/solve.ts';

function best(cells: readonly (readonly number[])[]) {
  return analyse(
    cells.map((r) => [...r]),
    { preset: 'fast', noCap: true },
  ).move;
}

function game2048(seed: number, maxMoves: number): Game {
  let g = newGame({ seed, target: 2048 });
  while (!g.over && g.moves < maxMoves) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    g = play(g, best(g.cells)!);
  }
  return g;
}

async function puzzle(seed: number, width: number) {
  const p = newPuzzle({ seed, width });
  const r = await solvePuzzle([...p.tiles], width, { optimal: false });
  let q = p;
  for (const t of r.moves) q = moveTile(q, t);
  return sharedPuzzle(q, { timeMs: 95_000 });
}

function versus(seed: number, target: number): VersusMatch {
  const start = newVersus({ seed, target });
  if (!start.ok) throw new Error(start.error.message);
  let m = start.value;
  for (let i = 0; !m.over && i < 100_000; i++) {
    const side = (i % 2) as 0 | 1;
    if (m.games[side].over) continue;
    const r = versusMove(m, side, best(m.games[side].cells)!);
    if (r.ok) m = r.value;
  }
  return m;
}

function duel(seed: number): Duel {
  const start = newDuel({ seed });
  if (!start.ok) throw new Error(start.error.message);
  let d = start.value;
  while (d.phase !== 'over') {
    const r =
      whoIs(d).phase === 'slide'
        ? duelSlide(d, best(d.game.cells)!)
        : (() => {
            const p = choosePlacement(d.game.cells)!;
            return duelPlace(d, p.at, p.value);
          })();
    if (!r.ok) throw new Error(r.error.message);
    d = r.value;
  }
  return d;
}

function must(r: { ok: true; value: Shared } | { ok: false; error: { message: string } }): Shared {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function row(what: string, moves: number, s: Shared): void {
  const code = encodeShared(s);
  const perMove = moves > 0 ? (code.length / moves).toFixed(2) : '-';
  console.log(
    `${what.padEnd(44)} ${String(moves).padStart(7)} ${String(code.length).padStart(7)} ${perMove.padStart(9)}`,
  );
}

console.log(
  `${'game'.padEnd(44)} ${'moves'.padStart(7)} ${'chars'.padStart(7)} ${'per move'.padStart(9)}`,
);
for (const [label, seed, n] of [
  ['2048 short: first 100 moves', 1, 100],
  ['2048 typical: to the end', 7, Number.POSITIVE_INFINITY],
  ['2048 long: to the end', 1, Number.POSITIVE_INFINITY],
] as const) {
  const g = game2048(seed, n);
  const top = Math.max(...g.cells.flat());
  row(`${label} (seed ${seed}, reached ${top})`, g.moves, must(shared2048(g)));
}
for (const [label, w] of [
  ['puzzle 3×3 solved (fast solver)', 3],
  ['puzzle 4×4 solved (fast solver)', 4],
  ['puzzle 8×8 solved (fast solver)', 8],
] as const) {
  const s = must(await puzzle(2, w));
  row(label, s.game.kind === 'puzzle' ? s.game.tiles.length : 0, s);
}
for (const t of [64, 512, 2048]) {
  const m = versus(3, t);
  row(`versus AI vs AI, first to ${t}`, m.log.length, sharedVersus(m, 'ai-hard'));
}
const d = duel(4);
row('duel AI vs AI placer, both rounds', d.log.length, sharedDuel(d, 'ai,ai'));
