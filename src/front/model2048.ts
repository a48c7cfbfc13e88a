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
} from '../engine/game2048.ts';
import { type Placer, playPlaced } from '../engine/spawn.ts';
import type { Direction } from '../engine/types.ts';

export type Overlay = 'help' | 'confirm-new' | null;

export interface Model2048 {
  readonly game: Game;
  readonly best: number;
  readonly overlay: Overlay;
  /** A one-line message shown until the next command. */
  readonly notice: string | null;
  /** Settings for the next new game. */
  readonly size: number;
  readonly target: number;
  readonly quit: boolean;
  /** The AI's suggestion for `hint.game` (shown while that is the game on screen). */
  readonly hint: { readonly game: Game; readonly dir: Direction | null } | null;
  /** The player asked for a hint that has not arrived yet. */
  readonly hintWanted: boolean;
  /** The AI plays. */
  readonly autoplay: boolean;
  /** Index into {@link AUTOPLAY_DELAYS}: the pause between the AI's moves. */
  readonly speed: number;
  /** Every new tile is chosen by the placer AI to make the board worst (evil spawns). */
  readonly evil: boolean;
  /** The AI helped in this game: a hint was shown or it played a move (not a record of skill). */
  readonly assisted: boolean;
  /**
   * This game is in the history already: it ended once (a game taken back from its end by undo
   * stays counted, and is not counted again when it ends anew). Kept in the save.
   */
  readonly recorded: boolean;
}

/** What a 2048 save keeps besides the game, so a resumed game still says so. */
export interface Marks2048 {
  /** The AI helped in this game. */
  readonly assisted: boolean;
  /** The game is in the history already (see {@link Model2048.recorded}). */
  readonly recorded: boolean;
}

/** The fields a save holds for its marks: only those that are set. */
export function marksFields(marks: Marks2048): { assisted?: true; recorded?: true } {
  return {
    ...(marks.assisted ? { assisted: true } : {}),
    ...(marks.recorded ? { recorded: true } : {}),
  };
}

/**
 * The marks of a saved game's data (untrusted: anything but `true` is not set). A game saved
 * over before the mark was kept was counted when it ended.
 */
export function readMarks2048(data: unknown, game: Game | null): Marks2048 {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return { assisted: d.assisted === true, recorded: d.recorded === true || game?.over === true };
}

/** Pauses between autoplay moves, fastest first (ms). */
export const AUTOPLAY_DELAYS = [0, 40, 100, 200, 400, 800] as const;
export const DEFAULT_SPEED = 2;

export type Command2048 =
  | { readonly type: 'move'; readonly dir: Direction }
  | { readonly type: 'undo' }
  | { readonly type: 'new' }
  | { readonly type: 'new-confirmed' }
  | { readonly type: 'cancel' }
  | { readonly type: 'help' }
  | { readonly type: 'keep-going' }
  | { readonly type: 'quit' }
  | { readonly type: 'hint' }
  | { readonly type: 'autoplay' }
  | { readonly type: 'faster' }
  | { readonly type: 'slower' }
  /** The AI's answer for `game` (null: no move possible); ignored if the game moved on. */
  | { readonly type: 'ai-answer'; readonly game: Game; readonly dir: Direction | null }
  | { readonly type: 'ai-failed'; readonly message: string }
  | { readonly type: 'none' };

export function initialModel2048(
  game: Game,
  best: number,
  notice: string | null = null,
  evil = false,
): Model2048 {
  return {
    game,
    best: evil ? best : Math.max(best, game.score),
    overlay: null,
    notice,
    size: game.size,
    target: game.target,
    quit: false,
    hint: null,
    hintWanted: false,
    autoplay: false,
    speed: DEFAULT_SPEED,
    evil,
    assisted: false,
    recorded: game.over,
  };
}

