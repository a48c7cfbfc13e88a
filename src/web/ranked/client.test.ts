import { describe, expect, it } from 'vitest';
import { elapsedMs } from '../../engine/puzzle.ts';
import type { RankedBoard } from '../../net/ranked.ts';
import { puzzleOfBoard, type RankedView } from '../../net/rankedClient.ts';
import { rankedPuzzle, rankedPuzzleView } from '../../testing/rankedBoards.ts';
import { asSentence, closedSentence, gone, rankedNotice, serverClocked } from './client.ts';
import { endedView, endOf } from './game.ts';
import type { KeptRanked } from './slots.ts';

const PUZZLE = rankedPuzzle([1, 2, 3, 4, 5, 6, 0, 7, 8], { score: 4, moves: 3, elapsedMs: 5000 });

const view = (over: Partial<RankedView> = {}): RankedView => rankedPuzzleView(PUZZLE, over);

const RESULT = { code: 'C O', entry: null, why: null, reason: 'play' } as const;

describe('what a ranked screen reads of the client', () => {
  it('makes sentences of the client’s words', () => {
    expect(asSentence('the game is over')).toBe('The game is over.');
    expect(asSentence('Already one?')).toBe('Already one?');
    expect(asSentence('  ')).toBe('');
  });

  it('says why keys do nothing while the connection is not open, else the refusal or its own', () => {
    expect(rankedNotice(view(), false, null)).toBe('');
    expect(rankedNotice(view(), false, 'Resigning…')).toBe('Resigning…');
    expect(rankedNotice(view({ notice: 'not a move' }), false, 'x')).toBe('Not a move.');
    expect(rankedNotice(view({ status: 'reconnecting', notice: 'dropped' }), true, 'x')).toBe(
      'Not sent: the connection dropped. Reconnecting… the board shows only what the server took.',
    );
    expect(rankedNotice(view({ status: 'connecting' }), false, null)).toBe(
      'Connecting to the server…',
    );
    // 2048 past its target: play goes on, and the notice says so.
    const won: RankedBoard = {
      ...PUZZLE,
      kind: '2048',
      target: 256,
      tiles: null,
      cells: [
        [256, 2, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      won: true,
    };
    expect(rankedNotice(view({ confirmed: won }), false, null)).toBe(
      'You made 256! Play on: the score counts until no move is left.',
    );
    expect(rankedNotice(view({ confirmed: { ...won, over: true } }), false, null)).toBe('');
    // Once over, only the screen's own sentence.
    expect(rankedNotice(view({ status: 'closed', result: RESULT }), true, null)).toBe('');
  });

  it('says why a closed connection will not come back, and what to do', () => {
    expect(closedSentence(view())).toBeNull();
    expect(closedSentence(view({ status: 'closed', closed: 'replaced' }))).toBe(
      'This game is now played in another window or tab: keys here do nothing. Reload this page to play it here.',
    );
    const noGame = view({ status: 'closed', closed: 'no-game', notice: 'no such ranked game' });
    expect(closedSentence(noGame)).toBe(
      'No such ranked game. Start another with Play ranked on its card.',
    );
    expect(gone(noGame)).toBe(true);
    expect(gone(view({ status: 'closed', closed: 'bad-token' }))).toBe(true);
    expect(gone(view({ status: 'closed', closed: 'replaced' }))).toBe(false);
    expect(gone(view({ status: 'reconnecting' }))).toBe(false);
    expect(closedSentence(view({ status: 'closed', closed: 'unreachable', notice: 'away' }))).toBe(
      'Away.',
    );
  });

  it('runs a puzzle’s clock from the server’s last reading, and stops it at the end', () => {
    const p = serverClocked(view())!;
    expect(elapsedMs(p, 1_000_000)).toBe(5000);
    expect(elapsedMs(p, 1_002_500)).toBe(7500);
    const over = { ...PUZZLE, over: true, won: true, elapsedMs: 6000 };
    const stopped = serverClocked(view({ confirmed: over, result: RESULT }))!;
    expect(elapsedMs(stopped, 9_999_999)).toBe(6000);
    expect(serverClocked(view({ puzzle: null }))).toBeNull();
  });

  it('counts a puzzle’s moves as the server took them: two drawn ahead are not counted yet', () => {
    const ahead = { ...puzzleOfBoard(PUZZLE), moves: 6 };
    const p = serverClocked(view({ puzzle: ahead, board: { ...PUZZLE, score: 6 }, pending: 2 }))!;
    expect(p.moves).toBe(4);
    expect(p.tiles).toEqual(ahead.tiles);
  });
});

describe('the end of a ranked game', () => {
  const kept: KeptRanked = {
    id: 'g',
    token: 'tok',
    kind: 'puzzle',
    daily: false,
    size: 3,
    target: null,
    keepMs: 1000,
    result: RESULT,
    board: PUZZLE,
  };
  const NOW = Date.UTC(2026, 10, 27, 12);

  it('shows a game kept as ended, with its replay', () => {
    const v = endedView(kept, PUZZLE, NOW);
    expect(v.result).toEqual(RESULT);
    expect(v.puzzle?.tiles).toEqual(PUZZLE.tiles);
    expect(v.game).toBeNull();
    expect(endOf(PUZZLE, v, NOW)?.replay).toBe('#replay=C%20O');
    expect(endOf(PUZZLE, view(), NOW)).toBeNull();
  });

  it('has no replay for a ranked daily whose code the server withholds (its day lasts), one once it gives it', () => {
    const today = { ...PUZZLE, day: '2026-11-27' };
    const withheld = { ...RESULT, code: null, codeAt: '2026-11-28T00:00:00.000Z' };
    const end = endOf(today, view({ result: withheld }), NOW);
    expect(end?.replay).toBeNull();
    expect(end?.lines.at(-1)).toMatch(
      /^Its replay opens when the day is over, at 00:00 UTC on 2026-11-28/,
    );
    // The server decides: its code given, the replay is shown whatever this browser's clock says.
    const given = endOf(today, view({ result: { ...withheld, code: 'C O' } }), NOW);
    expect(given?.replay).toBe('#replay=C%20O');
    expect(given?.lines.join(' ')).not.toMatch(/replay opens/);
  });
});
