import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, play } from '../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../engine/puzzle.ts';
import { encodeShared, shared2048, sharedPuzzle, sharedVersus } from '../engine/shareCode.ts';
import { type Replay, readShareCode } from '../engine/shareReplay.ts';
import type { Direction } from '../engine/types.ts';
import { newVersus } from '../engine/versus.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { ControllerReplay } from './controllerReplay.ts';
import {
  type Analysis2048View,
  type AnalysisJob,
  type AnalysisProgress,
  type AnalysisPuzzleView,
  course,
  type GameAnalysis,
  type MoveClass,
  markLines,
  matchView,
  mistakeCount,
  mistakeFrom,
  notAnalysable,
  type ReplayAnalyser,
  summaryLines,
  verdictText,
} from './modelAnalysis.ts';
import {
  analysisKeyAction,
  initialModelReplay,
  keyReplay,
  mistakeTarget,
  updateReplay,
} from './modelReplay.ts';

function read(code: string): Replay {
  const r = readShareCode(code);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A seeded 4×4 (or `size`) 2048 game of `n` moves, as a replay. */
function replay2048(n: number, size = 4): Replay {
  let g = newGame({ seed: 9, size });
  for (let i = 0; i < n; i++) g = play(g, legalMoves(g.cells)[i % 2]!);
  const s = shared2048(g);
  if (!s.ok) throw new Error(s.error.message);
  return read(encodeShared(s.value));
}

/** An analysis of `classes.length` moves with those classes (losses growing with the class). */
function analysis2048(classes: readonly MoveClass[]): Analysis2048View {
  const loss: Record<MoveClass, number> = {
    best: 0,
    good: 0.05,
    inaccuracy: 0.3,
    mistake: 1.2,
    blunder: 7,
  };
  const counts = { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const c of classes) counts[c]++;
  return {
    kind: '2048',
    preset: 'fast',
    accuracy: 80,
    agreement: 50,
    counts,
    moves: classes.map((c, i) => ({
      n: i + 1,
      played: 'left' as Direction,
      best: (c === 'best' ? 'left' : 'up') as Direction,
      loss: loss[c],
      class: c,
    })),
  };
}

const CLASSES: MoveClass[] = [
  'best',
  'mistake',
  'good',
  'best',
  'blunder',
  'inaccuracy',
  'best',
  'mistake',
];

describe('analysis marks and jumps', () => {
  const a = analysis2048(CLASSES);

  it('counts mistakes and blunders (not inaccuracies) as the moves to jump to', () => {
    expect(mistakeCount(a)).toBe(3);
    // From the start: the mistake is move 2, played from position 1.
    expect(mistakeFrom(a, 0, 1)).toBe(1);
    expect(mistakeFrom(a, 1, 1)).toBe(4);
    expect(mistakeFrom(a, 4, 1)).toBe(7);
    expect(mistakeFrom(a, 7, 1)).toBeNull();
    expect(mistakeFrom(a, 8, -1)).toBe(7);
    expect(mistakeFrom(a, 7, -1)).toBe(4);
    expect(mistakeFrom(a, 4, -1)).toBe(1);
    expect(mistakeFrom(a, 1, -1)).toBeNull();
  });

  it('a position’s mark is the move played from it, with the better move', () => {
    expect(markLines(a, 1)).toEqual([
      'Next, move 2: ← left',
      'mistake, 1.20% of value',
      'better ↑ up',
    ]);
    const chance = { ...a.moves[1]!, scale: 'chance' as const, loss: 3.14 };
    expect(verdictText(chance)).toBe('mistake, −3.1 pts of chance');
    expect(markLines(a, 0)).toEqual(['Next, move 1: ← left', 'best (the AI’s move)']);
    expect(markLines(a, 8)).toEqual(['The end of the game.']);
    expect(course(a)).toEqual([0, 1.2, 0.05, 0, 7, 0.3, 0, 1.2]);
  });

  it('a puzzle’s detours are its mistakes; its course is the distance at each position', () => {
    const p: AnalysisPuzzleView = {
      kind: 'puzzle',
      exact: true,
      optimal: 5,
      wasted: 2,
      detours: [2],
      moves: [
        { n: 1, played: 3, before: 5, after: 4, optimal: true, best: 3 },
        { n: 2, played: 6, before: 4, after: 5, optimal: false, best: 2 },
        { n: 3, played: 6, before: 5, after: 4, optimal: true, best: 6 },
      ],
    };
    expect(mistakeFrom(p, 0, 1)).toBe(1);
    expect(mistakeFrom(p, 1, 1)).toBeNull();
    expect(markLines(p, 1)).toEqual(['Next, move 2: tile 6', 'detour, 4 → 5', 'better tile 2']);
    expect(markLines(p, 2)).toEqual(['Next, move 3: tile 6', 'on path, 5 → 4']);
    expect(course(p)).toEqual([5, 4, 5, 4]);
  });

  it('analyses every kind of replay, versus matches too', () => {
    expect(notAnalysable(replay2048(3))).toBeNull();
    const v = newVersus({ seed: 1 });
    if (!v.ok) throw new Error(v.error.message);
    const code = encodeShared(sharedVersus(v.value, 'human'));
    expect(notAnalysable(read(code))).toBeNull();
  });
});

/** A slide's verdict as analyseMatch gives it, at action `at`. */
function slide(n: number, at: number, cls: MoveClass, played: Direction, best: Direction) {
  const loss = { best: 0, good: 0.05, inaccuracy: 0.3, mistake: 1.2, blunder: 7 }[cls];
  return { n, at, played, best, loss, class: cls, scale: 'value' as const, accuracy: 100 - loss };
}

const zero = { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };

describe('a match’s analysis: both sides’ marks in the match’s order', () => {
  // Actions 1 to 6 alternate P1, P2; P1's 2nd slide (action 3) is a mistake, P2's 2nd
  // (action 4) a blunder.
  const versus = matchView(
    {
      kind: 'versus',
      preset: 'fast',
      sides: [
        {
          side: 0,
          accuracy: 91.5,
          agreement: 66.7,
          counts: { ...zero, best: 2, mistake: 1 },
          moves: [
            slide(1, 1, 'best', 'left', 'left'),
            slide(2, 3, 'mistake', 'right', 'up'),
            slide(3, 5, 'best', 'up', 'up'),
          ],
          placements: null,
        },
        {
          side: 1,
          accuracy: 80,
          agreement: 33.3,
          counts: { ...zero, good: 1, blunder: 1, best: 1 },
          moves: [
            slide(1, 2, 'good', 'down', 'left'),
            slide(2, 4, 'blunder', 'left', 'down'),
            slide(3, 6, 'best', 'up', 'up'),
          ],
          placements: null,
        },
      ],
    },
    6,
  );

  it('puts each side’s slides at their action, with the side', () => {
    expect(versus.moves.map((m) => m?.side)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(versus.moves.map((m) => m?.class)).toEqual([
      'best',
      'good',
      'mistake',
      'blunder',
      'best',
      'best',
    ]);
    expect(markLines(versus, 2)).toEqual([
      'Next, action 3: P1 → right',
      'mistake, 1.20% of value',
      'better ↑ up',
    ]);
    expect(markLines(versus, 3)[0]).toBe('Next, action 4: P2 ← left');
    expect(markLines(versus, 6)).toEqual(['The end of the match.']);
    expect(summaryLines(versus)).toEqual([
      'Judged by the AI (fast)',
      'P1 slides: accuracy 91.5, agreement 66.7%',
      'P2 slides: accuracy 80.0, agreement 33.3%',
    ]);
    expect(course(versus)).toEqual([0, 0.05, 1.2, 7, 0, 0]);
  });

  it('n and N jump between the mistakes of either side', () => {
    expect(mistakeCount(versus)).toBe(2);
    expect(mistakeFrom(versus, 0, 1)).toBe(2);
    expect(mistakeFrom(versus, 2, 1)).toBe(3);
    expect(mistakeFrom(versus, 3, 1)).toBeNull();
    expect(mistakeFrom(versus, 6, -1)).toBe(3);
    expect(mistakeFrom(versus, 3, -1)).toBe(2);
    expect(mistakeFrom(versus, 2, -1)).toBeNull();
  });

  it('a duel: the placements’ marks too, with the better cell', () => {
    const place = (at: number, n: number, cls: MoveClass, loss: number) => ({
      n,
      at,
      played: { at: { row: 0, col: 3 }, value: 2 },
      best: { at: { row: 2, col: 1 }, value: 4 },
      loss,
      class: cls,
      accuracy: 100 - loss,
      outcomes: { best: 1, played: 2 },
      depth: 5,
    });
    const duel = matchView(
      {
        kind: 'duel',
        preset: 'fast',
        sides: [
          {
            side: 0,
            accuracy: 100,
            agreement: 100,
            counts: { ...zero, best: 1 },
            moves: [slide(1, 2, 'best', 'left', 'left')],
            placements: null,
          },
          {
            side: 1,
            accuracy: 100,
            agreement: 100,
            counts: zero,
            moves: [],
            placements: {
              accuracy: 50,
              agreement: 0,
              counts: { ...zero, blunder: 1 },
              moves: [place(1, 1, 'blunder', 12.5), place(3, 2, 'best', 0)],
            },
          },
        ],
      },
      4,
    );
    expect(duel.moves.map((m) => m?.action ?? null)).toEqual(['place', 'slide', 'place', null]);
    expect(markLines(duel, 0)).toEqual([
      'Next, action 1: P2 places 2 at r1c4',
      'blunder, 12.50% of outlook',
      'better 4 at r3c2',
    ]);
    expect(markLines(duel, 2)).toEqual([
      'Next, action 3: P2 places 2 at r1c4',
      'best (the placer’s choice)',
    ]);
    expect(markLines(duel, 3)).toEqual(['This action is not judged.']);
    expect(mistakeFrom(duel, 0, 1)).toBeNull();
    expect(mistakeFrom(duel, 3, -1)).toBe(0);
    expect(summaryLines(duel)).toContain('P2 places: accuracy 50.0, agreement 0.0%');
    expect(duel.sides[0].placements).toBeNull();
  });
});

describe('the replay model with an analysis', () => {
  const replay = replay2048(8);

  it('keys: i runs, stops, hides and shows it; n and N jump between mistakes', () => {
    expect(keyReplay({ key: 'i' })).toEqual({ type: 'analyse' });
    expect(keyReplay({ key: 'n' })).toEqual({ type: 'mistake', by: 1 });
    expect(keyReplay({ key: 'N' })).toEqual({ type: 'mistake', by: -1 });
    // a still steps back, as before.
    expect(keyReplay({ key: 'a' })).toEqual({ type: 'step', by: -1 });
  });

  it('is offered only when asked for and the game can be analysed', () => {
    expect(initialModelReplay(replay).analysis).toBeNull();
    expect(initialModelReplay(replay, { analysis: 'offer' }).analysis).toEqual({ status: 'idle' });
    const v = newVersus({ seed: 1 });
    if (!v.ok) throw new Error(v.error.message);
    const versus = read(encodeShared(sharedVersus(v.value, 'human')));
    // A match too (here of no action: running, it has none to judge).
    expect(initialModelReplay(versus, { analysis: 'offer' }).analysis).toEqual({ status: 'idle' });
    const asked = initialModelReplay(versus, { analysis: 'start' });
    expect(asked.analysis).toMatchObject({ status: 'running', total: 0 });
    expect(analysisKeyAction(asked)).toBe('stop');
    expect(initialModelReplay(replay, { analysis: 'start' }).analysis).toEqual({
      status: 'running',
      stage: 'moves',
      done: 0,
      total: 8,
    });
  });

  it('runs, reports, ends shown; jumps stop playing and land on the mistakes', () => {
    let m = initialModelReplay(replay, { analysis: 'offer' });
    expect(mistakeTarget(m, 1)).toBeNull();
    // No analysis yet: n changes nothing.
    expect(updateReplay(m, { type: 'mistake', by: 1 })).toBe(m);
    m = updateReplay(m, { type: 'analyse' });
    expect(analysisKeyAction(m)).toBe('stop');
    m = updateReplay(m, {
      type: 'analysis-progress',
      progress: { stage: 'moves', done: 3, total: 8 },
    });
    expect(m.analysis).toMatchObject({ status: 'running', done: 3 });
    m = updateReplay(m, { type: 'analysis-done', result: analysis2048(CLASSES) });
    expect(m.analysis).toMatchObject({ status: 'done', shown: true });
    expect(m.playing).toBe(true);
    m = updateReplay(m, { type: 'mistake', by: 1 });
    expect(m).toMatchObject({ index: 1, playing: false });
    m = updateReplay(m, { type: 'mistake', by: 1 });
    expect(m.index).toBe(4);
    m = updateReplay(m, { type: 'mistake', by: -1 });
    expect(m.index).toBe(1);
    // Hidden, the jumps do nothing; shown again, they work.
    m = updateReplay(m, { type: 'analyse' });
    expect(analysisKeyAction(m)).toBe('show');
    expect(updateReplay(m, { type: 'mistake', by: 1 }).index).toBe(1);
    m = updateReplay(m, { type: 'analyse' });
    expect(updateReplay(m, { type: 'mistake', by: 1 }).index).toBe(4);
  });

  it('a late answer after the key stopped it is ignored', () => {
    let m = initialModelReplay(replay, { analysis: 'start' });
    m = updateReplay(m, { type: 'analyse' });
    expect(m.analysis).toEqual({ status: 'idle' });
    const late = updateReplay(m, { type: 'analysis-done', result: analysis2048(CLASSES) });
    expect(late.analysis).toEqual({ status: 'idle' });
  });
});

/** An analyser whose jobs the test settles by hand. */
class FakeAnalyser implements ReplayAnalyser {
  readonly jobs: {
    progress: (p: AnalysisProgress) => void;
    resolve: (a: GameAnalysis) => void;
    reject: (e: Error) => void;
    cancelled: boolean;
  }[] = [];
  analyse(_replay: Replay, onProgress: (p: AnalysisProgress) => void): AnalysisJob {
    let resolve!: (a: GameAnalysis) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<GameAnalysis>((ok, no) => {
      resolve = ok;
      reject = no;
    });
    const job = { progress: onProgress, resolve, reject, cancelled: false };
    this.jobs.push(job);
    return {
      promise,
      cancel: () => {
        job.cancelled = true;
      },
    };
  }
}

describe('ControllerReplay with an analyser', () => {
  const replay = replay2048(8);
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('starts the analysis on the key, shows its progress and its answer', async () => {
    const analyser = new FakeAnalyser();
    const c = new ControllerReplay({
      model: initialModelReplay(replay, { analysis: 'offer' }),
      onChange: () => {},
      timers: new FakeTime(),
      analyser,
    });
    c.start();
    expect(analyser.jobs).toHaveLength(0);
    c.dispatch({ type: 'analyse' });
    expect(analyser.jobs).toHaveLength(1);
    analyser.jobs[0]!.progress({ stage: 'moves', done: 5, total: 8 });
    expect(c.model.analysis).toMatchObject({ status: 'running', done: 5 });
    analyser.jobs[0]!.resolve(analysis2048(CLASSES));
    await flush();
    expect(c.model.analysis).toMatchObject({ status: 'done', shown: true });
    c.dispatch({ type: 'mistake', by: 1 });
    expect(c.model.index).toBe(1);
    c.close();
  });

  it('the key again, or quitting, stops it; its late answer is dropped', async () => {
    const analyser = new FakeAnalyser();
    const c = new ControllerReplay({
      model: initialModelReplay(replay, { analysis: 'start' }),
      onChange: () => {},
      timers: new FakeTime(),
      analyser,
    });
    c.start();
    expect(analyser.jobs).toHaveLength(1);
    c.dispatch({ type: 'analyse' });
    expect(analyser.jobs[0]!.cancelled).toBe(true);
    analyser.jobs[0]!.progress({ stage: 'moves', done: 5, total: 8 });
    analyser.jobs[0]!.resolve(analysis2048(CLASSES));
    await flush();
    expect(c.model.analysis).toEqual({ status: 'idle' });
    c.dispatch({ type: 'analyse' });
    expect(analyser.jobs).toHaveLength(2);
    c.dispatch({ type: 'quit' });
    expect(analyser.jobs[1]!.cancelled).toBe(true);
  });

  it('a failed analysis says why, and the key runs it again', async () => {
    const analyser = new FakeAnalyser();
    const c = new ControllerReplay({
      model: initialModelReplay(replay, { analysis: 'start' }),
      onChange: () => {},
      timers: new FakeTime(),
      analyser,
    });
    c.start();
    analyser.jobs[0]!.reject(new Error('the worker stopped'));
    await flush();
    expect(c.model.analysis).toEqual({ status: 'failed', message: 'the worker stopped' });
    c.dispatch({ type: 'analyse' });
    expect(analyser.jobs).toHaveLength(2);
    c.close();
    expect(analyser.jobs[1]!.cancelled).toBe(true);
  });
});

describe('a puzzle replay', () => {
  it('can be analysed', () => {
    let p = newPuzzle({ width: 3, seed: 2 });
    p = moveTile(p, movableTiles(p)[0]!, 0);
    const s = sharedPuzzle(p);
    if (!s.ok) throw new Error(s.error.message);
    const m = initialModelReplay(read(encodeShared(s.value)), { analysis: 'offer' });
    expect(analysisKeyAction(m)).toBe('analyse');
  });
});
