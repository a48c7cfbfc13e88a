import { canMove, newGame, playOrThrow, slide, undoGame } from 'slidebox/2048';

const created = newGame({ size: 4, target: 2048, seed: 7 }); // { ok: true, value } or
if (!created.ok) throw new Error(created.error.message); // { ok: false, error: { code, message } }
let game = created.value; // two tiles spawned
game = playOrThrow(game, 'left'); // the next state; spawns only when the board changed
console.log(game.cells); // 0 = empty, cells[row][col], row 0 at the top
console.log(game.score, game.moves, game.won, game.over);
game = undoGame(game); // board, score, moves and generator restored

const s = slide(
  [
    [2, 2, 2, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ],
  'left',
);
if (s.ok) console.log(s.value.cells[0], s.value.gained, s.value.moved); // [4, 2, 0, 0] 4 true
if (s.ok) console.log(s.value.tiles, s.value.merges); // { from, to, value, merged }; { at, value }
const stuck = [
  [2, 4, 2],
  [4, 2, 4],
  [2, 4, 2],
];
console.log(canMove(stuck)); // false: no direction changes this board
