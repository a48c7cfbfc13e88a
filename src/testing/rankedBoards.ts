/**
 * Ranked boards and entries for tests (src/net/ranked.ts): a 2048 board from its cells and a
 * puzzle from its tiles, dealt and not played yet unless told otherwise, and an entry the server
 * ranked.
 */
import type { SubmittedEntry } from '../net/api.ts';
import type { RankedBoard } from '../net/ranked.ts';
import {
  puzzleOfBoard,
  RankedClient,
  type RankedClientOptions,
  type RankedView,
} from '../net/rankedClient.ts';

/** A board's figures before its first move. */
const NOT_PLAYED = { score: 0, moves: 0, elapsedMs: 0, over: false, won: false } as const;

/** A ranked 2048 board of `cells` (its size), to 2048, as dealt; `over` changes any field. */
export function ranked2048(
  cells: readonly (readonly number[])[],
  over: Partial<RankedBoard> = {},
): RankedBoard {
  return {
    kind: '2048',
    size: cells.length,
    target: 2048,
    day: null,
    cells,
    tiles: null,
    ...NOT_PLAYED,
    ...over,
  };
}

/** A ranked puzzle of `tiles` (row by row, 0 the blank), as dealt; `over` changes any field. */
export function rankedPuzzle(
  tiles: readonly number[],
  over: Partial<RankedBoard> = {},
): RankedBoard {
  return {
    kind: 'puzzle',
    size: Math.round(Math.sqrt(tiles.length)),
    target: null,
    day: null,
    cells: null,
    tiles,
    ...NOT_PLAYED,
    ...over,
  };
}

/** A ranked 2048 entry (4×4, #3, by Ann) the server answered; `over` changes any field. */
export function rankedEntry(over: Partial<SubmittedEntry> = {}): SubmittedEntry {
  return {
    id: 1,
    board: '2048',
    kind: '2048',
    size: 4,
    score: 1234,
    moves: 56,
    timeMs: null,
    maxTile: 128,
    assisted: false,
    ranked: true,
    day: null,
    rank: 3,
    name: 'Ann',
    ...over,
  } as SubmittedEntry;
}

/** A ranked client's view of a puzzle `board` as the server confirmed it: open, nothing pending. */
export function rankedPuzzleView(board: RankedBoard, over: Partial<RankedView> = {}): RankedView {
  return {
    status: 'open',
    id: 'g',
    confirmed: board,
    board,
    game: null,
    puzzle: puzzleOfBoard(board),
    dealt: null,
    pending: 0,
    queued: 0,
    clock: { ms: 5000, at: 1_000_000 },
    result: null,
    notice: null,
    closed: null,
    ...over,
  };
}

/** The ranked client of test game `g1` (its token a placeholder), on `o.socket`, as told. */
export function testRankedClient(
  o: Omit<RankedClientOptions, 'server' | 'game' | 'token'>,
): RankedClient {
  return new RankedClient({
    server: 'http://127.0.0.1:1',
    game: 'g1',
    token: 't'.repeat(43),
    ...o,
  });
}
