/**
 * Self-play for the research tools: a game of any search plan (presets of their own making),
 * stopped at a tile, and played in stretches (a saved state continued, possibly by another
 * setting). The shipped `playGame` plays whole games with the public options only.
 */
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  maxTile,
  newGame,
  play,
} from '../src/engine/game2048.ts';
import { analysePlan, type SearchPlan } from '../src/solvers/ai2048/player.ts';
import type { GameRecord } from '../src/solvers/ai2048/selfplay.ts';

/** Where a stretch of a game starts and ends. */
export interface Stretch {
  /** Stop after this many moves of the game (default: none). */
  readonly maxMoves?: number;
  /** Stop as soon as a tile this big appears (default: none). */
  readonly stopAtTile?: number;
  /** Continue this game (of the same seed) instead of starting a new one. */
  readonly from?: Game;
  /** Called with the state the game stopped in. */
  readonly onEnd?: (game: Game) => void;
}

/** Plays seed `seed` with `plan` to its end or to the stretch's bounds. */
export function playStretch(seed: number, plan: SearchPlan, stretch: Stretch = {}): GameRecord {
  const start = performance.now();
  const maxMoves = stretch.maxMoves ?? Number.POSITIVE_INFINITY;
  const stopAt = stretch.stopAtTile ?? Number.POSITIVE_INFINITY;
  let game = stretch.from ?? newGame({ seed });
  const moveMs: number[] = [];
  while (!game.over && game.moves < maxMoves && maxTile(game.cells) < stopAt) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    const t0 = performance.now();
    const dir = analysePlan(game.cells, plan).move;
    moveMs.push(performance.now() - t0);
    if (dir === null) break;
    const next = play(game, dir);
    if (next === game) throw new Error(`AI chose ${dir}, which does not move the board`);
    game = next;
  }
  stretch.onEnd?.(game);
  return {
    seed,
    score: game.score,
    maxTile: maxTile(game.cells),
    moves: game.moves,
    ms: performance.now() - start,
    moveMs,
  };
}
