import { keepGoing, newGameOrThrow, playOrThrow } from 'slidebox/2048';
import { bestMoveOrThrow } from 'slidebox/ai';

// A 3x3 board with a target of 64, so that the loops end in a few hundred moves.
let g = newGameOrThrow({ size: 3, target: 64, seed: 7, keepPlaying: true });
while (!g.over) g = playOrThrow(g, bestMoveOrThrow(g.cells, { preset: 'fast' })!);
console.log(g.won, g.score); // true once a tile reached 64, and played on past it

let h = newGameOrThrow({ size: 3, target: 64, seed: 7 });
while (!h.over) {
  if (h.won && !h.keepPlaying) h = keepGoing(h); // or stop here: the player has won
  h = playOrThrow(h, bestMoveOrThrow(h.cells, { preset: 'fast' })!);
}
