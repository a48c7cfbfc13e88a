import {
  isSolvable,
  makePuzzleSaveOrThrow,
  movableTiles,
  moveTileOrThrow,
  newPuzzleOrThrow,
  parsePuzzleSave,
  slideTowardOrThrow,
  solve,
  solveOrThrow,
  undoPuzzle,
} from 'slidebox/puzzle';

console.log(isSolvable([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)); // true (row-major, 0 = the gap)
console.log(await solveOrThrow([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)); // [7, 8]: the tiles to slide
const bad = await solve([1, 2, 3], 3); // a Result: bad input is an error, not a rejection
if (!bad.ok) console.log(bad.error.code); // 'missing-tile', and a sentence in bad.error.message

let game = newPuzzleOrThrow({ size: 4, seed: 7 }); // a uniformly random solvable shuffle
// A valid solution at once; { optimal: true, timeLimitMs: 2000 } for the fewest moves in time.
console.log(isSolvable(game.tiles, 4), await solveOrThrow(game.tiles, 4, { optimal: false }));
game = moveTileOrThrow(game, movableTiles(game)[0]!, { now: Date.now() }); // with those between
game = slideTowardOrThrow(game, 'left', { now: Date.now() }); // the tile right of the gap
console.log(game.size, game.tiles, game.moves, game.solved); // 4, row-major tiles, …
console.log(game.last); // which tiles slid where
game = undoPuzzle(game);
const text = makePuzzleSaveOrThrow(game, { now: Date.now() }); // a save: JSON text
console.log(parsePuzzleSave(text).ok); // checked by replaying its moves
