import { describe, expect, it } from 'vitest';
import type { RankedView } from '../../net/rankedClient.ts';
import { ranked2048, rankedPuzzle, rankedPuzzleView } from '../../testing/rankedBoards.ts';
import {
  figures,
  holdSentence,
  noticeLine,
  rankedName,
  rankedTitle,
  replayOpens,
  withheldDay,
} from './rankedWords.ts';

const PUZZLE = rankedPuzzle([1, 2, 3, 4, 5, 6, 0, 7, 8], { score: 24, moves: 20, elapsedMs: 7042 });

const view = (over: Partial<RankedView> = {}): RankedView => rankedPuzzleView(PUZZLE, over);

describe('ranked play in words, for every front-end', () => {
  it('names and titles the game', () => {
    expect(rankedName('2048', 4, false)).toBe('Ranked 2048');
    expect(rankedName('2048', 4, true)).toBe('Ranked daily 2048');
    expect(rankedName('puzzle', 3, false)).toBe('Ranked 8-puzzle');
    expect(rankedName('puzzle', 4, true)).toBe('Ranked daily 15-puzzle');
    expect(rankedTitle({ kind: '2048', size: 3, target: 256, day: null })).toBe(
      'Ranked 2048 · 3×3 · target 256',
    );
    expect(rankedTitle({ kind: 'puzzle', size: 5, target: null, day: null })).toBe(
      'Ranked 24-puzzle · 5×5',
    );
    expect(
      rankedTitle({ kind: 'puzzle', size: 4, target: null, day: '2026-11-27!' }, (d) =>
        d.replace('!', ''),
      ),
    ).toBe('Ranked daily 15-puzzle · 2026-11-27');
  });

  it.each([
    ['open: keys play', 'open', false, false, null],
    ['connecting', 'connecting', false, false, 'Connecting to the server…'],
    [
      'a key while connecting',
      'connecting',
      true,
      false,
      'Not sent: still connecting to the server',
    ],
    [
      'dropped',
      'reconnecting',
      false,
      false,
      'The connection dropped: reconnecting… Your keys do nothing until it is back',
    ],
    [
      'a key while dropped',
      'reconnecting',
      true,
      false,
      'Not sent: the connection dropped. Reconnecting… the board shows only what the server took',
    ],
    [
      'a key while dropped, on a narrow line',
      'reconnecting',
      true,
      true,
      'Not sent: the connection dropped · reconnecting…',
    ],
    [
      'silent server',
      'not-answering',
      false,
      false,
      'The server is not answering: your keys do nothing until it does',
    ],
    ['closed, no why', 'closed', false, false, 'The connection to the server is closed'],
  ] as const)('holds keys: %s', (_name, status, refused, narrow, want) => {
    expect(holdSentence(status, refused, null, narrow)).toBe(want);
  });

  it('the notice: the hold first (with what waits), then resigning, waiting, the refusal, the screen’s, play on', () => {
    expect(noticeLine(view(), { refused: false })).toBe(null);
    expect(noticeLine(view({ status: 'closed' }), { refused: true, why: 'gone' })).toBe('Gone');
    const silent = view({ status: 'not-answering', waiting: 2 });
    expect(noticeLine(silent, { refused: false })).toBe(
      'The server is not answering: your keys do nothing until it does. Waiting for the server (2)',
    );
    expect(noticeLine(silent, { refused: false, narrow: true })).toBe(
      'The server is not answering: your keys do nothing until it does (2 waiting)',
    );
    expect(noticeLine(view({ waiting: 1 }), { refused: false, resigning: true })).toBe(
      'Resigning…',
    );
    expect(noticeLine(view({ waiting: 1, notice: 'x' }), { refused: false })).toBe(
      'Waiting for the server (1)',
    );
    expect(noticeLine(view({ notice: 'not a move' }), { refused: false, said: 'mine' })).toBe(
      'Not a move',
    );
    expect(noticeLine(view(), { refused: false, said: 'mine' })).toBe('mine');
    const won = ranked2048(
      [
        [256, 2, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      { target: 256, won: true },
    );
    expect(noticeLine(view({ confirmed: won }), { refused: false })).toBe(
      'You made 256! Play on: the score counts until no move is left',
    );
    // Once the result came, only the screen's own sentence.
    const over = view({
      status: 'closed',
      result: { code: 'C', entry: null, why: null, reason: 'play' },
    });
    expect(noticeLine(over, { refused: true })).toBe(null);
    expect(noticeLine(over, { refused: true, said: 'Resigned.' })).toBe('Resigned.');
  });

  it('gives a game’s figures as the server counted them', () => {
    expect(figures('2048', { score: 12_345, elapsedMs: 0 })).toBe('12,345 points');
    expect(figures('puzzle', PUZZLE)).toBe('24 moves in 7.042');
    expect(figures('puzzle', { ...PUZZLE, score: 1 })).toBe('1 move in 7.042');
  });

  it('says when a ranked daily’s withheld replay opens', () => {
    expect(replayOpens('2026-11-27', '2026-11-27')).toBe(
      "Its replay opens when the day is over, at 00:00 UTC on 2026-11-28: the day's tiles stay secret until then.",
    );
    expect(replayOpens('2026-11-27', '2026-11-28')).toMatch(/once the day's last attempts/);
    const result = { code: null, entry: null, why: null, reason: 'play' } as const;
    const daily = { ...PUZZLE, day: '2026-11-27' };
    expect(withheldDay({ kind: 'puzzle', board: daily, result })).toBe('2026-11-27');
    // No board (a second start's 409): the day from the instant the code opens.
    const at = { ...result, codeAt: '2026-11-28T00:00:00.000Z' };
    expect(withheldDay({ kind: 'puzzle', board: null, result: at })).toBe('2026-11-27');
    expect(withheldDay({ kind: 'puzzle', board: daily, result: { ...result, code: 'sb.X' } })).toBe(
      null,
    );
    expect(withheldDay({ kind: 'puzzle', board: PUZZLE, result })).toBe(null);
  });
});
