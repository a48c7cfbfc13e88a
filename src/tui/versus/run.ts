/**
 * The full-screen versus match: terminal keys in (WASD and arrows for two players, or either
 * for the player against the AI), both boards out, with the slide animation and a flash where
 * an attack lands. The match loop (the AI's moves, records) is the shared controller's.
 */
import { randomSeed } from '../../engine/rng.ts';
import { ControllerVersus } from '../../front/controllerVersus.ts';
import type { ModelVersus } from '../../front/modelVersus.ts';
import type { Advisor, StoreVersus } from '../../front/ports.ts';
import { fileStoreVersus } from '../../storage/storeVersus.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import type { AnimFrame } from '../game2048/render.ts';
import type { Key } from '../keys.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { versusKeyToCommand } from './keymap.ts';
import { renderVersus, type VersusAnim, versusLayout } from './render.ts';

export interface RunVersusOptions {
  readonly model: ModelVersus;
  readonly dataDir: string;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  /** Loads the AI on first use. */
  readonly ai: () => Promise<Advisor>;
  /** Where the match goes (default: the saves in the data directory). */
  readonly store?: StoreVersus;
}

const SLIDE: readonly AnimFrame[] = [
  { kind: 'slide', t: 0 },
  { kind: 'slide', t: 0.5 },
  { kind: 'slide', t: 1 },
  { kind: 'pop' },
];
const STEP_MS = 25;
/** How long a landed attack flashes. */
const FLASH_MS = 300;

/** Runs the match screen until the player quits; resolves with the final model. */
export function runVersus(opts: RunVersusOptions): Promise<ModelVersus> {
  const session = new TerminalSession();
  let animate = true;
  let moved: readonly [boolean, boolean] = [false, false];
  let flash: [boolean, boolean] = [false, false];
  const draw = () => {
    const f = animator.frame;
    const anim: VersusAnim = { frames: [moved[0] ? f : null, moved[1] ? f : null], flash };
    const view = session.size();
    // The AI waits while the boards cannot be seen.
    game.setShown(versusLayout(game.model, view, opts.depth) !== null);
    session.draw(renderVersus(game.model, view, opts.depth, anim));
  };
  const animator = new Animator<AnimFrame>(draw);
  const game = new ControllerVersus({
    model: opts.model,
    advisor: opts.ai,
    store: opts.store ?? fileStoreVersus(opts.dataDir),
    seed: randomSeed,
    onChange: (c) => {
      if (c.model.quit) return;
      moved = c.moved;
      if (c.attacked[0] || c.attacked[1]) {
        flash = [flash[0] || c.attacked[0], flash[1] || c.attacked[1]];
        setTimeout(() => {
          flash = [false, false];
          if (!animator.running) draw();
        }, FLASH_MS).unref();
      }
      const slid = c.moved[0] || c.moved[1];
      if (slid && animate && opts.animation)
        animator.play(SLIDE.map((frame) => ({ frame, ms: STEP_MS })));
      else draw();
    },
  });
  const command = (key: Key) => {
    const cmd = versusKeyToCommand(key, game.model);
    // Moves are refused while the boards cannot be seen.
    const hidden = !versusLayout(game.model, session.size(), opts.depth);
    return cmd.type === 'move' && hidden ? null : cmd;
  };
  const loop = { session, animator, game, draw, command };
  return runScreen({ ...loop, animate: (a) => (animate = a) }, () => {
    draw();
    game.start();
  });
}
