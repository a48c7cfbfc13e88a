import { describe, expect, it } from 'vitest';
import { elapsedMs, moveTile, newPuzzle, puzzleFromTiles } from '../engine/puzzle.ts';
import { solveOrThrow as solve } from '../puzzle.ts';
import { FakeSolver, MemoryStorePuzzle, settle } from '../testutil/fakeEffects.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { type ChangePuzzle, ControllerPuzzle, SOLVE_STEP_MS, TICK_MS } from './controllerPuzzle.ts';
import { keyPuzzle } from './keymap.ts';
import {
  hintTile,
  initialModelPuzzle,
  type ModelPuzzle,
  newSeries,
  type Series,
  seriesTimeMs,
} from './modelPuzzle.ts';

/** Three moves from the goal: 4, 5 and 8 slide back (the only shortest solution). */
const NEAR = [1, 2, 3, 0, 4, 6, 7, 5, 8];
const NEAR_SOLUTION = [4, 5, 8];

function setup(model: ModelPuzzle = initialModelPuzzle(puzzleFromTiles(NEAR, 3), {})) {
  const time = new FakeTime();
  const solver = new FakeSolver();
  const store = new MemoryStorePuzzle();
  const changes: ChangePuzzle[] = [];
  let ticks = 0;
  const c = new ControllerPuzzle({
    model,
    store,
    solver: async () => solver,
    seed: () => 5,
    onChange: (ch) => changes.push(ch),
    onTick: () => ticks++,
    clock: time,
    timers: time,
  });
  c.resume();
  return { c, time, solver, store, changes, ticks: () => ticks };
}

describe('ControllerPuzzle: hints and plans', () => {
  it('asks the solver for a hint and shows the plan’s next tile', async () => {
    const { c, solver } = setup();
    c.dispatch({ type: 'hint' });
    await settle();
    expect(solver.asked).toHaveLength(1);
    expect(solver.last.tiles).toEqual(NEAR);
    expect(c.status).toEqual({ text: 'Solving…', progress: null });
    solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    expect(hintTile(c.model)).toBe(4);
    expect(c.status).toBeNull();
  });

  it('follows the plan while the player follows it, and drops it when not', async () => {
    const { c, solver } = setup();
    c.dispatch({ type: 'hint' });
    await settle();
    solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    c.dispatch({ type: 'tile', tile: 4 });
    await settle();
    expect(hintTile(c.model)).toBe(5);
    expect(solver.asked).toHaveLength(1);
    // Off the plan: 6 slides instead of 5. The plan is dropped and the solver asked again.
    c.dispatch({ type: 'tile', tile: 6 });
    await settle();
    expect(hintTile(c.model)).toBeNull();
    expect(solver.asked).toHaveLength(2);
    expect(solver.last.tiles).toEqual(c.model.puzzle.tiles);
  });

  it('drops a stale answer after an undo', async () => {
    const { c, solver } = setup();
    c.dispatch({ type: 'tile', tile: 4 });
    c.dispatch({ type: 'hint' });
    await settle();
    const first = solver.last;
    c.dispatch({ type: 'undo' });
    expect(first.cancelled).toBe(true);
    await settle();
    // The answer for the position that is gone changes nothing.
    first.answer.resolve({ tiles: [5, 8], optimal: true });
    await settle();
    expect(c.model.plan).toBeNull();
    expect(solver.asked).toHaveLength(2);
    expect(solver.last.tiles).toEqual(NEAR);
  });

  it('reports a failing solver, and the hint goes off', async () => {
    const { c, solver } = setup();
    c.dispatch({ type: 'hint' });
    await settle();
    solver.last.answer.reject(new Error('out of memory'));
    await settle();
    expect(c.model.notice).toBe('The solver failed: out of memory');
    expect(c.model.hint).toBe(false);
  });
});

