/**
 * Plays whole seeded games with the AI through the reference engine (`play`, `keepGoing`), so
 * that the rules are the real ones. Used by the benchmark and by tests.
 */
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  maxTile,
  newGame,
  play,
} from '../../engine/game2048.ts';
import { type AiOptions, analyse } from './player.ts';

/** The outcome of one game. */
export interface GameRecord {
  seed: number;
  score: number;
  maxTile: number;
  moves: number;
  /** Wall time of the whole game, ms. */
  ms: number;
  /** Thinking time of each move, ms. */
  moveMs: number[];
}

const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** Where a game starts and what happens to its last state (for games played in stretches). */
export interface Stretch {
  /** Continue this game (of the same seed) instead of starting a new one. */
  readonly from?: Game;
  /** Called with the state the game stopped in. */
  readonly onEnd?: (game: Game) => void;
}

/**
 * Plays a seeded game to its end (keeping going after 2048), to `maxMoves`, or until a tile
 * of `stopAtTile` appears. `onProgress` is called every `progressEvery` moves.
 */
export function playGame(
  seed: number,
  opts: AiOptions,
  maxMoves = Number.POSITIVE_INFINITY,
  onProgress?: (moves: number, score: number, maxTile: number) => void,
  progressEvery = 1000,
  stopAtTile = Number.POSITIVE_INFINITY,
  stretch: Stretch = {},
): GameRecord {
  const start = now();
  let game = stretch.from ?? newGame({ seed });
  const moveMs: number[] = [];
  while (!game.over && game.moves < maxMoves && maxTile(game.cells) < stopAtTile) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    const t0 = now();
    const dir = analyse(game.cells, opts).move;
    moveMs.push(now() - t0);
    if (dir === null) break;
    const next = play(game, dir);
    if (next === game) throw new Error(`AI chose ${dir}, which does not move the board`);
    game = next;
    if (onProgress && game.moves % progressEvery === 0) {
      onProgress(game.moves, game.score, maxTile(game.cells));
    }
  }
  stretch.onEnd?.(game);
  return {
    seed,
    score: game.score,
    maxTile: maxTile(game.cells),
    moves: game.moves,
    ms: now() - start,
    moveMs,
  };
}
