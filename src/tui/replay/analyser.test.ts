import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, play } from '../../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../engine/puzzle.ts';
import { encodeShared, shared2048, sharedPuzzle, sharedVersus } from '../../engine/shareCode.ts';
import { type Replay, readShareCode } from '../../engine/shareReplay.ts';
import { playPlaced } from '../../engine/spawn.ts';
import { newVersus } from '../../engine/versus.ts';
import type { AnalysisProgress } from '../../front/modelAnalysis.ts';
import { choosePlacement } from '../../solvers/ai2048/placer.ts';
import { analyse } from '../../solvers/ai2048/player.ts';
import { analyse2048 } from '../../solvers/analysis/analyse2048.ts';
import { analysePuzzle } from '../../solvers/analysis/analysePuzzle.ts';
import { analysisWork, workerAnalyser } from './analyser.ts';

function read(code: string): Replay {
  const r = readShareCode(code);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function game2048(moves: number): Replay {
  let g = newGame({ seed: 21 });
  for (let i = 0; i < moves && !g.over; i++) {
    const legal = legalMoves(g.cells);
    g = play(g, legal[i % legal.length]!);
  }
  const s = shared2048(g);
  if (!s.ok) throw new Error(s.error.message);
  return read(encodeShared(s.value));
}

describe('the replay’s analyser on a worker thread', () => {
  it('answers a 2048 game as the analysis does on this thread, with progress', async () => {
    const r = game2048(30);
    const work = analysisWork(r);
    if (work?.kind !== '2048') throw new Error('not a 2048 work');
    // The positions travel without their undo chains.
    expect(work.states.every((s) => s.previous === null)).toBe(true);
    const here = analyse2048(work.states, work.moves);
    if (!here.ok) throw new Error(here.error.message);
    const seen: AnalysisProgress[] = [];
    const a = await workerAnalyser.analyse(r, (p) => seen.push(p)).promise;
    expect(a).toEqual(here.value);
    expect(seen.at(-1)).toEqual({ stage: 'moves', done: 30, total: 30 });
  });

  it('judges an evil game (the placer chose its tiles) on the value scale', async () => {
    const place = (cells: readonly (readonly number[])[]) =>
      choosePlacement(cells.map((row) => [...row]));
    let g = newGame({ seed: 34 });
    for (let i = 0; i < 20 && !g.over; i++) {
      g = playPlaced(g, analyse(g.cells, { depth: 1 }).move!, place);
    }
    const s = shared2048(g, { evil: true });
    if (!s.ok) throw new Error(s.error.message);
    const r = readShareCode(encodeShared(s.value), { place });
    if (!r.ok) throw new Error(r.error.message);
    const work = analysisWork(r.value);
    expect(work).toMatchObject({ kind: '2048', evil: true });
    const a = await workerAnalyser.analyse(r.value, () => {}).promise;
    expect(a).toMatchObject({ kind: '2048', scale: 'value' });
    // The same game's moves with random spawns would be judged on the chance scale.
    expect(analysisWork(game2048(20))).toMatchObject({ evil: false });
  });

  it('answers a 3×3 puzzle as the analysis does on this thread', async () => {
    let p = newPuzzle({ width: 3, seed: 6 });
    for (let i = 0; i < 12; i++) p = moveTile(p, movableTiles(p)[i % 2]!, i * 100);
    const s = sharedPuzzle(p);
    if (!s.ok) throw new Error(s.error.message);
    const r = read(encodeShared(s.value));
    const work = analysisWork(r);
    if (work?.kind !== 'puzzle') throw new Error('not a puzzle work');
    const a = await workerAnalyser.analyse(r, () => {}).promise;
    expect(a).toEqual(analysePuzzle(work.states, work.tiles));
  });

  it('a cancelled analysis never answers; a match is refused with a sentence', async () => {
    const job = workerAnalyser.analyse(game2048(200), () => {});
    job.cancel();
    const settled = await Promise.race([
      job.promise.then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((r) => setTimeout(() => r('silent'), 1500)),
    ]);
    expect(settled).toBe('silent');
    const v = newVersus({ seed: 2 });
    if (!v.ok) throw new Error(v.error.message);
    const versus = read(encodeShared(sharedVersus(v.value, 'human')));
    await expect(workerAnalyser.analyse(versus, () => {}).promise).rejects.toThrow(
      /versus matches are not analysed/,
    );
  });
});