describe('ControllerPuzzle: the animated solution', () => {
  it('waits while the board cannot be shown, and plays on once it can', async () => {
    const { c, solver, time } = setup();
    c.dispatch({ type: 'auto-solve' });
    await settle();
    solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    time.advance(SOLVE_STEP_MS);
    expect(c.model.puzzle.moves).toBe(1);
    c.setShown(false);
    time.advance(SOLVE_STEP_MS * 10);
    expect(c.model.puzzle.moves).toBe(1);
    expect(c.model.autoSolve).toBe(true);
    c.setShown(true);
    time.advance(SOLVE_STEP_MS);
    expect(c.model.puzzle.moves).toBe(2);
  });

  it('plays one move per step, to the goal, and that game sets no record', async () => {
    const { c, solver, time, store } = setup();
    c.dispatch({ type: 'auto-solve' });
    await settle();
    solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    expect(c.model.puzzle.moves).toBe(0);
    time.advance(SOLVE_STEP_MS - 1);
    await settle();
    expect(c.model.puzzle.moves).toBe(0);
    time.advance(1);
    expect(c.model.puzzle.moves).toBe(1);
    time.advance(SOLVE_STEP_MS * 2);
    expect(c.model.puzzle.solved).toBe(true);
    expect(c.model.assisted).toBe(true);
    expect(store.records.puzzle).toEqual({});
    expect(c.model.records).toBeNull();
    expect(store.saves.at(-1)).toMatchObject({ assisted: true });
  });

  it('any key stops it, and the board is the player’s again', async () => {
    for (const key of ['x', 'ArrowLeft', ' ', 'p']) {
      const { c, solver, time } = setup();
      c.dispatch({ type: 'auto-solve' });
      await settle();
      solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
      await settle();
      time.advance(SOLVE_STEP_MS);
      expect(c.model.puzzle.moves).toBe(1);
      const cmd = keyPuzzle({ key }, c.model);
      expect(cmd).toEqual({ type: 'auto-solve' });
      c.dispatch(cmd!);
      time.advance(SOLVE_STEP_MS * 5);
      expect(c.model.puzzle.moves).toBe(1);
      expect(c.model.autoSolve).toBe(false);
    }
  });

  it('a solve by hand sets the records; the time counts only while the game is shown', async () => {
    const { c, time, store } = setup();
    c.dispatch({ type: 'tile', tile: 4 }); // the clock starts with the first move
    time.advance(1000);
    c.suspend();
    time.advance(60_000);
    c.resume();
    time.advance(1000);
    for (const t of NEAR_SOLUTION.slice(1)) c.dispatch({ type: 'tile', tile: t });
    expect(c.model.puzzle.solved).toBe(true);
    expect(c.model.records).toEqual({ moves: true, time: true });
    expect(store.records.puzzle['3']).toMatchObject({ moves: 3, timeMs: 2000 });
    expect(c.model.best).toMatchObject({ moves: 3, timeMs: 2000 });
  });
});

describe('ControllerPuzzle: timer and saving', () => {
  it('ticks while the clock runs, not while suspended or once solved', () => {
    const { c, time, ticks } = setup();
    time.advance(TICK_MS * 3);
    expect(ticks()).toBe(0); // the clock starts with the first move
    c.dispatch({ type: 'tile', tile: 4 });
    time.advance(TICK_MS * 3);
    expect(ticks()).toBe(3);
    c.suspend();
    time.advance(TICK_MS * 3);
    expect(ticks()).toBe(3);
    c.resume();
    time.advance(TICK_MS);
    expect(ticks()).toBe(4);
    for (const t of NEAR_SOLUTION.slice(1)) c.dispatch({ type: 'tile', tile: t });
    time.advance(TICK_MS * 3);
    expect(ticks()).toBe(4);
  });

  it('saves after each move and on close; a failed save is a notice and play goes on', () => {
    const { c, store, time } = setup();
    c.dispatch({ type: 'tile', tile: 4 });
    expect(store.saves.at(-1)!.puzzle).toBe(c.model.puzzle);
    store.failing = true;
    c.dispatch({ type: 'tile', tile: 5 });
    expect(c.model.notice).toBe('Could not save the game (disk full).');
    expect(c.model.puzzle.moves).toBe(2);
    store.failing = false;
    time.advance(3000);
    const end = c.close();
    expect(store.saves.at(-1)!.puzzle.tiles).toEqual(end.puzzle.tiles);
    expect(end.puzzle.clock.runningSince).toBeNull();
  });
});

