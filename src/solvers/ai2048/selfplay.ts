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
import { unwrap } from '../../engine/result.ts';
import { checkPlayOptions, type PlayOptions } from './options.ts';
import { analysePlan, planOf } from './player.ts';

export type { GameProgress, PlayOptions } from './options.ts';

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

/**
 * Plays a seeded game to its end (keeping going after 2048) or to `maxMoves`, with the search
 * the options choose (default the `strong` preset). `onProgress` is called every
 * `progressEvery` moves (default 1000). Throws a SlideboxError for bad options (code
 * `bad-options`) or a bad seed.
 */
export function playGame(seed: number, opts: PlayOptions = {}): GameRecord {
  const o = unwrap(checkPlayOptions(opts));
  const plan = planOf(o);
  const maxMoves = o.maxMoves ?? Number.POSITIVE_INFINITY;
  const every = o.progressEvery ?? 1000;
  const start = now();
  let game: Game = newGame({ seed });
  const moveMs: number[] = [];
  while (!game.over && game.moves < maxMoves) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    const t0 = now();
    const dir = analysePlan(game.cells, plan).move;
    moveMs.push(now() - t0);
    if (dir === null) break;
    const next = play(game, dir);
    if (next === game) throw new Error(`AI chose ${dir}, which does not move the board`);
    game = next;
    if (o.onProgress && game.moves % every === 0) {
      o.onProgress({ moves: game.moves, score: game.score, maxTile: maxTile(game.cells) });
    }
  }
  return {
    seed,
    score: game.score,
    maxTile: maxTile(game.cells),
    moves: game.moves,
    ms: now() - start,
    moveMs,
  };
}
