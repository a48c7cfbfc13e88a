import { AiWorker, fileCache, startSolve } from 'slidebox/node';
import { solveOrThrow } from 'slidebox/puzzle';

// The 4x4 solver's tables (about 11 MB) kept in a folder, ~/.cache/slidebox by default:
// built once (about 6 s), then read in every later process. Without a store: rebuilt each time.
const tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
console.log(await solveOrThrow(tiles, 4, { store: fileCache() })); // [15]

// The solver and the AI on worker threads: the main thread stays free.
const job = startSolve([1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
console.log((await job.promise).moves); // [7, 8]; job.cancel() stops it
const ai = new AiWorker({ threads: 2 }); // the root moves shared over two threads
const cells = [
  [2, 2, 0, 0],
  [0, 4, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
];
console.log(await ai.bestMove(cells, { preset: 'fast' })); // a Direction, or null
await ai.terminate();
