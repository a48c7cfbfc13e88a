/**
 * The AI worker's message handling, without a worker: the real 2048 AI answers through the
 * AI's own answerAiRequest with the preset for the purpose; malformed requests get an error
 * reply; a cancel skips a request not yet started; a move says which build of the search
 * answered.
 */
import { describe, expect, it } from 'vitest';
import { type Cells, newGame, play, slideValid } from '../../engine/game2048.ts';
import type { Direction } from '../../engine/types.ts';
import { analyse } from '../../solvers/ai2048/player.ts';
import { createAiHandler } from './aiHandler.ts';
import {
  type AiEngine,
  type AiWorkerReply,
  aiMoveRequest,
  MALFORMED_AI_REQUEST,
  PRESET_FOR,
  type Purpose,
} from './protocol.ts';

function harness(engine?: () => AiEngine) {
  const posted: AiWorkerReply[] = [];
  const tasks: (() => void)[] = [];
  const handle = createAiHandler({
    post: (r) => posted.push(r),
    later: (t) => tasks.push(t),
    ...(engine ? { engine } : {}),
  });
  const run = () => {
    while (tasks.length > 0) tasks.shift()!();
  };
  return { posted, tasks, handle, run };
}

/** The move the worker answers for a board, or the message of its error reply (thrown). */
function ask(cells: unknown, purpose: Purpose): Direction | null {
  const h = harness();
  h.handle(aiMoveRequest(1, cells as number[][], purpose));
  h.run();
  expect(h.posted).toHaveLength(1);
  const r = h.posted[0]!;
  if (r.type === 'error') throw new Error(r.message);
  if (r.type !== 'move') throw new Error(`a ${r.type} reply to a move request`);
  return r.move;
}

describe('AI worker handler', () => {
  it('asks for the strong preset for hints and the fast one for autoplay', () => {
    expect(PRESET_FOR).toEqual({ hint: 'strong', autoplay: 'fast' });
    expect(aiMoveRequest(7, [[0]], 'hint')).toEqual({
      type: 'move',
      id: 7,
      cells: [[0]],
      opts: { preset: 'strong' },
    });
  });

  it('answers with the strong preset for hints and the fast one for autoplay', () => {
    // Early-game boards (few distinct tiles), where both presets finish well within their
    // time caps, so their answers are deterministic.
    let g = newGame({ size: 4, seed: 31 });
    const boards: Cells[] = [];
    for (let i = 0; i < 120 && !g.over; i++) {
      boards.push(g.cells);
      g = play(g, analyse(g.cells, { preset: 'fast' }).move!);
    }
    const strong = (c: Cells) => analyse(c, { preset: 'strong' }).move;
    const fast = (c: Cells) => analyse(c, { preset: 'fast' }).move;
    // The presets disagree somewhere, so the mapping is really tested.
    const differ = boards.filter((c) => strong(c) !== fast(c));
    expect(differ.length).toBeGreaterThan(0);
    for (const c of [...differ.slice(0, 5), boards[0]!, boards[60]!]) {
      expect(ask(c, 'hint')).toBe(strong(c));
      expect(ask(c, 'autoplay')).toBe(fast(c));
    }
  });

  it('plays legal moves on every size, and null when no move changes the board', () => {
    for (const size of [3, 4, 5, 8]) {
      let g = newGame({ size, seed: size });
      for (let i = 0; i < 40 && !g.over; i++) {
        const dir = ask(g.cells, 'autoplay');
        expect(dir).not.toBeNull();
        expect(slideValid(g.cells, dir!).moved).toBe(true);
        g = play(g, dir!);
      }
    }
    const stuck = [
      [2, 4, 2],
      [4, 2, 4],
      [2, 4, 2],
    ];
    expect(ask(stuck, 'hint')).toBeNull();
  });

  it('answers a board that is not one with an error reply naming the problem', () => {
    const h = harness();
    h.handle(
      aiMoveRequest(
        3,
        [
          [3, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
        'hint',
      ),
    );
    h.run();
    expect(h.posted).toEqual([
      expect.objectContaining({ type: 'error', id: 3, code: 'bad-value', name: 'SlideboxError' }),
    ]);
    expect((h.posted[0] as { message: string }).message).toMatch(/power of two/);
  });

  it('says which build of the search answered', () => {
    const h = harness(() => 'js');
    h.handle(
      aiMoveRequest(
        4,
        [
          [2, 0, 0],
          [0, 0, 0],
          [0, 0, 2],
        ],
        'autoplay',
      ),
    );
    h.run();
    expect(h.posted).toEqual([expect.objectContaining({ type: 'move', id: 4, engine: 'js' })]);
  });

  it('skips a request cancelled before it starts, and answers the others in order', () => {
    const h = harness();
    const board = [
      [2, 0, 0],
      [0, 0, 0],
      [0, 0, 2],
    ];
    h.handle(aiMoveRequest(1, board, 'autoplay'));
    h.handle(aiMoveRequest(2, board, 'autoplay'));
    h.handle({ type: 'cancel', id: 1 });
    expect(h.posted).toEqual([]);
    h.run();
    expect(h.posted.map((r) => [r.type, r.id])).toEqual([['move', 2]]);
    // A cancel for an answered (or unknown) request does nothing.
    h.handle({ type: 'cancel', id: 2 });
    h.handle({ type: 'cancel', id: 99 });
    h.run();
    expect(h.posted).toHaveLength(1);
  });

  it.each([
    ['no id', { type: 'move', cells: [], opts: { preset: 'fast' } }, -1],
    ['a negative id', { type: 'cancel', id: -1 }, -1],
    [
      'cells that are not a grid',
      { type: 'move', id: 5, cells: [1, 2], opts: { preset: 'fast' } },
      5,
    ],
    ['no options', { type: 'move', id: 5, cells: [[0]] }, 5],
    [
      'a preset the page does not use',
      { type: 'move', id: 5, cells: [[0]], opts: { preset: 'max' } },
      5,
    ],
    [
      'options besides the preset',
      { type: 'move', id: 5, cells: [[0]], opts: { preset: 'fast', depth: 9 } },
      5,
    ],
    ['the old best-move request', { type: 'best-move', id: 5, cells: [[0]], purpose: 'hint' }, 5],
    ['a game request', { type: 'game', id: 5, seed: 1, opts: {} }, 5],
    ['null', null, -1],
  ])('answers a request with %s with a malformed-request error', (_name, msg, id) => {
    const h = harness();
    h.handle(msg);
    expect(h.tasks).toHaveLength(0);
    expect(h.posted).toEqual([
      { type: 'error', id, name: 'Error', code: 'bad-request', message: MALFORMED_AI_REQUEST },
    ]);
  });
});
