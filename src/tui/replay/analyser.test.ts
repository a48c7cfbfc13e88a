import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel } from '../../engine/duel.ts';
import { legalMoves, newGame, play } from '../../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../engine/puzzle.ts';
import {
  encodeShared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../../engine/shareCode.ts';
import { type Replay, readShareCode } from '../../engine/shareReplay.ts';
import { playPlaced } from '../../engine/spawn.ts';
import { newVersus, type VersusMatch, versusMove } from '../../engine/versus.ts';
import { type AnalysisProgress, matchView } from '../../front/modelAnalysis.ts';
import { choosePlacement } from '../../solvers/ai2048/placer.ts';
import { analyse } from '../../solvers/ai2048/player.ts';
import { analyse2048 } from '../../solvers/analysis/analyse2048.ts';
import { analyseDuel, analyseVersus } from '../../solvers/analysis/analyseMatch.ts';
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

  it('answers a versus match as analyseVersus does on this thread, with progress', async () => {
    const r = versus(40);
    const work = analysisWork(r);
    if (work?.kind !== 'versus') throw new Error('not a versus work');
    const last = r.states.length - 1;
    // The boards travel without their undo chains, the positions without their logs but the last.
    expect(work.states.every((s) => s.games.every((g) => g.previous === null))).toBe(true);
    expect(work.states[last]!.log.length).toBe(last);
    const seen: AnalysisProgress[] = [];
    const a = await workerAnalyser.analyse(r, (p) => seen.push(p)).promise;
    expect(a).toEqual(matchView(analyseVersus(r.states as readonly VersusMatch[]), last));
    expect(a.kind).toBe('match');
    expect(seen.at(-1)).toEqual({ stage: 'moves', done: last, total: last });
  }, 60_000);

  it('answers a duel (slides and placements) as analyseDuel does on this thread', async () => {
    const r = duel(24);
    const last = r.states.length - 1;
    const a = await workerAnalyser.analyse(r, () => {}).promise;
    const here = matchView(analyseDuel(r.states as readonly Duel[]), last);
    expect(a).toEqual(here);
    if (a.kind !== 'match') throw new Error('not a match');
    expect(a.moves.some((m) => m?.action === 'place')).toBe(true);
    expect(a.moves.some((m) => m?.action === 'slide')).toBe(true);
  }, 60_000);

  it('a cancelled analysis never answers', async () => {
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
  });
});

/** A seeded versus match of up to `n` moves, the sides taking turns, as a replay. */
function versus(n: number): Replay {
  const v = newVersus({ seed: 2 });
  if (!v.ok) throw new Error(v.error.message);
  let m = v.value;
  for (let i = 0; i < n && !m.over; i++) {
    const side = (i % 2) as 0 | 1;
    const legal = legalMoves(m.games[side].cells);
    if (legal.length === 0) break;
    const next = versusMove(m, side, legal[(i >> 1) % legal.length]!);
    if (!next.ok) throw new Error(next.error.message);
    m = next.value;
  }
  return read(encodeShared(sharedVersus(m, 'human')));
}

/** A seeded duel of up to `n` actions (the first empty cell, a 2 then a 4), as a replay. */
function duel(n: number): Replay {
  const start = newDuel({ seed: 5, size: 4 });
  if (!start.ok) throw new Error(start.error.message);
  let d: Duel = start.value;
  for (let i = 0; i < n && d.phase !== 'over'; i++) {
    let next: ReturnType<typeof duelSlide>;
    if (d.phase === 'slide')
      next = duelSlide(d, legalMoves(d.game.cells)[i % 3] ?? legalMoves(d.game.cells)[0]!);
    else {
      const cells = d.game.cells;
      const row = cells.findIndex((r) => r.includes(0));
      next = duelPlace(d, { row, col: cells[row]!.indexOf(0) }, i % 4 === 1 ? 4 : 2);
    }
    if (!next.ok) throw new Error(next.error.message);
    d = next.value;
  }
  return read(encodeShared(sharedDuel(d, 'human')));
}
