/**
 * The 2048 front-end's state and its pure update: what the player sees besides the game
 * (best score, overlays, a notice line) and how each command changes it. Both the full-screen
 * and the plain front-end drive the game through this one function.
 */
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  newGame,
  play,
  undo,
} from '../../engine/game2048.ts';
import type { Direction } from '../../engine/types.ts';

export type Overlay = 'help' | 'confirm-new' | null;

export interface Model {
  readonly game: Game;
  readonly best: number;
  readonly overlay: Overlay;
  /** A one-line message shown until the next command. */
  readonly notice: string | null;
  /** Settings for the next new game. */
  readonly size: number;
  readonly target: number;
  readonly quit: boolean;
}

export type Command =
  | { readonly type: 'move'; readonly dir: Direction }
  | { readonly type: 'undo' }
  | { readonly type: 'new' }
  | { readonly type: 'new-confirmed' }
  | { readonly type: 'cancel' }
  | { readonly type: 'help' }
  | { readonly type: 'keep-going' }
  | { readonly type: 'quit' }
  | { readonly type: 'none' };

export function initialModel(game: Game, best: number, notice: string | null = null): Model {
  return {
    game,
    best: Math.max(best, game.score),
    overlay: null,
    notice,
    size: game.size,
    target: game.target,
    quit: false,
  };
}

/** The next model after a command. `seed` gives the seed for a new game, when one starts. */
export function update(model: Model, cmd: Command, seed: () => number): Model {
  const m: Model = { ...model, notice: null };
  switch (cmd.type) {
    case 'none':
      return model;
    case 'quit':
      return { ...m, quit: true };
    case 'help':
      return { ...m, overlay: m.overlay === 'help' ? null : 'help' };
    case 'cancel':
      return { ...m, overlay: null };
    case 'new':
      // A finished game (won and waiting, or over) has nothing to lose: no confirmation.
      if (m.game.over || awaitingWinChoice(m.game) || m.game.moves === 0) return startNew(m, seed);
      return { ...m, overlay: 'confirm-new' };
    case 'new-confirmed':
      return startNew(m, seed);
    case 'keep-going':
      return { ...m, overlay: null, game: keepGoing(m.game) };
    case 'undo': {
      const game = undo(m.game);
      return {
        ...m,
        overlay: null,
        game,
        notice: game === m.game ? 'Nothing to undo.' : null,
      };
    }
    case 'move': {
      const game = play(m.game, cmd.dir);
      return { ...m, overlay: null, game, best: Math.max(m.best, game.score) };
    }
  }
}

function startNew(m: Model, seed: () => number): Model {
  const game = newGame({ size: m.size, target: m.target, seed: seed() });
  return { ...m, overlay: null, game };
}

/** What the game is waiting for, which decides the keys and the overlay. */
export type Phase = 'playing' | 'won' | 'over';

export function phase(game: Game): Phase {
  if (awaitingWinChoice(game)) return 'won';
  if (game.over) return 'over';
  return 'playing';
}