/** The next model after a command. `seed` gives the seed for a new game, when one starts. */
export function update2048(
  model: Model2048,
  cmd: Command2048,
  seed: () => number,
  place?: Placer,
): Model2048 {
  const m: Model2048 = { ...model, notice: null };
  // Evil spawns: the placer chooses each new tile (it must be given for an evil game).
  const move = (g: Game, dir: Direction) =>
    m.evil && place ? playPlaced(g, dir, place) : play(g, dir);
  switch (cmd.type) {
    case 'none':
      return model;
    case 'quit':
      return { ...m, quit: true, autoplay: false };
    case 'help':
      return { ...m, overlay: m.overlay === 'help' ? null : 'help', autoplay: false };
    case 'hint':
      if (m.game.over) return { ...m, notice: 'No moves left.' };
      return { ...m, hintWanted: true };
    case 'autoplay':
      if (m.autoplay) return { ...m, autoplay: false, notice: 'Autoplay paused.' };
      if (m.game.over) return { ...m, notice: 'No moves left.' };
      return { ...m, autoplay: true, overlay: null, game: keepGoing(m.game) };
    case 'faster':
    case 'slower': {
      const speed = Math.max(
        0,
        Math.min(AUTOPLAY_DELAYS.length - 1, m.speed + (cmd.type === 'faster' ? -1 : 1)),
      );
      return { ...m, speed, notice: `Autoplay pause: ${AUTOPLAY_DELAYS[speed]} ms between moves.` };
    }
    case 'ai-failed':
      return { ...m, autoplay: false, hintWanted: false, notice: `The AI failed: ${cmd.message}` };
    case 'ai-answer': {
      if (cmd.game !== m.game) return model;
      const hinted: Model2048 = {
        ...m,
        notice: model.notice,
        hint: { game: cmd.game, dir: cmd.dir },
        hintWanted: false,
        assisted: true,
      };
      if (!m.autoplay || cmd.dir === null) return hinted;
      return afterAiMove(hinted, move(m.game, cmd.dir));
    }
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
        autoplay: false,
        hintWanted: false,
        notice: game === m.game ? 'Nothing to undo.' : null,
      };
    }
    case 'move': {
      // A move of the player's own takes over from the AI.
      const game = move(m.game, cmd.dir);
      return {
        ...m,
        overlay: null,
        game,
        best: raisedBest(m, game),
        autoplay: false,
        hintWanted: false,
      };
    }
  }
}

/** The best score after a move: an evil game's scores are not records, so they never raise it. */
function raisedBest(m: Model2048, game: Game): number {
  return m.evil ? m.best : Math.max(m.best, game.score);
}

/** After the AI's move: watching continues past a win; the game's end stops it. */
function afterAiMove(m: Model2048, played: Game): Model2048 {
  let game = played;
  let notice: string | null = null;
  if (awaitingWinChoice(game)) {
    game = keepGoing(game);
    notice = `Reached ${game.target}! The AI keeps going (p pauses).`;
  }
  return {
    ...m,
    game,
    best: raisedBest(m, game),
    autoplay: !game.over,
    notice: game.over ? 'Game over: the AI has no moves left.' : notice,
  };
}

/** Does the model need the AI's answer for the game on screen? */
export function wantsAi(m: Model2048): boolean {
  if (m.game.over || m.quit) return false;
  if (m.autoplay) return true;
  return m.hintWanted && m.hint?.game !== m.game;
}

/** The hint to show for the game on screen, if any. */
export function shownHint(m: Model2048): Direction | null | undefined {
  return m.hint?.game === m.game ? m.hint.dir : undefined;
}

function startNew(m: Model2048, seed: () => number): Model2048 {
  const game = newGame({ size: m.size, target: m.target, seed: seed() });
  return { ...m, overlay: null, game, hintWanted: false, assisted: false };
}

/** What the game is waiting for, which decides the keys and the overlay. */
export type Phase = 'playing' | 'won' | 'over';

export function phase(game: Game): Phase {
  if (awaitingWinChoice(game)) return 'won';
  if (game.over) return 'over';
  return 'playing';
}
