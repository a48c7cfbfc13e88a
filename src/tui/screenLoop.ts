/**
 * The loop of a full-screen game, for both games: keys in order as they arrive (a key pressed
 * during an animation ends it at once, so nothing is lost, doubled or reordered), redraws on
 * resize, and the controller closed (saving) on quit, on a signal or a crash.
 */
import type { Animator } from './animator.ts';
import type { Key } from './keys.ts';
import type { TerminalSession } from './terminal.ts';

/** What the loop needs of a game's controller. */
export interface ScreenGame<C, M> {
  readonly model: { readonly quit: boolean };
  dispatch(cmd: C): unknown;
  close(): M;
  suspend(): void;
  resume(): void;
}

export interface ScreenLoop<C, M, F> {
  readonly session: TerminalSession;
  readonly animator: Animator<F>;
  readonly game: ScreenGame<C, M>;
  draw(): void;
  /** The command for a key; null drops the key (a move while the board cannot be seen). */
  command(key: Key): C | null;
  /** Says whether the next change may animate: only the last key of a burst does. */
  animate(last: boolean): void;
  /** Stop the game's clock while the program is suspended (Ctrl+Z). */
  readonly pauseOnSuspend?: boolean;
  /** A key that crashes the program on purpose (tests of the terminal's restore). */
  readonly crashKey?: string;
}

/**
 * Runs the screen until the player quits; resolves with what the controller ends with. `start`
 * is given a way to end the screen without a key (a room that can no longer be played).
 */
export function runScreen<C, M, F>(
  s: ScreenLoop<C, M, F>,
  start: (end: () => void) => void,
): Promise<M> {
  const { session, animator, game } = s;
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      animator.stop();
      const end = game.close();
      session.close();
      resolve(end);
    };
    const onKeys = (keys: readonly Key[]) => {
      for (const key of keys) {
        if (game.model.quit) break;
        if (key.ch !== undefined && key.ch === s.crashKey) {
          throw new Error('crash requested by the crash key');
        }
        animator.stop();
        const cmd = s.command(key);
        if (cmd === null) continue;
        s.animate(key === keys[keys.length - 1]);
        game.dispatch(cmd);
        s.animate(true);
      }
      if (game.model.quit) finish();
    };
    session.start({
      onResize: () => {
        animator.stop();
        s.draw();
      },
      ...(s.pauseOnSuspend
        ? { onSuspend: () => game.suspend(), onContinue: () => game.resume() }
        : {}),
      onExit: () => game.close(),
      onKeys,
    });
    start(finish);
  });
}
