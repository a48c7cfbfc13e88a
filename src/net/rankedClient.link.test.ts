/**
 * The ranked client when the server is slow or silent, over a fake socket and fake time: a 2048
 * slide is drawn at once and counted pending, moves behind it queued, and once the first has
 * waited 0.5 s the screen is told how many wait ("waiting for the server (N)", sent and queued);
 * a server silent for 4 s is "not answering" (moves refused, nothing sent) until it speaks; one
 * whose hello is never answered is let go after 5 s and connected again.
 */
import { describe, expect, it } from 'vitest';
import { newGame, play } from '../engine/game2048.ts';
import { fakeSockets } from '../testing/fakeSocket.ts';
import { ranked2048, rankedPuzzle, testRankedClient } from '../testing/rankedBoards.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { asSentence, interruptedSentence, NOT_SENT_NOT_ANSWERING } from './linkWords.ts';
import type { RankedClientMessage, RankedServerMessage } from './ranked.ts';
import { RankedClient } from './rankedClient.ts';

const DIRS = ['left', 'right', 'up', 'down'] as const;

function setup(seed: number) {
  const time = new FakeTime();
  const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
  const game = newGame({ seed, keepPlaying: true });
  const board = ranked2048(game.cells);
  const client = testRankedClient({
    board,
    socket,
    time,
    retryMs: [100],
  });
  return { time, sockets, client, game, board };
}

describe('the ranked client with a slow or silent server', () => {
  it('counts the slide drawn ahead and the moves queued behind it as waiting after 0.5 s', () => {
    const { time, sockets, client, game, board } = setup(3);
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'state', board, result: null, t: 0 });
    const dir = DIRS.find((d) => play(game, d) !== game)!;
    client.move(dir);
    // Drawn at once (the slide), not taken: the server's board is as it was.
    expect(client.view.board.cells).not.toEqual(board.cells);
    expect(client.view.confirmed.cells).toEqual(board.cells);
    expect(client.view.pending).toBe(1);
    client.move(dir === 'left' ? 'right' : 'left');
    expect(client.view.queued).toBe(1);
    expect(client.view.waiting).toBe(0);
    time.advance(501);
    expect(client.view.waiting).toBe(2);
  });

  it('is "not answering" after 4 s of silence: moves refused and not sent, until it speaks', () => {
    const { time, sockets, client, game, board } = setup(5);
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'state', board, result: null, t: 0 });
    time.advance(3000);
    s.pong();
    expect(client.view.status).toBe('open');
    time.advance(4000);
    expect(client.view.status).toBe('not-answering');
    const dir = DIRS.find((d) => play(game, d) !== game)!;
    const r = client.move(dir);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe(NOT_SENT_NOT_ANSWERING);
    expect(s.sent.filter((m) => m.type === 'move')).toEqual([]);
    expect(client.view.board.cells).toEqual(board.cells);
    s.pong();
    expect(client.view.status).toBe('open');
    expect(client.move(dir).ok).toBe(true);
  });

  it('puzzle: every slide on its way counts, said waiting after 0.5 s, none once answered', () => {
    const time = new FakeTime();
    const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
    // 1 2 3 / 4 5 6 / 7 0 8: tile 8, then 5 can move.
    const board = rankedPuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8]);
    const client = new RankedClient({
      server: 'http://127.0.0.1:1',
      game: 'g2',
      token: 't'.repeat(43),
      board,
      socket,
      time,
    });
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'state', board, result: null, t: 0 });
    client.moveTile(5);
    client.moveTile(5);
    expect(client.view.pending).toBe(2);
    time.advance(501);
    expect(client.view.waiting).toBe(2);
    s.receive({ type: 'moved', n: 1, tile: null, t: 600, score: 1, over: false, won: false });
    expect(client.view.waiting).toBe(1);
    s.receive({ type: 'moved', n: 2, tile: null, t: 700, score: 2, over: false, won: false });
    expect(client.view.waiting).toBe(0);
    client.close();
  });

  it('connects again when the state does not come within 5 s of the hello', () => {
    const { time, sockets, client, board } = setup(7);
    sockets[0]!.open();
    time.advance(5000);
    expect(sockets[0]!.closedWith?.code).toBe(4001);
    time.advance(100);
    expect(sockets.length).toBe(2);
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'state', board, result: null, t: 0 });
    expect(client.view.status).toBe('open');
    client.close();
  });

  it('says once, after a state that counts one more failure of the server, where the game goes on and what was left out', () => {
    const { sockets, client, board } = setup(7);
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'state', board, result: null, t: 0 });
    expect(client.view.notice).toBeNull();
    // Reconnected to a process that took the game over after its owner died.
    s.receive({
      type: 'state',
      board,
      result: null,
      t: 900,
      interruptedMs: 12_340,
      interruptions: 1,
    });
    expect(client.view.notice).toBe(interruptedSentence(12_340));
    expect(client.view.notice).toContain('12.3 s not timed');
    expect(asSentence(interruptedSentence(3_600_000)).length).toBeLessThanOrEqual(80);
    // The same count again (another reconnection): not said again.
    s.receive({
      type: 'state',
      board,
      result: null,
      t: 950,
      interruptedMs: 12_340,
      interruptions: 1,
    });
    expect(client.view.notice).toBeNull();
    s.receive({
      type: 'state',
      board,
      result: null,
      t: 990,
      interruptedMs: 20_000,
      interruptions: 2,
    });
    expect(client.view.notice).toBe(interruptedSentence(20_000));
  });
});
