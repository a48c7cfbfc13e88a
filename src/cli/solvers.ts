/**
 * Where the CLI gets its AI and puzzle solver: loaded lazily (dynamic import) on first use, so
 * starting a game never pays for them.
 */
import type { MoveAdvisor } from '../tui/game2048/run.ts';
import type { SolverClient } from '../tui/puzzle/run.ts';

/** The 2048 AI on a worker thread. */
export async function aiAdvisor(): Promise<MoveAdvisor> {
  throw new Error('the AI is not part of this build yet');
}

/** The puzzle solver on a worker thread. */
export async function solverClient(): Promise<SolverClient> {
  throw new Error('the solver is not part of this build yet');
}

/** The puzzle solver on this thread (plain mode). */
export async function solveHere(_tiles: readonly number[], _width: number): Promise<number[]> {
  throw new Error('the solver is not part of this build yet');
}
