/**
 * The full-screen 2048: terminal keys in, frames out, plus the slide animation. The game loop
 * (saves, records, the AI) is the shared controller's.
 */
import { randomSeed } from '../../engine/rng.ts';
import type { Placer } from '../../engine/spawn.ts';
import { Controller2048 } from '../../front/controller2048.ts';
import { formatNumber } from '../../front/format.ts';
import type { Model2048 } from '../../front/model2048.ts';
import type { Advisor, Store2048 } from '../../front/ports.ts';
import { fileStore2048 } from '../../storage/store2048.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { keyToCommand } from './keymap.ts';
import { type AnimFrame, layoutFor, render2048 } from './render.ts';

export interface Run2048Options {
  readonly model: Model2048;
  readonly dataDir: string;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  /** Loads the AI on first use (hint or autoplay), so start-up stays fast. */
  readonly ai: () => Promise<Advisor>;
  /** A key that crashes the game on purpose (tests of the terminal's restore). */
  readonly crashKey?: string;
  /** The placer of an evil game's tiles. */
  readonly place?: Placer;
  /** Where the game goes (default: the saves in the data directory; the daily challenge's own). */
  readonly store?: Store2048;
  /** The seed of each new game (default: a fresh random one). */
  readonly seed?: () => number;
}

/** Frames of a move's animation and how long each stays (about 100 ms in all). */
const FRAMES: readonly { frame: AnimFrame; ms: number }[] = [
  { frame: { kind: 'slide', t: 0 }, ms: 20 },
  { frame: { kind: 'slide', t: 0.5 }, ms: 25 },
  { frame: { kind: 'slide', t: 1 }, ms: 20 },
  { frame: { kind: 'pop' }, ms: 40 },
];

/** Runs the game until the player quits; resolves with the final model. */
export function run2048(opts: Run2048Options): Promise<Model2048> {
  const session = new TerminalSession();
  let animate = true;
  const draw = () => {
    const view = session.size();
    // The AI waits while the board cannot be seen.
    game.setShown(layoutFor(game.model, view, opts.depth) !== null);
    session.draw(render2048(game.model, view, opts.depth, animator.frame));
  };
  const animator = new Animator<AnimFrame>(draw);
  const game = new Controller2048({
    model: opts.model,
    store: opts.store ?? fileStore2048(opts.dataDir, opts.model.evil),
    advisor: opts.ai,
    place: opts.place,
    seed: opts.seed ?? randomSeed,
    onChange: (c) => {
      if (c.model.quit) return;
      if (c.moved && animate && opts.animation) animator.play(FRAMES);
      else draw();
    },
  });
  const command = (key: Parameters<typeof keyToCommand>[0]) => {
    const cmd = keyToCommand(key, game.model);
    // Moves are refused while the board cannot be seen.
    const hidden = !layoutFor(game.model, session.size(), opts.depth);
    return cmd.type === 'move' && hidden ? null : cmd;
  };
  const loop = { session, animator, game, draw, command, crashKey: opts.crashKey };
  return runScreen({ ...loop, animate: (a) => (animate = a) }, () => {
    draw();
    game.start();
  });
}

/** What the game came to: "Score 12 · 3 moves · best 20". */
export function gameFigures(model: Model2048): string {
  const g = model.game;
  const moves = `${formatNumber(g.moves)} move${g.moves === 1 ? '' : 's'}`;
  return `Score ${formatNumber(g.score)} · ${moves} · best ${formatNumber(model.best)}`;
}

/**
 * The line printed on the main screen after quitting a game that was saved; `resume` is the
 * command that brings this game back (`slidebox --size 3`).
 */
export function farewell(model: Model2048, resume: string): string {
  return `${gameFigures(model)} — saved; run ${resume} to continue.`;
}