describe('ControllerPuzzle: the 15-puzzle’s tables', () => {
  // Two moves from the goal on 4x4: 14 and 15 slide back.
  const near4 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15];
  const fastPlan = [14, 10, 10, 15]; // a stand-in for a longer plan from the fast solver

  it('has the tables built when a 4x4 board opens (not for 3x3)', async () => {
    const small = setup();
    await settle();
    expect(small.solver.prepared).toEqual([]);
    const big = setup(initialModelPuzzle(puzzleFromTiles(near4, 4), {}));
    await settle();
    expect(big.solver.prepared).toEqual([4]);
  });

  it('replaces a fast plan with an optimal one once the tables are ready', async () => {
    const { c, solver } = setup(initialModelPuzzle(puzzleFromTiles(near4, 4), {}));
    c.dispatch({ type: 'hint' });
    await settle();
    solver.last.answer.resolve({ tiles: fastPlan, optimal: false });
    await settle();
    expect(c.model.plan).toMatchObject({ tiles: fastPlan, optimal: false });
    expect(solver.asked).toHaveLength(1);
    solver.tablesReady();
    await settle();
    expect(solver.asked).toHaveLength(2);
    expect(solver.last.tiles).toEqual(near4);
    expect(c.status).toBeNull(); // an upgrade in the background says nothing
    solver.last.answer.resolve({ tiles: [14, 15], optimal: true });
    await settle();
    expect(c.model.plan).toMatchObject({ tiles: [14, 15], optimal: true });
    expect(hintTile(c.model)).toBe(14);
    c.dispatch({ type: 'tile', tile: 14 });
    await settle();
    expect(solver.asked).toHaveLength(2);
  });

  it('does not ask again when the upgrade also comes from the fast solver', async () => {
    const { c, solver } = setup(initialModelPuzzle(puzzleFromTiles(near4, 4), {}));
    c.dispatch({ type: 'hint' });
    await settle();
    solver.last.answer.resolve({ tiles: fastPlan, optimal: false });
    solver.tablesReady();
    await settle();
    expect(solver.asked).toHaveLength(2);
    solver.last.answer.resolve({ tiles: fastPlan, optimal: false });
    await settle();
    c.dispatch({ type: 'tile', tile: 14 });
    await settle();
    expect(solver.asked).toHaveLength(2);
  });

  it('a failed upgrade leaves the fast plan quietly', async () => {
    const { c, solver } = setup(initialModelPuzzle(puzzleFromTiles(near4, 4), {}));
    c.dispatch({ type: 'hint' });
    await settle();
    solver.last.answer.resolve({ tiles: fastPlan, optimal: false });
    solver.tablesReady();
    await settle();
    solver.last.answer.reject(new Error('tables unreadable'));
    await settle();
    expect(c.model.plan).toMatchObject({ tiles: fastPlan, optimal: false });
    expect(c.model.notice).toBeNull();
    expect(c.model.hint).toBe(true);
  });
});

