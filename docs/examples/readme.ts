import { newGame, playOrThrow } from 'slidebox/2048';
import { bestMoveOrThrow } from 'slidebox/ai';

const start = newGame({ size: 4, seed: 7 }); // a Result: bad options are an error, not a throw
if (!start.ok) throw new Error(start.error.message);
let game = start.value;
game = playOrThrow(game, bestMoveOrThrow(game.cells) ?? 'left'); // …OrThrow: the value or a throw
console.log(game.cells, game.score);
