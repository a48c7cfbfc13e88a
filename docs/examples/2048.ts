import { canMove, newGame, play, slide, undo } from 'slidebox/2048';

let game = newGame({ size: 4, target: 2048, seed: 7 }); // two tiles spawned
game = play(game, 'left'); // the next state; spawns only when the board changed
console.log(game.cells); // 0 = empty, cells[row][col], row 0 at the top
console.log(game.score, game.moves, game.won, game.over);
game = undo(game); // board, score, moves and generator restored

const s = slide(
  [
    [2, 2, 2, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ],
  'left',
);
console.log(s.cells[0], s.gained, s.moved); // [4, 2, 0, 0] 4 true
console.log(s.tiles, s.merges); // where every tile went: { from, to, value, merged }; { at, value }
const stuck = [
  [2, 4, 2],
  [4, 2, 4],
  [2, 4, 2],
];
console.log(canMove(stuck)); // false: no direction changes this board
