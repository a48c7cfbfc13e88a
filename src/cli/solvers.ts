/**
 * Where the CLI gets its AI and puzzle solver: loaded lazily (dynamic import) on first use, so
 * starting a game never pays for them.
 */
import type { Direction } from '../engine/types.ts';
import type { MoveAdvisor } from '../tui/game2048/run.ts';
import type { SolverClient } from '../tui/puzzle/run.ts';

/**
 * The 2048 AI on worker threads (the root moves shared over up to two): the `strong` preset for
 * hints, where a good answer matters most, and the `fast` one for autoplay, which should keep
 * up with the chosen pace.
 */
export async function aiAdvisor(): Promise<MoveAdvisor> {
  const { AiWorker } = await import('../ai.ts');
  const { availableParallelism } = await import('node:os');
  const ai = new AiWorker({ threads: Math.min(2, availableParallelism()) });
  return {
    bestMove(cells, purpose, signal) {
      return ai.bestMove(cells, { preset: purpose === 'hint' ? 'strong' : 'fast', signal });
    },
    close() {
      void ai.terminate();
    },
  };
}

/**
 * How long an optimal search may take before the fast solver answers instead: a hint should
 * come in a moment, even for the rare 15-puzzle position that takes the optimal search longer.
 */
const OPTIMAL_TIME_LIMIT_MS = 5000;

/**
 * The puzzle solver on a worker thread that keeps its pattern databases between solves (they
 * are loaded or built on the first 4x4 solve only, so other sizes never pay for them).
 */
export async function solverClient(): Promise<SolverClient> {
  const { createSolverWorker } = await import('../node/startSolve.ts');
  const worker = createSolverWorker();
  return {
    solve(tiles, width) {
      const h = worker.solve(tiles, width, { timeLimitMs: OPTIMAL_TIME_LIMIT_MS });
      return { promise: h.promise.then((r) => r.moves), cancel: () => h.cancel() };
    },
    close() {
      void worker.close();
    },
  };
}

/** The puzzle solver on this thread (plain mode, where nothing else has to stay responsive). */
export async function solveHere(tiles: readonly number[], width: number): Promise<number[]> {
  const { solve } = await import('../puzzle.ts');
  return solve([...tiles], width, { timeLimitMs: OPTIMAL_TIME_LIMIT_MS });
}

/** The 2048 AI on this thread (plain mode): synchronous answers. */
export async function aiHere(): Promise<
  (cells: number[][], purpose: 'hint' | 'autoplay') => Direction | null
> {
  const { analyse } = await import('../ai.ts');
  return (cells, purpose) =>
    analyse(cells, { preset: purpose === 'hint' ? 'strong' : 'fast' }).move;
}
