/**
 * The web leaderboard's analysis: the query asks for the order and games chosen (and nothing
 * when none is), a figure is shown with one decimal or – until analysed, and a replay link
 * carries the figures the replay screen reads (replayLink), a puzzle's optimal and wasted too.
 */
import { describe, expect, it } from 'vitest';
import type { BoardEntry } from '../../net/api.ts';
import { replayLink } from '../replay/analysis.ts';
import { queryOf } from './screen.ts';
import { type Choice, figureText, replayHref } from './view.ts';

const choice: Choice = {
  board: '2048',
  size2048: 4,
  target: 2048,
  sizePuzzle: 4,
  source: 'self-reported',
  assisted: false,
  day: null,
};

const line = (over: Partial<BoardEntry>): BoardEntry => ({
  rank: 1,
  name: 'Ada',
  score: 100,
  moves: 10,
  timeMs: null,
  maxTile: 16,
  assisted: false,
  code: 'sb.AQ&x',
  day: null,
  ...over,
});

describe('the analysis on the web leaderboard', () => {
  it('asks for the order and the games chosen, and nothing more when none is', () => {
    expect(queryOf(choice, 0)).not.toHaveProperty('sort');
    expect(queryOf({ ...choice, sort: 'rank', aiLike: null }, 0)).not.toHaveProperty('aiLike');
    expect(queryOf({ ...choice, sort: 'accuracy', aiLike: true }, 20)).toMatchObject({
      sort: 'accuracy',
      aiLike: true,
      offset: 20,
    });
    expect(queryOf({ ...choice, sort: 'agreement', aiLike: false }, 0)).toMatchObject({
      sort: 'agreement',
      aiLike: false,
    });
  });

  it('shows a figure with one decimal, or – until the game is analysed', () => {
    expect(figureText(97.45, '%')).toBe('97.5%');
    expect(figureText(100)).toBe('100.0');
    expect(figureText(null)).toBe('–');
    expect(figureText(undefined)).toBe('–');
  });

  it('links a replay with the figures the replay screen reads back', () => {
    const plain = replayHref(line({}));
    expect(plain).toBe('#replay=sb.AQ%26x');
    expect(replayLink(plain)).toEqual({ code: 'sb.AQ&x', server: null });
    const judged = replayHref(line({ accuracy: 81.2, agreement: 42 }));
    expect(replayLink(judged)).toEqual({
      code: 'sb.AQ&x',
      server: { accuracy: 81.2, agreement: 42 },
    });
    const puzzle = replayHref(line({ accuracy: 65, agreement: 82.5, optimal: 52, wasted: 28 }));
    expect(replayLink(puzzle)?.server).toEqual({
      accuracy: 65,
      agreement: 82.5,
      optimal: 52,
      wasted: 28,
    });
  });
});
