/**
 * The full-screen duel: terminal keys and mouse in (slides, or the placing cursor and 2/4),
 * the board out, with the slide animation. The duel loop (the AI's turns) is the shared
 * controller's.
 */
import { randomSeed } from '../../engine/rng.ts';
import { ControllerDuel } from '../../front/controllerDuel.ts';
import { keyDuel } from '../../front/keymapMatch.ts';
import type { CommandDuel, ModelDuel } from '../../front/modelDuel.ts';
import type { Advisor, PlacerAi, StoreDuel } from '../../front/ports.ts';
import { fileStoreDuel } from '../../storage/storeVersus.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import type { AnimFrame } from '../game2048/render.ts';
import { type Key, keyInput } from '../keys.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { cellAt, duelLayout, renderDuel } from './render.ts';

export interface RunDuelOptions {
  readonly model: ModelDuel;
  readonly dataDir: string;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  readonly ai: () => Promise<Advisor>;
  readonly placer: () => Promise<PlacerAi>;
  /** Where the duel goes (default: the saves in the data directory). */
  readonly store?: StoreDuel;
}

const FRAMES: readonly { frame: AnimFrame; ms: number }[] = [
  { frame: { kind: 'slide', t: 0 }, ms: 20 },
  { frame: { kind: 'slide', t: 0.5 }, ms: 25 },
  { frame: { kind: 'slide', t: 1 }, ms: 20 },
  { frame: { kind: 'pop' }, ms: 40 },
];

/** Runs the duel screen until the player quits; resolves with the final model. */
export function runDuel(opts: RunDuelOptions): Promise<ModelDuel> {
  const session = new TerminalSession({ mouse: true });
  let animate = true;
  const draw = () => {
    const view = session.size();
    // The AI waits while the board cannot be seen.
    game.setShown(duelLayout(game.model, view, opts.depth) !== null);
    session.draw(renderDuel(game.model, view, opts.depth, animator.frame));
  };
  const animator = new Animator<AnimFrame>(draw);
  const game = new ControllerDuel({
    model: opts.model,
    advisor: opts.ai,
    placer: opts.placer,
    seed: randomSeed,
    store: opts.store ?? fileStoreDuel(opts.dataDir),
    onChange: (c) => {
      if (c.model.quit) return;
      if (c.moved && animate && opts.animation) animator.play(FRAMES);
      else draw();
    },
  });
  const command = (key: Key): CommandDuel | null => {
    if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
    const view = session.size();
    const k = keyInput(key);
    const cmd = k ? keyDuel(k, game.model) : null;
    // While the board cannot be seen, only quitting works.
    if (!duelLayout(game.model, view, opts.depth)) return cmd?.type === 'quit' ? cmd : null;
    if (key.name === 'mouse' && key.button === 0) {
      // A click on a cell moves the placing cursor there.
      const at = cellAt(game.model, view, opts.depth, key.x!, key.y!);
      return at && game.model.duel.phase === 'place' ? { type: 'cursor-at', at } : null;
    }
    return cmd;
  };
  const loop = { session, animator, game, draw, command };
  return runScreen({ ...loop, animate: (a) => (animate = a) }, () => {
    draw();
    game.start();
  });
}
