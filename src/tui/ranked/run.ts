/**
 * The full-screen ranked game: the 2048 or puzzle screen of local play, drawn from the ranked
 * controller's model — the server's board with your own unanswered moves on it, never a tile
 * the server did not deal — and words of ranked play's own around it (given by `text`). While
 * the connection is not open keys change nothing and the notice line says why until it is back.
 */

import { initialModel2048 } from '../../front/model2048.ts';
import { initialModelPuzzle } from '../../front/modelPuzzle.ts';
import {
  type CommandRanked,
  ControllerRanked,
  keyRanked,
  type RankedConnect,
} from '../../front/online/controllerRanked.ts';
import { type ModelRanked, rankedOver } from '../../front/online/modelRanked.ts';
import { Animator } from '../animator.ts';
import type { ColorDepth } from '../color.ts';
import { type AnimFrame, layoutFor, render2048, type ScreenText } from '../game2048/render.ts';
import { type Key, keyInput } from '../keys.ts';
import { type PuzzleFrame, puzzleLayout, renderPuzzle, tileAt } from '../puzzle/render.ts';
import { runScreen } from '../screenLoop.ts';
import { TerminalSession, type Viewport } from '../terminal.ts';

export interface RunRankedOptions {
  readonly model: ModelRanked;
  readonly connect: RankedConnect;
  readonly depth: ColorDepth;
  readonly animation: boolean;
  /** Every word around the board for a model at a moment. */
  readonly text: (m: ModelRanked, now: number) => ScreenText;
}

const SLIDE_2048: readonly { frame: AnimFrame; ms: number }[] = [
  { frame: { kind: 'slide', t: 0 }, ms: 20 },
  { frame: { kind: 'slide', t: 0.5 }, ms: 25 },
  { frame: { kind: 'slide', t: 1 }, ms: 20 },
];
const POP: readonly { frame: AnimFrame; ms: number }[] = [{ frame: { kind: 'pop' }, ms: 40 }];
const SLIDE_PUZZLE: readonly { frame: PuzzleFrame; ms: number }[] = [
  { frame: { t: 0.35 }, ms: 30 },
  { frame: { t: 0.7 }, ms: 30 },
];

/** The ranked screen as lines, at an animation moment (pure). */
export function renderRanked(
  m: ModelRanked,
  view: Viewport,
  depth: ColorDepth,
  now: number,
  text: ScreenText,
  frame: AnimFrame | PuzzleFrame | null = null,
): string[] {
  const v = m.synced ? m.view : null;
  if (v?.game) {
    const anim = frame && 'kind' in frame ? frame : null;
    return render2048(initialModel2048(v.game, 0), view, depth, anim, null, text);
  }
  if (v?.puzzle) {
    const anim = frame && 't' in frame && !('kind' in frame) ? frame : null;
    const pm = initialModelPuzzle(v.puzzle, {}, { invert: m.invert });
    return renderPuzzle(pm, view, depth, now, anim, null, text);
  }
  // Before the server's board: what the connection is doing.
  const said = text.notice ?? 'Connecting to the server…';
  return Array.from({ length: view.rows }, (_, i) => (i === 0 ? ` ${said} · q: leave` : ''));
}

/** Whether the board can be seen in this window (moves are refused while it cannot). */
function boardShown(m: ModelRanked, view: Viewport, depth: ColorDepth): boolean {
  const v = m.synced ? m.view : null;
  if (v?.game) return layoutFor(initialModel2048(v.game, 0), view, depth) !== null;
  if (v?.puzzle) return puzzleLayout(initialModelPuzzle(v.puzzle, {}), view, depth) !== null;
  return false;
}

/** Runs the ranked game until the player leaves; resolves with the last model. */
export function runRanked(opts: RunRankedOptions): Promise<ModelRanked> {
  const session = new TerminalSession({ mouse: opts.model.kind === 'puzzle' });
  let animate = true;
  const draw = () => {
    const now = Date.now();
    const m = game.model;
    const text = opts.text(m, now);
    session.draw(renderRanked(m, session.size(), opts.depth, now, text, animator.frame));
  };
  const animator = new Animator<AnimFrame | PuzzleFrame>(draw);
  let lastDealt: unknown = null;
  const game = new ControllerRanked({
    model: opts.model,
    connect: opts.connect,
    onChange: (m, c) => {
      if (m.quit) return;
      const go = animate && opts.animation;
      const dealt = m.view?.dealt ?? null;
      if (c.moved && go) animator.play(m.kind === '2048' ? SLIDE_2048 : SLIDE_PUZZLE);
      else if (dealt !== lastDealt && m.kind === '2048' && go && !animator.running) {
        // The server's tile: merged tiles pop as it appears (once the slide is drawn).
        animator.play(POP);
      } else if (!animator.running) draw();
      lastDealt = dealt;
    },
  });
  // The puzzle's clock is shown running: redrawn every tenth of a second while it runs.
  const ticker = setInterval(() => {
    const m = game.model;
    if (m.kind === 'puzzle' && m.synced && !rankedOver(m) && !animator.running) draw();
  }, 100);
  const screenGame = {
    get model() {
      return game.model;
    },
    dispatch: (cmd: CommandRanked) => game.dispatch(cmd),
    close: () => {
      clearInterval(ticker);
      return game.close();
    },
    suspend() {},
    resume() {},
  };
  const command = (key: Key): CommandRanked | null => {
    if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
    const m = game.model;
    const view = session.size();
    if (key.name === 'mouse') {
      const puzzle = m.synced ? m.view?.puzzle : null;
      if (key.button !== 0 || !puzzle || m.overlay) return null;
      const pm = initialModelPuzzle(puzzle, {});
      const tile = tileAt(pm, view, opts.depth, key.x!, key.y!);
      return tile === null ? null : { type: 'tile', tile };
    }
    const k = keyInput(key);
    if (!k) return null;
    const cmd = keyRanked(k, m);
    // Moves are refused while the board cannot be seen.
    if ((cmd?.type === 'move' || cmd?.type === 'tile') && !boardShown(m, view, opts.depth)) {
      return null;
    }
    return cmd;
  };
  const loop = { session, animator, game: screenGame, draw, command };
  return runScreen({ ...loop, animate: (a) => (animate = a) }, () => {
    draw();
    game.start();
  });
}
