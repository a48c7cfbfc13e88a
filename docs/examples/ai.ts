import { newGameOrThrow, slideOnlyOrThrow } from 'slidebox/2048';
import {
  analysePlacementOrThrow,
  bestMove,
  bestMoveOrThrow,
  choosePlacementOrThrow,
  playGameOrThrow,
} from 'slidebox/ai';

const game = newGameOrThrow({ seed: 7 });
const move = bestMove(game.cells); // a Result; its value: 'up' | 'down' | 'left' | 'right' | null
if (move.ok) console.log(move.value); // null when no move is possible
console.log(bestMoveOrThrow(game.cells, { timeMs: 20 })); // iterative deepening within ~20 ms
console.log(bestMoveOrThrow(game.cells, { depth: 3 })); // fixed depth
console.log(bestMoveOrThrow(game.cells, { preset: 'fast' })); // 'strong' (the default) or 'fast'
// A seeded self-played game: { seed, score, maxTile, moves, ms, moveMs }
console.log(playGameOrThrow(7, { preset: 'fast', maxMoves: 100, noCap: true }).score);
const cellsAfterSlide = slideOnlyOrThrow(game, 'left').cells;
// The adversarial ("evil") spawn: { at: { row, col }, value: 2 | 4 }, or null on a full board
console.log(choosePlacementOrThrow(cellsAfterSlide));
console.log(analysePlacementOrThrow(cellsAfterSlide, { depth: 3 })); // + depth searched, sliderLost
