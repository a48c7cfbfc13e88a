/**
 * The ranked client's answers to its player and to the server, over a scripted socket and fake
 * time: each refusal's code and sentence (and the notice that shows it), the clock it shows
 * between the server's answers, what a resignation sends (again after a reconnection), how the
 * end, a closing code and the server's notices change the view, and a puzzle's moves sent again
 * after a reconnection, numbered on from the server's count.
 */
import { describe, expect, it } from 'vitest';
import { slideOnly } from '../engine/spawn.ts';
import { fakeSockets } from '../testing/fakeSocket.ts';
import { ranked2048, rankedPuzzle, testRankedClient } from '../testing/rankedBoards.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { interruptedSentence, NOT_SENT_DROPPED, NOT_SENT_NOT_ANSWERING } from './linkWords.ts';
import {
  RANKED_CLOSE,
  type RankedBoard,
  type RankedClientMessage,
  type RankedResult,
  type RankedServerMessage,
} from './ranked.ts';
import {
  gameOfBoard,
  QUEUE_MAX,
  RANKED_CLOSED_SENTENCES,
  RANKED_RECONNECTING,
  type RankedView,
} from './rankedClient.ts';

/** 2 in the top-left and bottom-right corners: every direction slides one of them. */
const CORNERS = ranked2048([
  [2, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 2],
]);

/** 1 2 3 / 4 5 6 / 7 0 8: tiles 5, 7 and 8 can move. */
const PUZZLE = rankedPuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8]);

const RESULT: RankedResult = { code: null, entry: null, why: 'resigned', reason: 'resigned' };

function setup(board: RankedBoard, connectTimeoutMs?: number) {
  const time = new FakeTime();
  const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
  const views: RankedView[] = [];
  const client = testRankedClient({
    board,
    socket,
    time,
    retryMs: [100],
    connectTimeoutMs,
    onChange: (v) => views.push(v),
  });
  const s = () => sockets.at(-1)!;
  /** Opens the latest socket and answers its hello with `b`. */
  const welcome = (b: RankedBoard = board, t = 0, more: Partial<RankedServerMessage> = {}) => {
    s().open();
    s().receive({ type: 'state', board: b, result: null, t, ...more } as RankedServerMessage);
  };
  return { time, sockets, client, views, s, welcome };
}