describe('ControllerPuzzle: the solver’s progress, other tabs, the end', () => {
  it('shows how getting the tables goes while a hint waits for them', async () => {
    const time = new FakeTime();
    const changes: ChangePuzzle[] = [];
    let report: ((p: { stage: string; done: number; total: number }) => void) | undefined;
    const solver = new FakeSolver();
    const c = new ControllerPuzzle({
      model: initialModelPuzzle(puzzleFromTiles(NEAR, 3), {}),
      store: new MemoryStorePuzzle(),
      solver: async () => ({
        ...solver,
        prepare: (w: number) => solver.prepare(w),
        lowerBound: (t: readonly number[]) => solver.lowerBound(t),
        close: () => solver.close(),
        solve: (tiles: readonly number[], width: number, onProgress?: typeof report) => {
          report = onProgress;
          return solver.solve(tiles, width);
        },
      }),
      seed: () => 1,
      onChange: (ch) => changes.push(ch),
      clock: time,
      timers: time,
    });
    c.resume();
    c.dispatch({ type: 'hint' });
    await settle();
    report!({ stage: 'Building tables', done: 25, total: 100 });
    expect(c.status).toEqual({ text: 'Building tables… 25%', progress: 0.25 });
    expect(changes.at(-1)!.cmd).toEqual({ type: 'none' });
    solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    expect(c.status).toBeNull();
    // A report for a solve that is over changes nothing.
    report!({ stage: 'Building tables', done: 50, total: 100 });
    expect(c.status).toBeNull();
  });

  it('takes a game saved by another tab: the old question to the solver is dropped', async () => {
    const { c, solver, time } = setup();
    c.dispatch({ type: 'hint' });
    await settle();
    const asked = solver.last;
    const other = moveTile(puzzleFromTiles(NEAR, 3), 4);
    c.replace(initialModelPuzzle(other, {}, { notice: 'From the other tab.' }));
    expect(asked.cancelled).toBe(true);
    expect(c.model.notice).toBe('From the other tab.');
    expect(c.model.puzzle.tiles).toEqual(other.tiles);
    // The game on screen keeps its clock running.
    c.dispatch({ type: 'tile', tile: 5 });
    time.advance(2000);
    expect(elapsedMs(c.model.puzzle, time.now())).toBeGreaterThanOrEqual(2000);
  });

  it('settled() waits for the answer on its way', async () => {
    const { c, solver } = setup();
    c.dispatch({ type: 'hint' });
    let done = false;
    void c.settled().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    expect(done).toBe(true);
    await c.settled();
  });

  it('close cancels the solve under way and closes the solver', async () => {
    const { c, solver } = setup();
    c.dispatch({ type: 'auto-solve' });
    await settle();
    const asked = solver.last;
    const end = c.close();
    expect(asked.cancelled).toBe(true);
    expect(end.autoSolve).toBe(false);
    await settle();
    expect(solver.closed).toBe(true);
  });
});

describe('ControllerPuzzle: the history', () => {
  it('records a solve once, with its moves, time and date; a new game after it adds nothing', () => {
    const { c, time, store } = setup();
    c.dispatch({ type: 'tile', tile: 4 });
    time.advance(4500);
    for (const t of NEAR_SOLUTION.slice(1)) c.dispatch({ type: 'tile', tile: t });
    expect(store.history.games).toEqual([
      {
        kind: 'puzzle',
        size: 3,
        date: new Date(time.now()).toISOString(),
        moves: 3,
        timeMs: 4500,
        won: true,
        assisted: false,
      },
    ]);
    c.dispatch({ type: 'undo' });
    c.dispatch({ type: 'new' });
    expect(c.model.puzzle.solved).toBe(false);
    expect(store.history.games).toHaveLength(1);
  });

  it('a solve the solver played is recorded as assisted (and sets no record)', async () => {
    const { c, solver, time, store } = setup();
    c.dispatch({ type: 'auto-solve' });
    await settle();
    solver.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    time.advance(SOLVE_STEP_MS * NEAR_SOLUTION.length);
    expect(c.model.puzzle.solved).toBe(true);
    expect(store.history.games).toMatchObject([{ moves: 3, assisted: true, won: true }]);
    expect(store.records.puzzle).toEqual({});
  });

  it('a puzzle left for a new one after a move is recorded as given up (a DNF)', () => {
    const { c, store, time } = setup();
    c.dispatch({ type: 'tile', tile: 4 });
    time.advance(3000);
    c.dispatch({ type: 'new' });
    c.dispatch({ type: 'new-confirmed' });
    expect(store.history.games).toMatchObject([
      { kind: 'puzzle', size: 3, moves: 1, timeMs: 3000, won: false, assisted: false },
    ]);
    expect(store.records.puzzle['3']).toEqual({
      tail: [[-1, 1]],
      bests: { time: { single: 'DNF' }, moves: { single: 'DNF' }, tps: { single: 'DNF' } },
    });
    // A new puzzle with no move yet, left for another: nothing.
    c.dispatch({ type: 'new' });
    expect(store.history.games).toHaveLength(1);
  });

  it('a history that cannot be written is said in the notice; the records are still set', () => {
    const { c, store } = setup();
    store.history.failing = true;
    for (const t of NEAR_SOLUTION) c.dispatch({ type: 'tile', tile: t });
    expect(c.model.notice).toBe('Could not add the game to your history (disk full).');
    expect(c.model.records).toEqual({ moves: true, time: true });
  });
});

