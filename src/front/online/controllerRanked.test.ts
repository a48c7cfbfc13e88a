/**
 * The ranked loop on the real ranked client, over a scripted socket that plays the server with
 * the real engine: the board shown is the server's after every answered move, keys while the
 * connection is down do nothing and are said so until it is back, resigning asks first, and
 * settled() waits for what is in flight. No undo, hint, AI or solver key.
 */
import { describe, expect, it } from 'vitest';
import { type Game, newGame, play } from '../../engine/game2048.ts';
import { moveTile, newPuzzle } from '../../engine/puzzle.ts';
import type { Direction } from '../../engine/types.ts';
import {
  LETTER_DIRECTIONS,
  type RankedBoard,
  type RankedClientMessage,
  type RankedServerMessage,
} from '../../net/ranked.ts';
import { fakeSockets } from '../../testing/fakeSocket.ts';
import { ranked2048, rankedPuzzle, testRankedClient } from '../../testing/rankedBoards.ts';
import { ControllerRanked, keyRanked } from './controllerRanked.ts';
import { initialModelRanked } from './modelRanked.ts';

/** A server of one 2048 game, on the real engine. */
class Server2048 {
  game: Game;
  constructor(seed: number) {
    this.game = { ...newGame({ seed }), keepPlaying: true };
  }
  board(): RankedBoard {
    const g = this.game;
    return ranked2048(g.cells, {
      score: g.score,
      moves: g.moves,
      elapsedMs: g.moves * 100,
      over: g.over,
      won: g.won,
    });
  }
  answer(m: RankedClientMessage): RankedServerMessage | null {
    if (m.type !== 'move' || !('d' in m)) return null;
    if (m.n !== this.game.moves + 1) {
      return { type: 'refused', n: m.n, code: 'order', message: 'out of order' };
    }
    const next = play(this.game, LETTER_DIRECTIONS[m.d]);
    if (next === this.game) {
      return { type: 'refused', n: m.n, code: 'no-move', message: 'nothing moves that way' };
    }
    this.game = next;
    const s = next.spawned[0]!;
    return {
      type: 'moved',
      n: m.n,
      tile: { row: s.at.row, col: s.at.col, value: s.value },
      t: m.n * 100,
      score: next.score,
      over: next.over,
      won: next.won,
    };
  }
}

function rig(board: RankedBoard) {
  const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
  let moves = 0;
  const c = new ControllerRanked({
    model: initialModelRanked(board.kind),
    connect: (onChange) =>
      testRankedClient({
        board,
        socket,
        onChange,
        retryMs: [0],
      }),
    onChange: (_m, ch) => {
      if (ch.moved) moves++;
    },
  });
  c.start();
  return { c, sockets, moves: () => moves, last: () => sockets[sockets.length - 1]! };
}

const DIRS: readonly Direction[] = ['left', 'up', 'right', 'down'];