describe('the ranked client refuses input, with a code and a sentence', () => {
  it('while connecting, for the wrong kind of move, a bad one, and once it is full', () => {
    const { client, s } = setup(CORNERS);
    expect(client.move('left')).toEqual({
      ok: false,
      error: { code: 'connecting', message: 'not sent: still connecting to the server' },
    });
    expect(client.view.notice).toBe('not sent: still connecting to the server');
    s().open(); // open, but the server's board not come yet
    expect(client.move('left').ok === false && client.view.notice).toBe(
      'not sent: still connecting to the server',
    );
    s().receive({ type: 'state', board: CORNERS, result: null, t: 0 });
    expect(client.view.notice).toBeNull();
    expect(client.moveTile(1)).toEqual({
      ok: false,
      error: { code: 'wrong-kind', message: 'this is a 2048 game: move in a direction' },
    });
    expect(client.move('north' as never)).toEqual({
      ok: false,
      error: { code: 'bad-move', message: 'north is not a direction' },
    });
    // One move on its way and QUEUE_MAX behind it; one more is refused and nothing is sent.
    for (let i = 0; i <= QUEUE_MAX; i++) {
      expect(client.move(i % 2 ? 'left' : 'right')).toEqual({ ok: true, value: true });
    }
    expect(client.view).toMatchObject({ pending: 1, queued: QUEUE_MAX });
    const sent = s().sent.length;
    expect(client.move('up')).toEqual({
      ok: false,
      error: {
        code: 'busy',
        message: 'waiting for the server’s tile: too many moves ahead of it',
      },
    });
    expect(s().sent.length).toBe(sent);
    expect(client.view.queued).toBe(QUEUE_MAX);
  });

  it('for a puzzle: a 2048 move, a tile that is not one, one that cannot move', () => {
    const { client, welcome, s } = setup(PUZZLE);
    welcome();
    expect(client.move('left')).toEqual({
      ok: false,
      error: { code: 'wrong-kind', message: 'this is a puzzle: move a tile' },
    });
    for (const tile of [0, 9, 1.5, -1]) {
      expect(client.moveTile(tile), String(tile)).toEqual({
        ok: false,
        error: { code: 'bad-move', message: 'a tile is a whole number from 1 to 8' },
      });
    }
    expect(client.moveTile(1)).toEqual({ ok: true, value: false });
    expect(client.moveTile(8)).toEqual({ ok: true, value: true });
    expect(client.view.notice).toBeNull();
    expect(s().sent.slice(1)).toEqual([{ type: 'move', n: 1, tile: 8 }]);
  });

  it('while the server is silent, while reconnecting, once over, and once closed', () => {
    const { client, welcome, s, time } = setup(CORNERS);
    welcome();
    time.advance(10_000); // no heartbeat answered: not answering
    expect(client.view.status).toBe('not-answering');
    expect(client.move('left')).toEqual({
      ok: false,
      error: { code: 'not-answering', message: NOT_SENT_NOT_ANSWERING },
    });
    s().drop();
    expect(client.view).toMatchObject({ status: 'reconnecting', notice: RANKED_RECONNECTING });
    expect(client.resign()).toEqual({
      ok: false,
      error: { code: 'reconnecting', message: `${NOT_SENT_DROPPED} (reconnecting…)` },
    });
    time.advance(100);
    welcome();
    expect(client.view).toMatchObject({ status: 'open', notice: null, closed: null });
    s().receive({ type: 'over', result: RESULT });
    expect(client.move('left')).toEqual({
      ok: false,
      error: { code: 'over', message: 'the game is over' },
    });
    client.close();
    expect(client.view).toMatchObject({ status: 'closed', closed: 'left', notice: null });
    expect(client.resign()).toEqual({
      ok: false,
      error: { code: 'over', message: 'the game is over' },
    });
  });

  it('once closed by its player, with the sentence of why', () => {
    const { client, welcome } = setup(CORNERS);
    welcome();
    client.close();
    expect(client.move('left')).toEqual({
      ok: false,
      error: { code: 'closed', message: `not sent: ${RANKED_CLOSED_SENTENCES.left}` },
    });
    client.close(); // closing again changes nothing
    expect(client.view.closed).toBe('left');
  });

  it('on a board the server says is over', () => {
    const over = ranked2048(CORNERS.cells!, { over: true, moves: 3, elapsedMs: 900 });
    const { client, welcome, time } = setup(over);
    welcome(over, 900);
    time.advance(5_000);
    expect(client.elapsedMs()).toBe(900);
    expect(client.move('left').ok === false && client.view.notice).toBe('the game is over');
  });
});

