/**
 * The full-screen replay: terminal keys in, the replayed position out. The pace and the
 * stepping are the shared replay controller's.
 */
import { ControllerReplay } from '../../front/controllerReplay.ts';
import type { ReplayAnalyser } from '../../front/modelAnalysis.ts';
import {
  type CommandReplay,
  keyReplay,
  type ModelReplay,
  stepMs,
} from '../../front/modelReplay.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import type { AnimFrame } from '../game2048/render.ts';
import { type Key, keyInput } from '../keys.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession } from '../terminal.ts';
import { renderReplay, slidIn } from './render.ts';

export interface RunReplayOptions {
  readonly model: ModelReplay;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  /** Runs the game's analysis when the model offers it. */
  readonly analyser?: ReplayAnalyser;
}

/** A step's slide, as in the games (about 100 ms), played when the pace leaves time for it. */
const FRAMES: readonly { frame: AnimFrame; ms: number }[] = [
  { frame: { kind: 'slide', t: 0 }, ms: 20 },
  { frame: { kind: 'slide', t: 0.5 }, ms: 25 },
  { frame: { kind: 'slide', t: 1 }, ms: 20 },
  { frame: { kind: 'pop' }, ms: 40 },
];

/** The shortest time to the next move (ms) that still leaves a step the time to slide. */
const ANIMATED_FROM_MS = 125;

/** Runs the replay screen until the viewer quits; resolves with the final model. */
export function runReplay(opts: RunReplayOptions): Promise<ModelReplay> {
  const session = new TerminalSession({ mouse: false });
  const draw = () =>
    session.draw(renderReplay(game.model, session.size(), opts.depth, animator.frame));
  const animator = new Animator<AnimFrame>(draw);
  const game = new ControllerReplay({
    model: opts.model,
    ...(opts.analyser ? { analyser: opts.analyser } : {}),
    onChange: (c) => {
      if (c.model.quit) return;
      // The analysis' reports redraw the screen as it stands, without a slide.
      if (c.model.index === c.before.index && c.model.analysis !== c.before.analysis) {
        if (!animator.running) draw();
        return;
      }
      animator.stop();
      const step = c.model.index === c.before.index + 1 && slidIn(c.model);
      // A step by hand slides; a played one when the next move leaves it the time.
      const slow = !c.model.playing || stepMs(c.model) >= ANIMATED_FROM_MS;
      if (step && slow && opts.animation) animator.play(FRAMES);
      else draw();
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
