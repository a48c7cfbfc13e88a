/**
 * The full-screen sliding puzzle: wires keys and mouse, the model, the renderer, the timer,
 * autosave, records, and the solver (off the main thread) for hints and auto-solve.
 */
import { elapsedMs, pauseClock, resumeClock } from '../../engine/puzzle.ts';
import { randomSeed } from '../../engine/rng.ts';
import {
  type PuzzleCommand,
  type PuzzleModel,
  positionKey,
  updatePuzzle,
  wantsSolution,
} from '../../front/modelPuzzle.ts';
import { recordPuzzleSolve, savePuzzle } from '../../storage/storePuzzle.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import { TerminalSession } from '../terminal.ts';
import { puzzleKeyToCommand } from './keymap.ts';
import { type PuzzleFrame, puzzleLayout, renderPuzzle, tileAt } from './render.ts';

/** Solves positions somewhere else (a worker thread); `cancel` abandons a solve. */
export interface SolverClient {
  solve(tiles: readonly number[], width: number): { promise: Promise<number[]>; cancel(): void };
  close(): void;
}

export interface RunPuzzleOptions {
  readonly model: PuzzleModel;
  readonly dataDir: string;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  /** Loaded on first use, so start-up stays fast. */
  readonly solver: () => Promise<SolverClient>;
}

const SLIDE: readonly { frame: PuzzleFrame; ms: number }[] = [
  { frame: { t: 0.35 }, ms: 30 },
  { frame: { t: 0.7 }, ms: 30 },
];
/** Pause between the moves of a solution being played. */
const SOLVE_STEP_MS = 180;

export function runPuzzle(opts: RunPuzzleOptions): Promise<PuzzleModel> {
  const session = new TerminalSession({ mouse: true });
  let model: PuzzleModel = {
    ...opts.model,
    puzzle: resumeClock(opts.model.puzzle, Date.now()),
  };
  let saveError: string | null = null;
  let solver: SolverClient | null = null;
  let pending: { from: string; cancel(): void } | null = null;
  let stepTimer: NodeJS.Timeout | null = null;

  const draw = () =>
    session.draw(renderPuzzle(model, session.size(), opts.depth, Date.now(), animator.frame));
  const animator = new Animator<PuzzleFrame>(draw);
  // The timer on screen ticks once a second while the clock runs.
  const ticker = setInterval(() => {
    if (model.puzzle.clock.runningSince !== null && !animator.running) draw();
  }, 1000);

  const save = () => {
    try {
      savePuzzle(opts.dataDir, model.puzzle, Date.now(), model.assisted);
      saveError = null;
    } catch (e) {
      saveError = `Could not save the game (${(e as Error).message}).`;
    }
  };

  const apply = (cmd: PuzzleCommand, animate: boolean) => {
    const before = model;
    model = updatePuzzle(model, cmd, { now: Date.now(), seed: randomSeed });
    if (model.puzzle !== before.puzzle) {
      if (model.puzzle.solved && !before.puzzle.solved && !model.assisted) {
        const r = recordPuzzleSolve(
          opts.dataDir,
          model.puzzle.width,
          model.puzzle.moves,
          elapsedMs(model.puzzle, Date.now()),
        );
        model = { ...model, best: r.best, records: { moves: r.movesRecord, time: r.timeRecord } };
      }
      save();
      if (saveError) model = { ...model, notice: saveError };
    }
    afterChange();
    const moved = model.puzzle.previous === before.puzzle && model.puzzle !== before.puzzle;
    if (moved && animate && opts.animation) animator.play(SLIDE);
    else draw();
  };

  /** Starts or stops the solver and the solution player to match the model. */
  const afterChange = () => {
    const from = positionKey(model.puzzle);
    if (pending && (pending.from !== from || !wantsSolution(model))) {
      pending.cancel();
      pending = null;
    }
    if (wantsSolution(model) && !pending) {
      const tiles = [...model.puzzle.tiles];
      const width = model.puzzle.width;
      let cancelled = false;
      const job = {
        from,
        cancel: () => {
          cancelled = true;
        },
      };
      pending = job;
      void (async () => {
        try {
          solver ??= await opts.solver();
          if (cancelled) return;
          const run = solver.solve(tiles, width);
          job.cancel = () => {
            cancelled = true;
            run.cancel();
          };
          const solution = await run.promise;
          if (cancelled) return;
          pending = null;
          apply({ type: 'solution', from, tiles: solution }, false);
        } catch (e) {
          if (cancelled) return;
          pending = null;
          apply({ type: 'solver-failed', from, message: (e as Error).message }, false);
        }
      })();
    }
    if (stepTimer) clearTimeout(stepTimer);
    stepTimer = null;
    if (model.autoSolve && !wantsSolution(model)) {
      stepTimer = setTimeout(() => apply({ type: 'solve-step' }, true), SOLVE_STEP_MS);
    }
  };

  return new Promise((resolve) => {
    const finish = () => {
      animator.stop();
      clearInterval(ticker);
      if (stepTimer) clearTimeout(stepTimer);
      pending?.cancel();
      solver?.close();
      model = { ...model, puzzle: pauseClock(model.puzzle, Date.now()) };
      save();
      session.close();
      resolve(model);
    };
    session.start({
      onResize: () => {
        animator.stop();
        draw();
      },
      onSuspend: () => {
        model = { ...model, puzzle: pauseClock(model.puzzle, Date.now()) };
      },
      onContinue: () => {
        model = { ...model, puzzle: resumeClock(model.puzzle, Date.now()) };
      },
      onExit: () => {
        model = { ...model, puzzle: pauseClock(model.puzzle, Date.now()) };
        save();
      },
      onKeys: (keys) => {
        for (const key of keys) {
          if (model.quit) break;
          animator.stop();
          const view = session.size();
          const cmd = puzzleKeyToCommand(key, model, (x, y) =>
            tileAt(model, view, opts.depth, x, y),
          );
          if (
            (cmd.type === 'move' || cmd.type === 'tile') &&
            !puzzleLayout(model, view, opts.depth)
          )
            continue;
          apply(cmd, key === keys[keys.length - 1]);
          if (model.quit) break;
        }
        if (model.quit) finish();
      },
    });
    afterChange();
    draw();
  });
}