describe('ControllerPuzzle: the solve summary and the optimal count', () => {
  function withOptimal(model = initialModelPuzzle(puzzleFromTiles(NEAR, 3), {})) {
    const time = new FakeTime();
    const optimal = new FakeSolver();
    const store = new MemoryStorePuzzle();
    const c = new ControllerPuzzle({
      model,
      store,
      solver: async () => new FakeSolver(),
      optimalSolver: async () => optimal,
      seed: () => 5,
      onChange: () => {},
      clock: time,
      timers: time,
    });
    c.resume();
    return { c, time, optimal, store };
  }

  it('works out the start’s optimal count while it is played, and records it with the solve', async () => {
    const { c, time, optimal, store } = withOptimal();
    await settle();
    expect(optimal.last.tiles).toEqual(NEAR);
    optimal.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    c.dispatch({ type: 'tile', tile: 4 });
    time.advance(2000);
    c.dispatch({ type: 'tile', tile: 2 }); // not the solution's way: two more moves to undo it
    c.dispatch({ type: 'tile', tile: 2 });
    for (const t of NEAR_SOLUTION.slice(1)) c.dispatch({ type: 'tile', tile: t });
    expect(c.model.puzzle.solved).toBe(true);
    expect(c.model.summary).toMatchObject({
      timeMs: 2000,
      moves: 5,
      tps: 2.5,
      optimal: { moves: 3, exact: true },
      assisted: false,
      improved: ['single'],
    });
    expect(store.history.games).toMatchObject([{ moves: 5, optimal: 3, won: true }]);
  });

  it('an optimal count that comes after the solve still reaches the summary', async () => {
    const { c, optimal, store } = withOptimal();
    await settle();
    for (const t of NEAR_SOLUTION) c.dispatch({ type: 'tile', tile: t });
    expect(c.model.summary?.optimal).toBe('pending');
    optimal.last.answer.resolve({ tiles: NEAR_SOLUTION, optimal: true });
    await settle();
    expect(c.model.summary?.optimal).toEqual({ moves: 3, exact: true });
    // Added to the solve's entry once known.
    expect(store.history.games).toMatchObject([{ moves: 3, optimal: 3 }]);
  });

  it('a solve the optimal search gave up on has a lower bound instead', async () => {
    const { c, optimal, store } = withOptimal();
    await settle();
    optimal.last.answer.resolve({ tiles: [...NEAR_SOLUTION, 1, 1], optimal: false });
    await settle();
    expect(optimal.bounded).toEqual([NEAR]);
    for (const t of NEAR_SOLUTION) c.dispatch({ type: 'tile', tile: t });
    expect(c.model.summary?.optimal).toEqual({ moves: 7, exact: false });
    expect(store.history.games).toMatchObject([{ lowerBound: 7 }]);
  });

  it('from 5x5 up only a lower bound is sought; a new puzzle seeks its own', async () => {
    const { c, optimal } = withOptimal(initialModelPuzzle(newPuzzle({ width: 5, seed: 9 }), {}));
    await settle();
    expect(optimal.asked).toHaveLength(0);
    expect(optimal.bounded).toHaveLength(1);
    c.dispatch({ type: 'new' });
    await settle();
    expect(optimal.bounded).toHaveLength(2);
    expect(optimal.bounded[1]).not.toEqual(optimal.bounded[0]);
  });

  it('a hint counts as the solver’s help: no averages, no records', async () => {
    const { c, store } = withOptimal();
    c.dispatch({ type: 'hint' });
    for (const t of NEAR_SOLUTION) c.dispatch({ type: 'tile', tile: t });
    expect(c.model.summary).toMatchObject({ assisted: true, improved: [], averages: null });
    expect(store.records.puzzle).toEqual({});
    expect(store.history.games).toMatchObject([{ assisted: true }]);
  });
});

