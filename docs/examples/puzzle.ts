import { isSolvable, moveTile, newPuzzle, slideToward, solve, undo } from 'slidebox/puzzle';

console.log(isSolvable([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)); // true (row-major, 0 = the gap)
console.log(await solve([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)); // [7, 8]: the tiles to slide, in order
let game = newPuzzle({ width: 4, seed: 7 }); // a uniformly random solvable shuffle
// A valid solution at once; { optimal: true, timeLimitMs: 2000 } for the fewest moves in time.
console.log(isSolvable(game.tiles, 4), await solve(game.tiles, 4, { optimal: false }));
game = moveTile(game, game.tiles[game.tiles.indexOf(0) - 1]!, Date.now()); // slide a tile
game = slideToward(game, 'left', { now: Date.now() }); // the tile right of the gap, leftwards
console.log(game.tiles, game.moves, game.solved, game.last); // last: which tiles slid where
game = undo(game);
