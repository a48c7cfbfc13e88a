/**
 * The full-screen sliding puzzle: terminal keys and mouse in, frames out, plus the slide
 * animation. The game loop (timer, saves, records, the solver for hints and the animated
 * solution) is the shared controller's.
 */
import { randomSeed } from '../../engine/rng.ts';
import { ControllerPuzzle } from '../../front/controllerPuzzle.ts';
import type { ModelPuzzle } from '../../front/modelPuzzle.ts';
import type { PuzzleSolver, StorePuzzle } from '../../front/ports.ts';
import { fileStorePuzzle } from '../../storage/storePuzzle.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import type { Key } from '../keys.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { puzzleKeyToCommand } from './keymap.ts';
import { type PuzzleFrame, puzzleLayout, renderPuzzle, tileAt } from './render.ts';

export interface RunPuzzleOptions {
  readonly model: ModelPuzzle;
  readonly dataDir: string;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  /** Loaded on first use (or when a 4x4 board opens), so start-up stays fast. */
  readonly solver: () => Promise<PuzzleSolver>;
  /** Where the puzzle goes (default: the saves in the data directory; the daily challenge's own). */
  readonly store?: StorePuzzle;
  /** The seed of each new puzzle (default: a fresh random one). */
  readonly seed?: () => number;
}

const SLIDE: readonly { frame: PuzzleFrame; ms: number }[] = [
  { frame: { t: 0.35 }, ms: 30 },
  { frame: { t: 0.7 }, ms: 30 },
];

/** What the puzzle came to: "Solved: 30 moves" or "12 moves". */
export function puzzleFigures(m: ModelPuzzle): string {
  const moves = `${m.puzzle.moves} move${m.puzzle.moves === 1 ? '' : 's'}`;
  return m.puzzle.solved ? `Solved: ${moves}` : moves;
}

/**
 * The line printed on the main screen after quitting a puzzle that was saved; `resume` is the
 * command that brings it back (`slidebox puzzle --size 8`).
 */
export function puzzleFarewell(m: ModelPuzzle, resume: string): string {
  return m.puzzle.solved
    ? `${puzzleFigures(m)} — run ${resume} to play again.`
    : `Saved: ${puzzleFigures(m)} — run ${resume} to continue.`;
}

export function runPuzzle(opts: RunPuzzleOptions): Promise<ModelPuzzle> {
  const session = new TerminalSession({ mouse: true });
  let animate = true;
  const draw = () => {
    const view = session.size();
    // A solution being played waits while the board cannot be seen.
    game.setShown(puzzleLayout(game.model, view, opts.depth) !== null);
    session.draw(renderPuzzle(game.model, view, opts.depth, Date.now(), animator.frame));
  };
  const animator = new Animator<PuzzleFrame>(draw);
  const game = new ControllerPuzzle({
    model: opts.model,
    store: opts.store ?? fileStorePuzzle(opts.dataDir),
    solver: opts.solver,
    optimalSolver: opts.solver,
    seed: opts.seed ?? randomSeed,
    onChange: (c) => {
      if (c.model.quit) return;
      if (c.moved && animate && opts.animation) animator.play(SLIDE);
      else draw();
    },
    onTick: () => {
      if (!animator.running) draw();
    },
  });
  const command = (key: Key) => {
    const view = session.size();
    const at = (x: number, y: number) => tileAt(game.model, view, opts.depth, x, y);
    const cmd = puzzleKeyToCommand(key, game.model, at);
    // Moves are refused while the board cannot be seen.
    const move = cmd.type === 'move' || cmd.type === 'tile';
    return move && !puzzleLayout(game.model, view, opts.depth) ? null : cmd;
  };
  const loop = { session, animator, game, draw, command, pauseOnSuspend: true };
  return runScreen({ ...loop, animate: (a) => (animate = a) }, () => {
    game.resume();
    draw();
  });
}