describe('ControllerPuzzle: relays and marathons', () => {
  function series(s: Series, seed = 11) {
    const time = new FakeTime();
    const store = new MemoryStorePuzzle();
    let n = seed;
    const first = newPuzzle({ width: s.widths[0]!, seed: n });
    const c = new ControllerPuzzle({
      model: initialModelPuzzle(first, {}, { series: s }),
      store,
      solver: async () => new FakeSolver(),
      seed: () => ++n,
      onChange: () => {},
      clock: time,
      timers: time,
    });
    c.resume();
    return { c, time, store };
  }

  /** Solves the puzzle on screen with the solver's own moves, `ms` apart. */
  async function solveHere(c: ControllerPuzzle, time: FakeTime, ms: number) {
    const p = c.model.puzzle;
    const tiles = await solve([...p.tiles], p.width);
    for (const t of tiles) {
      time.advance(ms);
      c.dispatch({ type: 'tile', tile: t });
    }
    return tiles.length;
  }

  it('a relay deals 3x3 then 4x4, each clock from its deal; the total is a record; nothing single is kept', async () => {
    const { c, time, store } = series(newSeries({ kind: 'relay', upTo: 4 }));
    time.advance(5000); // looking before the first move: not timed
    const m3 = await solveHere(c, time, 100);
    expect(c.model.puzzle.width).toBe(4);
    expect(c.model.series?.splits).toEqual([{ width: 3, timeMs: (m3 - 1) * 100, moves: m3 }]);
    // The 4x4 clock runs from its deal.
    time.advance(700);
    expect(elapsedMs(c.model.puzzle, time.now())).toBe(700);
    const m4 = await solveHere(c, time, 10);
    const total = (m3 - 1) * 100 + 700 + m4 * 10;
    expect(c.model.series?.splits.map((x) => x.width)).toEqual([3, 4]);
    expect(seriesTimeMs(c.model, time.now())).toBe(total);
    expect(store.records.series).toEqual({ 'relay-4': { timeMs: total, moves: m3 + m4 } });
    expect(c.model.records).toEqual({ moves: false, time: true });
    expect(store.records.puzzle).toEqual({});
    expect(store.history.games).toEqual([]);
    expect(store.saves).toEqual([]);
  });

  it('a marathon of three 3x3 puzzles; a slower one is no record; n starts it again', async () => {
    const { c, time, store } = series(newSeries({ kind: 'marathon', width: 3, count: 3 }));
    for (let i = 0; i < 3; i++) await solveHere(c, time, 50);
    const best = store.records.series?.['marathon-3x3'];
    expect(best).toBeDefined();
    c.dispatch({ type: 'new' });
    expect(c.model.series?.splits).toEqual([]);
    for (let i = 0; i < 3; i++) await solveHere(c, time, 5000);
    expect(c.model.records).toEqual({ moves: false, time: false });
    expect(store.records.series?.['marathon-3x3']).toEqual(best);
    expect(c.model.seriesBest).toEqual(best);
  });

  it('n between the puzzles of a series asks first: its splits would be lost', async () => {
    const { c, time } = series(newSeries({ kind: 'marathon', width: 3, count: 3 }));
    // Before any move, n deals again at once.
    const dealt = c.model.puzzle;
    c.dispatch({ type: 'new' });
    expect(c.model.puzzle).not.toBe(dealt);
    expect(c.model.overlay).toBeNull();
    await solveHere(c, time, 50);
    expect(c.model.puzzle.moves).toBe(0);
    c.dispatch({ type: 'new' });
    expect(c.model.overlay).toBe('confirm-new');
    expect(c.model.series?.splits).toHaveLength(1);
    c.dispatch({ type: 'new-confirmed' });
    expect(c.model.series?.splits).toEqual([]);
  });
});
