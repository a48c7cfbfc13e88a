/**
 * The full-screen 2048: wires keys, the model, the renderer, animation, autosave and the AI
 * (in a worker, loaded on first use) together. Every key is handled in order as it arrives; a
 * key pressed during an animation first ends the animation at once, so nothing is lost,
 * doubled or reordered. The AI never blocks input: its answers arrive as commands and are
 * dropped if the game has moved on.
 */
import { randomSeed } from '../../engine/rng.ts';
import type { Direction } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import {
  AUTOPLAY_DELAYS,
  type Command,
  type Model,
  update,
  wantsAi,
} from '../../front/model2048.ts';
import { save2048 } from '../../storage/store2048.ts';
import { SaveThrottle } from '../../storage/throttle.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import { TerminalSession } from '../terminal.ts';
import { keyToCommand } from './keymap.ts';
import { type AnimFrame, layoutFor, render2048 } from './render.ts';

/** Suggests moves off the main thread. */
export interface MoveAdvisor {
  bestMove(
    cells: number[][],
    purpose: 'hint' | 'autoplay',
    signal: AbortSignal,
  ): Promise<Direction | null>;
  close(): void;
}

export interface Run2048Options {
  readonly model: Model;
  readonly dataDir: string;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  /** Loads the AI on first use (hint or autoplay), so start-up stays fast. */
  readonly ai: () => Promise<MoveAdvisor>;
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
  let advisor: MoveAdvisor | null = null;
  let pending: { game: Model['game']; ctrl: AbortController } | null = null;
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

  const saver = new SaveThrottle(save, 500);

  /** Applies one command: update, save if the game changed, animate or draw, then the AI. */
  const handle = (cmd: Command, animate: boolean) => {
    const before = model;
    model = update(model, cmd, randomSeed);
    if (model.game !== before.game) {
      // The player's moves are saved at once; the AI's, at most twice a second.
      if (cmd.type === 'ai-answer') saver.soon();
      else saver.now();
      if (saveError) model = { ...model, notice: saveError };
    }
    if (model.quit) return;
    const moved = model.game.previous === before.game && model.game !== before.game;
    if (moved && animate && opts.animation) animator.play(FRAMES);
    else draw();
    syncAi();
  };

  /** Asks the AI when the model wants an answer it is not already waiting for. */
  const syncAi = () => {
    if (pending && (pending.game !== model.game || !wantsAi(model))) {
      pending.ctrl.abort();
      pending = null;
    }
    if (!wantsAi(model) || pending) return;
    const game = model.game;
    const ctrl = new AbortController();
    pending = { game, ctrl };
    const purpose = model.autoplay ? 'autoplay' : 'hint';
    const started = Date.now();
    void (async () => {
      try {
        advisor ??= await opts.ai();
        const dir = await advisor.bestMove(
          game.cells.map((r) => [...r]),
          purpose,
          ctrl.signal,
        );
        if (ctrl.signal.aborted) return;
        // Autoplay keeps its pace: the pause counts from when the AI was asked.
        const wait =
          purpose === 'autoplay' ? AUTOPLAY_DELAYS[model.speed]! - (Date.now() - started) : 0;
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (ctrl.signal.aborted) return;
        pending = null;
        handle({ type: 'ai-answer', game, dir }, true);
      } catch (e) {
        if (ctrl.signal.aborted) return;
        pending = null;
        handle({ type: 'ai-failed', message: (e as Error).message }, false);
      }
    })();
  };

  return new Promise((resolve) => {
    const finish = () => {
      animator.stop();
      pending?.ctrl.abort();
      advisor?.close();
      saver.flush();
      session.close();
      resolve(model);
    };
    session.start({
      onResize: () => {
        animator.stop();
        draw();
      },
      onExit: () => saver.flush(),
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
          handle(cmd, key === keys[keys.length - 1]);
        }
        if (model.quit) finish();
      },
    });
    draw();
    syncAi();
  });
}

/** The line printed on the main screen after quitting. */
export function farewell(model: Model): string {
  const g = model.game;
  return `Score ${formatNumber(g.score)} · ${formatNumber(g.moves)} moves · best ${formatNumber(model.best)} — saved; run slidebox to continue.`;
}
