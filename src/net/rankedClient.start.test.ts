/**
 * Starting a ranked game through the API and the engine values of the server's boards: a start
 * refused is given back as it came, a start taken connects a client to that game with its token;
 * a 2048 board's game keeps its target, score, moves and end, and plays on past its target.
 */
import { describe, expect, it } from 'vitest';
import { err, ok } from '../engine/result.ts';
import { fakeSockets } from '../testing/fakeSocket.ts';
import { ranked2048, rankedPuzzle } from '../testing/rankedBoards.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import type { ServerClient } from './api.ts';
import type { RankedClientMessage, RankedServerMessage, RankedStart } from './ranked.ts';
import { gameOfBoard, puzzleOfBoard, RankedClient } from './rankedClient.ts';

const BOARD = ranked2048(
  [
    [2, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 2],
  ],
  { target: 4096, score: 120, moves: 9, elapsedMs: 5_000 },
);

function api(answer: Awaited<ReturnType<ServerClient['startRanked']>>): ServerClient {
  return { base: 'http://127.0.0.1:9', startRanked: async () => answer } as unknown as ServerClient;
}

describe('starting a ranked game', () => {
  it('connects a client to the game started, with its token', async () => {
    const start: RankedStart = { id: 'g7', token: 'k'.repeat(43), board: BOARD, keepMs: 60_000 };
    const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
    const r = await RankedClient.start(
      api(ok(start)),
      { kind: '2048', playerKey: 'p'.repeat(43), name: 'Alice' },
      { socket, time: new FakeTime() },
    );
    if (!r.ok) throw new Error('not started');
    expect(r.value.start).toBe(start);
    expect(r.value.client.view).toMatchObject({ id: 'g7', status: 'connecting', board: BOARD });
    sockets[0]!.open();
    expect(sockets[0]!.url).toMatch(/^ws:\/\/127\.0\.0\.1:9\//);
    expect(sockets[0]!.sent[0]).toEqual({ type: 'hello', game: 'g7', token: 'k'.repeat(43) });
    r.value.client.close();
  });

  it('gives a refused start back as it came, and connects nothing', async () => {
    const refused = err({ code: 'rate-limited' as const, message: 'slow down' });
    const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
    const r = await RankedClient.start(
      api(refused as never),
      { kind: '2048', playerKey: 'p'.repeat(43), name: 'Alice' },
      { socket },
    );
    expect(r).toEqual(refused);
    expect(sockets).toHaveLength(0);
  });
});

describe("the engine's values of the server's boards", () => {
  it("keeps a 2048 board's target, score, moves and end, and plays on past the target", () => {
    const g = gameOfBoard(BOARD);
    expect(g).toMatchObject({
      target: 4096,
      score: 120,
      moves: 9,
      over: false,
      won: false,
      keepPlaying: true,
    });
    expect(g.cells).toEqual(BOARD.cells);
    const won = gameOfBoard(ranked2048(BOARD.cells!, { won: true, over: true }));
    expect(won).toMatchObject({ won: true, over: true, keepPlaying: true });
  });

  it("keeps a puzzle board's moves and whether it is solved", () => {
    const p = puzzleOfBoard(rankedPuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8], { score: 14 }));
    expect(p).toMatchObject({ size: 3, moves: 14, solved: false });
    expect(p.tiles).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 8]);
  });
});

describe("the ranked client's view before the server's board comes", () => {
  it('shows the board it was given, runs its clock from it, and has nothing pending', () => {
    const time = new FakeTime();
    const { socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
    const open = (board: typeof BOARD) =>
      new RankedClient({ server: 'http://x', game: 'g', token: 't', board, socket, time });
    const c2048 = open(BOARD);
    expect(c2048.view.game?.cells).toEqual(BOARD.cells);
    expect(c2048.view.puzzle).toBeNull();
    const puzzle = rankedPuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8], { elapsedMs: 700 });
    const cPuzzle = open(puzzle);
    expect(cPuzzle.view.game).toBeNull();
    expect(cPuzzle.view.puzzle?.tiles).toEqual(puzzle.tiles);
    expect(cPuzzle.view.pending).toBe(0);
    expect(cPuzzle.moveTile(8)).toEqual({
      ok: false,
      error: { code: 'connecting', message: 'not sent: still connecting to the server' },
    });
    time.advance(300);
    expect(c2048.elapsedMs()).toBe(5_300);
    expect(cPuzzle.elapsedMs()).toBe(1_000);
  });
});
