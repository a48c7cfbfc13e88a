/**
 * The full-screen 2048: wires keys, the model, the renderer, animation and autosave together.
 * Every key is handled in order as it arrives; a key pressed during an animation first ends
 * the animation at once, so nothing is lost, doubled or reordered.
 */
import { randomSeed } from '../../engine/rng.ts';
import { save2048 } from '../../storage/store2048.ts';
import { Animator } from '../animator.ts';
import { formatNumber } from '../ansi.ts';
import type { ColorDepth } from '../color.ts';
import { TerminalSession } from '../terminal.ts';
import { keyToCommand } from './keymap.ts';
import type { Model } from './model.ts';
import { update } from './model.ts';
import { type AnimFrame, layoutFor, render2048 } from './render.ts';

export interface Run2048Options {
  readonly model: Model;
  readonly dataDir: string;
  readonly depth: ColorDepth;
  readonly animation: boolean;
}

/** Frames of a move's animation and how long each stays (about 100 ms in all). */
const FRAMES: readonly { frame: AnimFrame; ms: number }[] = [
  { frame: { kind: 'slide', t: 0 }, ms: 20 },
  { frame: { kind: 'slide', t: 0.5 }, ms: 25 },
  { frame: { kind: 'slide', t: 1 }, ms: 20 },
  { frame: { kind: 'pop' }, ms: 40 },
];

/** Runs the game until the player quits; resolves with the final model. */
export function run2048(opts: Run2048Options): Promise<Model> {
  const session = new TerminalSession();
  let model = opts.model;
  let saveError: string | null = null;
  const draw = () => session.draw(render2048(model, session.size(), opts.depth, animator.frame));
  const animator = new Animator<AnimFrame>(draw);

  const save = () => {
    try {
      save2048(opts.dataDir, model.game, model.best);
      saveError = null;
    } catch (e) {
      saveError = `Could not save the game (${(e as Error).message}).`;
    }
  };

  return new Promise((resolve) => {
    const finish = () => {
      animator.stop();
      session.close();
      resolve(model);
    };
    session.start({
      onResize: () => {
        animator.stop();
        draw();
      },
      onExit: save,
      onKeys: (keys) => {
        for (const key of keys) {
          if (model.quit) break;
          // Test hook: lets end-to-end tests check the terminal is restored after a crash.
          if (key.ch !== undefined && key.ch === process.env.SLIDEBOX_TEST_CRASH_KEY) {
            throw new Error('crash requested by SLIDEBOX_TEST_CRASH_KEY');
          }
          animator.stop();
          const cmd = keyToCommand(key, model);
          // Moves are refused while the board cannot be seen.
          if (cmd.type === 'move' && !layoutFor(model, session.size(), opts.depth)) continue;
          const before = model;
          model = update(model, cmd, randomSeed);
          if (model.game !== before.game) {
            save();
            if (saveError) model = { ...model, notice: saveError };
          }
          if (model.quit) break;
          const moved = model.game.previous === before.game && model.game !== before.game;
          if (moved && opts.animation && key === keys[keys.length - 1]) animator.play(FRAMES);
          else draw();
        }
        if (model.quit) finish();
      },
    });
    draw();
  });
}

/** The line printed on the main screen after quitting. */
export function farewell(model: Model): string {
  const g = model.game;
  return `Score ${formatNumber(g.score)} · ${formatNumber(g.moves)} moves · best ${formatNumber(model.best)} — saved; run slidebox to continue.`;
}