describe('a ranked 2048 game on the ranked client', () => {
  it('shows what the server dealt after every answer, keys typed ahead included', () => {
    const srv = new Server2048(11);
    const r = rig(srv.board());
    const s = r.last();
    s.open();
    s.receive({ type: 'state', board: srv.board(), result: null });
    expect(r.c.model.synced).toBe(true);
    for (let round = 0; round < 40 && !srv.game.over; round++) {
      for (const dir of DIRS.slice(round % 2)) r.c.dispatch({ type: 'move', dir });
      // Answer whatever was sent, as the server would, until nothing is in flight.
      while (s.sent.length > 1) {
        const m = s.sent.splice(1, 1)[0]!;
        const a = srv.answer(m);
        if (a) s.receive(a);
      }
      expect(r.c.model.view!.game!.cells).toEqual(srv.game.cells);
      expect(r.c.model.view!.board.score).toBe(srv.game.score);
    }
    expect(r.moves()).toBeGreaterThan(0);
  });

  it('while the connection is down keys change nothing and it is said until it is back', async () => {
    const srv = new Server2048(3);
    const r = rig(srv.board());
    r.last().open();
    r.last().receive({ type: 'state', board: srv.board(), result: null });
    const held = r.c.model.view!.game!.cells;
    r.last().drop(1006);
    expect(r.c.model.view!.status).toBe('reconnecting');
    expect(r.c.model.refused).toBe(false);
    r.c.dispatch({ type: 'move', dir: 'left' });
    r.c.dispatch({ type: 'move', dir: 'up' });
    expect(r.c.model.refused).toBe(true);
    expect(r.c.model.view!.game!.cells).toEqual(held);
    await new Promise((done) => setTimeout(done, 5));
    // Back: the refusal is over, and keys move again.
    const s2 = r.last();
    s2.open();
    s2.receive({ type: 'state', board: srv.board(), result: null });
    expect(r.c.model.view!.status).toBe('open');
    expect(r.c.model.refused).toBe(false);
    const dir = DIRS.find((d) => play(srv.game, d) !== srv.game)!;
    r.c.dispatch({ type: 'move', dir });
    expect(s2.sent.at(-1)).toEqual({ type: 'move', n: 1, d: dir[0] });
  });

  it('resigning asks first, sends once, and settled() waits for the result', async () => {
    const srv = new Server2048(5);
    const r = rig(srv.board());
    const s = r.last();
    s.open();
    s.receive({ type: 'state', board: srv.board(), result: null });
    r.c.dispatch(keyRanked({ key: 'x' }, r.c.model)!);
    expect(r.c.model.overlay).toBe('confirm-resign');
    r.c.dispatch(keyRanked({ key: 'n' }, r.c.model)!);
    expect(r.c.model.overlay).toBe(null);
    expect(s.sent.filter((m) => m.type === 'resign')).toEqual([]);
    r.c.dispatch(keyRanked({ key: 'x' }, r.c.model)!);
    r.c.dispatch(keyRanked({ key: 'y' }, r.c.model)!);
    expect(s.sent.filter((m) => m.type === 'resign')).toEqual([{ type: 'resign' }]);
    expect(r.c.model.resigning).toBe(true);
    let settled = false;
    const waiting = r.c.settled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    const result = {
      code: 'CODE',
      entry: null,
      why: 'a game left with no move',
      reason: 'resigned',
    } as const;
    s.receive({ type: 'over', result });
    await waiting;
    expect(r.c.model.view!.result).toEqual(result);
    expect(r.c.model.resigning).toBe(false);
    // Over: moves do nothing, q leaves.
    expect(keyRanked({ key: 'ArrowLeft' }, r.c.model)).toBe(null);
    expect(keyRanked({ key: 'q' }, r.c.model)).toEqual({ type: 'quit' });
  });

  it('offers no undo, hint, AI, new-game or keep-going key', () => {
    const m = initialModelRanked('2048');
    for (const key of ['u', 'i', 'p', 'n', 'c', '+', '-']) expect(keyRanked({ key }, m)).toBe(null);
  });
});

describe('a ranked puzzle on the ranked client', () => {
  it('arrow keys slide the tile that way (or the gap, inverted); the shown board is the sent moves', () => {
    const start = newPuzzle({ width: 3, seed: 4 });
    const board = rankedPuzzle(start.tiles);
    const r = rig(board);
    const s = r.last();
    s.open();
    s.receive({ type: 'state', board, result: null });
    let p = start;
    for (const dir of DIRS) r.c.dispatch({ type: 'move', dir });
    for (const m of s.sent.slice(1)) {
      if (m.type !== 'move' || !('tile' in m)) throw new Error('a puzzle move');
      p = moveTile(p, m.tile);
    }
    expect(s.sent.length).toBeGreaterThan(1);
    expect(r.c.model.view!.puzzle!.tiles).toEqual(p.tiles);
    r.c.dispatch({ type: 'tile', tile: p.tiles.find((t) => t > 0 && moveTile(p, t) !== p)! });
    expect(r.moves()).toBe(s.sent.length - 1);
  });
});
