/**
 * Where the CLI gets its AI and puzzle solver: loaded lazily (dynamic import) on first use, so
 * starting a game never pays for them. The full-screen games run them on worker threads; plain
 * mode runs them on its own thread, where nothing else has to stay responsive.
 */
import type { Placer } from '../engine/spawn.ts';
import {
  ADVICE_PRESETS,
  type Advisor,
  OPTIMAL_TIME_LIMIT_MS,
  type PlacerAi,
  type PuzzleSolver,
} from '../front/ports.ts';

/** The 2048 AI on worker threads (the root moves shared over up to two). */
export async function aiAdvisor(): Promise<Advisor> {
  const { AiWorker } = await import('../node.ts');
  const { availableParallelism } = await import('node:os');
  const ai = new AiWorker({ threads: Math.min(2, availableParallelism()) });
  return {
    bestMove: (cells, purpose, signal) =>
      ai.bestMove(cells, { preset: ADVICE_PRESETS[purpose], signal }),
    close() {
      void ai.terminate();
    },
  };
}

/** The 2048 AI on this thread (plain mode). */
export async function aiHere(): Promise<Advisor> {
  const { analyse } = await import('../solvers/ai2048/player.ts');
  return {
    bestMove: async (cells, purpose) => analyse(cells, { preset: ADVICE_PRESETS[purpose] }).move,
    close() {},
  };
}

/**
 * The puzzle solver on a worker thread that keeps its pattern databases between solves (they
 * are loaded or built for 4x4 boards only, so other sizes never pay for them).
 */
export async function solverClient(): Promise<PuzzleSolver> {
  const { createSolverWorker } = await import('../node/startSolve.ts');
  const worker = createSolverWorker();
  return {
    solve(tiles, width) {
      const h = worker.solve(tiles, width, { timeLimitMs: OPTIMAL_TIME_LIMIT_MS });
      const promise = h.promise.then((r) => ({ tiles: r.moves, optimal: r.optimal }));
      return { promise, cancel: () => h.cancel() };
    },
    prepare: (width) => worker.prepare(width),
    lowerBound,
    close() {
      void worker.close();
    },
  };
}

async function lowerBound(tiles: readonly number[], width: number): Promise<number> {
  const { movesLowerBound } = await import('../solvers/puzzle/bound.ts');
  return movesLowerBound(tiles, width);
}

/**
 * The puzzle solver on this thread (plain mode), for scripts: one answer for one position,
 * whatever the machine's speed and whether the 4x4 tables are cached. A 3x3 or 4x4 gets a
 * shortest solution with no time limit; from 4x4 up the tables are read, or built first (once,
 * saying so on stderr), since larger boards finish on a 4x4 corner solved with them. No tables
 * are built in the background.
 */
export async function solverHere(): Promise<PuzzleSolver> {
  const { solvePuzzle } = await import('../solvers/puzzle/solve.ts');
  const { defaultStore } = await import('../storage/defaultStore.ts');
  const { patternDbs4, storedPatternDbs4 } = await import('../solvers/puzzle/pdbProvider.ts');
  const store = defaultStore();
  let told = false;
  const tables = async (width: number) => {
    if (width < 4 || (await storedPatternDbs4(store))) return;
    if (!told) {
      told = true;
      process.stderr.write(
        "Building the solver's 4x4 tables (once, up to half a minute; then they are cached)…\n",
      );
    }
    await patternDbs4(store);
  };
  return {
    solve(tiles, width) {
      const ctrl = new AbortController();
      const promise = tables(width)
        .then(() => solvePuzzle([...tiles], width, { signal: ctrl.signal, store }))
        .then((r) => ({ tiles: r.moves, optimal: r.optimal }));
      return { promise, cancel: () => ctrl.abort() };
    },
    prepare: async () => {},
    lowerBound,
    close() {},
  };
}

/**
 * The placer AI on this thread: a decision takes about 7 ms (95% within 12 ms) on a 4x4 board
 * (`npm run bench:ai -- --placer 200`), short enough not to hold up keys or drawing.
 */
export async function placerHere(): Promise<PlacerAi> {
  const { choosePlacement } = await import('../solvers/ai2048/placer.ts');
  return {
    choose: async (cells) => choosePlacement(cells),
    close() {},
  };
}

/** The placer AI as the engine's `Placer` (evil spawns): the same deterministic choice. */
export async function placerFunction(): Promise<Placer> {
  const { choosePlacement } = await import('../solvers/ai2048/placer.ts');
  return (cells) => choosePlacement(cells.map((r) => [...r]));
}
