import { newGame, play } from 'slidebox/2048';
import { bestMove } from 'slidebox/ai';

let game = newGame({ size: 4, seed: 7 });
game = play(game, bestMove(game.cells) ?? 'left');
console.log(game.cells, game.score);
