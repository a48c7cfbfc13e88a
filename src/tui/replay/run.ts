/**
 * The full-screen replay: terminal keys in, the replayed position out. The pace and the
 * stepping are the shared replay controller's.
 */
import { ControllerReplay } from '../../front/controllerReplay.ts';
import { type CommandReplay, keyReplay, type ModelReplay } from '../../front/modelReplay.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import { type Key, keyInput } from '../keys.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { renderReplay } from './render.ts';

export interface RunReplayOptions {
  readonly model: ModelReplay;
  readonly depth: ColorDepth;
}

/** Runs the replay screen until the viewer quits; resolves with the final model. */
export function runReplay(opts: RunReplayOptions): Promise<ModelReplay> {
  const session = new TerminalSession({ mouse: false });
  const draw = () => session.draw(renderReplay(game.model, session.size(), opts.depth));
  // Positions are shown as they are: the replay has no slide animation of its own.
  const animator = new Animator<never>(draw);
  const game = new ControllerReplay({
    model: opts.model,
    onChange: (c) => {
      if (!c.model.quit) draw();
    },
  });
  const command = (key: Key): CommandReplay | null => {
    if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
    const k = keyInput(key);
    return k ? keyReplay(k) : null;
  };
  return runScreen({ session, animator, game, draw, command, animate: () => {} }, () => {
    draw();
    game.start();
  });
}
