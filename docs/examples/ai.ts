import { newGame, slideOnly } from 'slidebox/2048';
import { analysePlacement, bestMove, choosePlacement, playGame } from 'slidebox/ai';

const game = newGame({ seed: 7 });
console.log(bestMove(game.cells)); // 'up' | 'down' | 'left' | 'right' | null (no move)
console.log(bestMove(game.cells, { timeMs: 20 })); // iterative deepening within about 20 ms
console.log(bestMove(game.cells, { depth: 3 })); // fixed depth
console.log(bestMove(game.cells, { preset: 'fast' })); // 'strong' (the default) or 'fast'
// A seeded self-played game: { seed, score, maxTile, moves, ms, moveMs }
console.log(playGame(7, { preset: 'fast', maxMoves: 100, noCap: true }).score);
const cellsAfterSlide = slideOnly(game, 'left').cells;
// The adversarial ("evil") spawn: { at: { row, col }, value: 2 | 4 }, or null on a full board
console.log(choosePlacement(cellsAfterSlide));
console.log(analysePlacement(cellsAfterSlide, { depth: 3 })); // + depth searched, sliderLost
