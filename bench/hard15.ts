/**
 * One of the 15-puzzle's hardest positions (80 moves; Gasser 1995; no position needs more,
 * Brüngger et al. 1999), solved optimally: how long a worst case takes. Figures, not pass/fail.
 *
 *   node --import tsx bench/hard15.ts
 */
import { isSolvable } from '../src/engine/puzzleBoard.ts';
import { solves } from '../src/solvers/puzzle/grid.ts';
import { patternDbs4 } from '../src/solvers/puzzle/pdbProvider.ts';
import { Pdb4Search } from '../src/solvers/puzzle/pdbSearch.ts';
import { fileCache } from '../src/storage/fileCache.ts';

// Gasser's 80-move position 15 14 8 12 / 10 11 9 13 / 2 6 5 1 / 3 7 4 _ (goal: blank first)
// turned half a turn, tiles renumbered 16 - t: the same problem for the blank-last goal.
const tiles = [0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1];
if (!isSolvable(tiles, 4)) throw new Error('not solvable');
const { dbs } = await patternDbs4(fileCache());
const t0 = performance.now();
const s = new Pdb4Search(tiles, dbs);
console.log(`start bound ${s.bound}`);
let last = s.bound;
while (s.step(10_000_000) !== 'found') {
  if (s.bound !== last) {
    console.log(
      `bound ${s.bound}: ${s.nodes} nodes, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    last = s.bound;
  }
}
const ms = performance.now() - t0;
console.log(
  `length ${s.result!.length}, ${s.nodes} nodes, ${(ms / 1000).toFixed(1)} s, valid ${solves(tiles, 4, s.result!)}`,
);