describe("the ranked client's view of the server", () => {
  it("runs the server's clock on between its answers, and stops it at the end", () => {
    const { client, welcome, time, s } = setup(CORNERS);
    welcome(CORNERS, 2_000);
    expect(client.elapsedMs()).toBe(2_000);
    time.advance(1_500);
    expect(client.elapsedMs()).toBe(3_500);
    expect(client.move('left').ok).toBe(true);
    s().receive({
      type: 'moved',
      n: 1,
      tile: { row: 1, col: 1, value: 2 },
      t: 3_000,
      score: 0,
      over: false,
      won: false,
    });
    expect(client.view.dealt).toEqual({ row: 1, col: 1, value: 2 });
    expect(client.view.clock).toEqual({ ms: 3_000, at: time.now() });
    time.advance(250);
    expect(client.elapsedMs()).toBe(3_250);
    s().receive({ type: 'over', result: RESULT });
    time.advance(1_000);
    expect(client.elapsedMs()).toBe(3_000);
  });

  it('takes no answer for a move it did not send, nor an answer twice', () => {
    const { client, welcome, s } = setup(CORNERS);
    welcome();
    client.move('left');
    const slid = client.view.board;
    const moved = (n: number) =>
      s().receive({
        type: 'moved',
        n,
        tile: { row: 1, col: 1, value: 4 },
        t: 10,
        score: 0,
        over: false,
        won: false,
      });
    moved(2);
    expect(client.view).toMatchObject({ pending: 1, confirmed: CORNERS, board: slid });
    moved(1);
    expect(client.view.confirmed.moves).toBe(1);
    expect(client.view.confirmed.cells![1]![1]).toBe(4);
    const once = client.view.confirmed;
    moved(1);
    expect(client.view.confirmed).toBe(once);
  });

  it('shows the moves of an answer that ends the game, and drops those queued behind it', () => {
    const { client, welcome, s } = setup(CORNERS);
    welcome();
    client.move('left');
    client.move('right');
    expect(client.view.queued).toBe(1);
    const slid = slideOnly(gameOfBoard(CORNERS), 'left');
    s().receive({ type: 'moved', n: 1, tile: null, t: 5, score: 0, over: true, won: false });
    expect(client.view).toMatchObject({ pending: 0, queued: 0 });
    expect(client.view.confirmed).toMatchObject({ over: true, moves: 1, cells: slid.cells });
    expect(s().sent.filter((m) => m.type === 'move')).toHaveLength(1);
  });

  it("says each failure of the server once, and the server's own notices", () => {
    const { client, welcome, s, time } = setup(CORNERS);
    welcome(CORNERS, 0, { interruptions: 1, interruptedMs: 2_500 });
    expect(client.view.notice).toBe(interruptedSentence(2_500));
    s().drop();
    time.advance(100);
    welcome(CORNERS, 0, { interruptions: 1, interruptedMs: 2_500 });
    expect(client.view.notice).toBeNull();
    s().drop();
    time.advance(100);
    welcome(CORNERS, 0, { interruptions: 2 });
    expect(client.view.notice).toBe(interruptedSentence(0));
    s().receive({ type: 'error', code: 'x', message: 'the server says so' });
    expect(client.view.notice).toBe('the server says so');
  });

  it.each([
    [RANKED_CLOSE.badMessage, 'bad-message'],
    [RANKED_CLOSE.badToken, 'bad-token'],
    [RANKED_CLOSE.noGame, 'no-game'],
    [RANKED_CLOSE.replaced, 'replaced'],
  ] as const)('stops for good on closing code %i (%s), with its sentence', (code, why) => {
    const { client, welcome, s, time, sockets } = setup(CORNERS);
    welcome();
    s().drop(code);
    expect(client.view).toMatchObject({
      status: 'closed',
      closed: why,
      notice: RANKED_CLOSED_SENTENCES[why],
    });
    time.advance(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not connect again once the game is over, nor say it drops before it was ever open', () => {
    const { client, welcome, s, time, sockets } = setup(CORNERS);
    s().drop();
    expect(client.view.status).toBe('connecting');
    expect(client.view.notice).toBeNull();
    time.advance(100);
    expect(sockets).toHaveLength(2);
    welcome();
    s().receive({ type: 'over', result: RESULT });
    s().drop();
    expect(client.view).toMatchObject({ status: 'closed', closed: 'left', result: RESULT });
    time.advance(10_000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on a server that does not answer in time, saying which and how long', () => {
    const { client, time } = setup(CORNERS, 2_500);
    time.advance(2_500);
    expect(client.view).toMatchObject({
      status: 'closed',
      closed: 'unreachable',
      notice: 'the server at http://127.0.0.1:1 did not answer within 2.5 s',
    });
  });

  it('tells each listener until it stops listening', () => {
    const { client, welcome } = setup(CORNERS);
    const heard: RankedView[] = [];
    const stop = client.subscribe((v) => heard.push(v));
    welcome();
    expect(heard.at(-1)).toBe(client.view);
    const n = heard.length;
    stop();
    client.move('left');
    expect(heard).toHaveLength(n);
  });
});

describe('the ranked client resigning', () => {
  it('sends the resignation, drops the moves queued, and sends it again after a reconnection', () => {
    const { client, welcome, s, time } = setup(CORNERS);
    welcome();
    client.move('left');
    client.move('right');
    expect(client.resign()).toEqual({ ok: true, value: true });
    expect(client.view.queued).toBe(0);
    expect(s().sent.at(-1)).toEqual({ type: 'resign' });
    s().drop();
    time.advance(100);
    welcome();
    // The move not taken goes again, then the resignation.
    expect(s().sent.slice(1)).toEqual([{ type: 'move', n: 1, d: 'l' }, { type: 'resign' }]);
    s().receive({ type: 'over', result: RESULT });
    s().drop(1000);
    expect(client.view.status).toBe('closed');
  });

  it('sends no resignation again for a game the server has ended', () => {
    const { client, welcome, s, time } = setup(CORNERS);
    welcome();
    client.resign();
    s().drop();
    time.advance(100);
    s().open();
    s().receive({ type: 'state', board: CORNERS, result: RESULT, t: 0 });
    expect(s().sent).toEqual([{ type: 'hello', game: 'g1', token: 't'.repeat(43) }]);
    expect(client.view.result).toEqual(RESULT);
  });
});

describe("the ranked client's puzzle after a reconnection", () => {
  it('sends again the moves not taken, numbered on from the server, and shows its board', () => {
    const { client, welcome, s, time } = setup(PUZZLE);
    welcome();
    expect(client.moveTile(5)).toEqual({ ok: true, value: true }); // 1 2 3 / 4 0 6 / 7 5 8
    expect(client.moveTile(4)).toEqual({ ok: true, value: true }); // 1 2 3 / 0 4 6 / 7 5 8
    const second = [1, 2, 3, 0, 4, 6, 7, 5, 8];
    expect(client.view.board).toMatchObject({ moves: 2, tiles: second });
    s().receive({ type: 'moved', n: 1, tile: null, t: 10, score: 1, over: false, won: false });
    expect(client.view.board).toMatchObject({ moves: 2, score: 2, won: false });
    s().drop();
    time.advance(100);
    // The server took the first: its board after it.
    const afterFirst = rankedPuzzle([1, 2, 3, 4, 0, 6, 7, 5, 8], { moves: 1, score: 1 });
    welcome(afterFirst, 10);
    expect(s().sent.slice(1)).toEqual([{ type: 'move', n: 2, tile: 4 }]);
    expect(client.view).toMatchObject({ pending: 1, board: { tiles: second, moves: 2 } });
    s().receive({ type: 'moved', n: 2, tile: null, t: 20, score: 2, over: false, won: false });
    expect(client.view.confirmed).toMatchObject({ moves: 2, tiles: second });
    expect(client.view.puzzle!.moves).toBe(2);
    expect(client.view.pending).toBe(0);
  });

  it('drops the moves that no longer slide on the board the server gives', () => {
    const { client, welcome, s, time } = setup(PUZZLE);
    welcome();
    client.moveTile(5);
    client.moveTile(4);
    s().drop();
    time.advance(100);
    // A board on which tile 4 is in neither the blank's row nor its column.
    const moved = rankedPuzzle([4, 1, 2, 3, 0, 5, 6, 8, 7], { moves: 1, score: 1 });
    welcome(moved, 10);
    expect(s().sent.slice(1)).toEqual([]);
    expect(client.view).toMatchObject({ pending: 0, board: { tiles: moved.tiles, moves: 1 } });
  });

  it('puts the board back on a refusal', () => {
    const { client, welcome, s } = setup(PUZZLE);
    welcome();
    client.moveTile(8);
    s().receive({ type: 'refused', n: 1, code: 'x', message: 'refused' });
    expect(client.view).toMatchObject({ pending: 0, notice: 'refused', board: PUZZLE });
  });
});

describe("the ranked client's moves around the server's answers", () => {
  /** Only the top-left 2: left and up slide nothing. */
  const ONE = ranked2048([
    [2, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ]);
  const movesSent = (sent: RankedClientMessage[]) => sent.filter((m) => m.type !== 'hello');

  it('sends nothing for a move that slides nothing, and clears a notice with a move that slides', () => {
    const { client, welcome, s } = setup(ONE);
    welcome();
    expect(client.move('north' as never).ok).toBe(false);
    expect(client.view.notice).not.toBeNull();
    expect(client.move('left')).toEqual({ ok: true, value: false });
    expect(client.move('up')).toEqual({ ok: true, value: false });
    expect(movesSent(s().sent)).toEqual([]);
    expect(client.move('right')).toEqual({ ok: true, value: true });
    expect(client.view.notice).toBeNull();
    expect(client.move('down')).toEqual({ ok: true, value: true }); // queued
    expect(movesSent(s().sent)).toEqual([{ type: 'move', n: 1, d: 'r' }]);
  });

  it('after a reconnection, sends the queued move next when the server had taken the one sent', () => {
    const { client, welcome, s, time } = setup(CORNERS);
    welcome();
    client.move('left');
    client.move('right');
    s().drop();
    time.advance(100);
    const slid = slideOnly(gameOfBoard(CORNERS), 'left');
    const cells = slid.cells.map((row) => [...row]);
    cells[1]![1] = 2; // the tile the server dealt
    welcome(ranked2048(cells, { moves: 1 }), 10);
    expect(movesSent(s().sent)).toEqual([{ type: 'move', n: 2, d: 'r' }]);
    expect(client.view).toMatchObject({ pending: 1, queued: 0 });
  });

  it('after a reconnection to a game ended meanwhile, sends none of the moves queued', () => {
    const { client, welcome, s, time } = setup(CORNERS);
    welcome();
    client.move('left');
    client.move('right');
    s().drop();
    time.advance(100);
    s().open();
    s().receive({ type: 'state', board: CORNERS, result: RESULT, t: 0 });
    expect(movesSent(s().sent)).toEqual([]);
    expect(client.view).toMatchObject({ pending: 0, queued: 0, result: RESULT });
  });

  it('never sends the moves queued before a resignation or a refusal', () => {
    const { client, welcome, s } = setup(CORNERS);
    welcome();
    const answer = (n: number) =>
      s().receive({ type: 'moved', n, tile: null, t: n, score: 0, over: false, won: false });
    client.move('left');
    client.move('right');
    client.resign();
    answer(1);
    expect(movesSent(s().sent)).toEqual([{ type: 'move', n: 1, d: 'l' }, { type: 'resign' }]);
    const r = setup(CORNERS);
    r.welcome();
    r.client.move('left');
    r.client.move('right');
    r.s().receive({ type: 'refused', n: 1, code: 'x', message: 'no' });
    expect(r.client.move('down')).toEqual({ ok: true, value: true });
    r.s().receive({ type: 'moved', n: 1, tile: null, t: 1, score: 0, over: false, won: false });
    expect(movesSent(r.s().sent)).toEqual([
      { type: 'move', n: 1, d: 'l' },
      { type: 'move', n: 1, d: 'd' },
    ]);
    expect(r.client.view.queued).toBe(0);
  });

  it('counts the moves waiting once the oldest has waited exactly 0.5 s', () => {
    const { client, welcome, time } = setup(CORNERS);
    welcome();
    client.move('left');
    time.advance(500);
    client.move('right');
    expect(client.view.waiting).toBe(2);
  });

  it('counts the wait of a move from when it was made, not from an earlier wait', () => {
    const { client, welcome, time, s } = setup(CORNERS);
    welcome();
    client.move('left');
    time.advance(600);
    expect(client.view.waiting).toBe(1);
    s().receive({ type: 'moved', n: 1, tile: null, t: 600, score: 0, over: false, won: false });
    expect(client.view.waiting).toBe(0);
    time.advance(1_000);
    client.move('right');
    expect(client.view.waiting).toBe(0);
  });

  it('keeps the reason it was closed for when its player closes it after', () => {
    const { client, welcome, s } = setup(CORNERS);
    welcome();
    s().drop(RANKED_CLOSE.badToken);
    client.close();
    expect(client.view).toMatchObject({
      status: 'closed',
      closed: 'bad-token',
      notice: RANKED_CLOSED_SENTENCES['bad-token'],
    });
  });

  it('puzzle: sends again every move the server lost, numbered on, and takes no answer out of turn', () => {
    const { client, welcome, s, time } = setup(PUZZLE);
    welcome();
    client.moveTile(5);
    client.moveTile(4);
    s().drop();
    time.advance(100);
    welcome(PUZZLE, 0);
    expect(movesSent(s().sent)).toEqual([
      { type: 'move', n: 1, tile: 5 },
      { type: 'move', n: 2, tile: 4 },
    ]);
    s().receive({ type: 'moved', n: 2, tile: null, t: 5, score: 2, over: false, won: false });
    expect(client.view).toMatchObject({ pending: 2, confirmed: PUZZLE });
    s().receive({ type: 'moved', n: 1, tile: null, t: 300, score: 1, over: false, won: false });
    expect(client.view.clock).toEqual({ ms: 300, at: time.now() });
    expect(client.view.pending).toBe(1);
  });

  it('puzzle: has nothing pending once the game is over', () => {
    const { client, welcome, s } = setup(PUZZLE);
    welcome();
    client.moveTile(8);
    s().receive({ type: 'over', result: RESULT });
    expect(client.view.pending).toBe(0);
  });
});

// Mutants of rankedClient.ts that survive these tests, each answering as the code does:
// - `!this.synced` beside `status === 'connecting'` in the refusal while connecting (and what
//   `synced` starts as, or is set to on connecting): the status is 'open' only once the server's
//   board has come, which is when `synced` is set, and a drop makes it 'reconnecting' or
//   'connecting' again, so the status alone refuses the same moves;
// - `v.closed ?? 'left'` in the sentence of a closed client: a client is closed only by `stop`,
//   which names why;
// - `return false` after a closing code or the end (made `true`): `stop` has already stopped the
//   link, which connects no more whatever the answer;
// - the kinds in `shownBoard` (`c.kind === '2048' && this.game` made `true && this.game` or
//   `||`): a client holds a game for a 2048 board and a puzzle for a puzzle board, never both;
// - what a game that is not live sends again of a puzzle (`: []` made a list of one): no move
//   slides a tile that is not one, so nothing is sent;
// - `resigning`, the queue and the moves on their way as the end leaves them: a game over takes
//   no move and sends nothing more (and the moves on their way that a client starts with are
//   dropped with the first board, whose count they do not pass);
// - the status checks of `quiet` (`silent && status === 'open'` and `!silent && status ===
//   'not-answering'`, either made true or `||`): the link watches only a socket the server has
//   welcomed, so it goes quiet only on an open client, and speaks again only after it went quiet,
//   which made that client 'not-answering';
// - a view told again (`if (this.since === since) this.update({})` made `if (true)`, and the
//   queue drained after a move sent again): a change that changes nothing;
// - the dealt tile placed even when `placeTile` refuses it, and a puzzle's own count of moves
//   replaced by the server's once every move is answered: the server deals on an empty cell
//   and counts a puzzle's moves as the client does, so no answer here tells them apart.
