/**
 * What the web replay adds to the shared analysis model: the link's server figures, the
 * progress in percent, the chart's geometry (bars of the loss, the distance line, where a
 * position is and which position a click shows).
 */
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../engine/types.ts';
import type {
  Analysis2048View,
  AnalysisPuzzleView,
  Mark2048,
  MarkPuzzle,
  MoveClass,
} from '../../front/modelAnalysis.ts';
import {
  CHART_H,
  CHART_W,
  chartX,
  distancePoints,
  indexAtFraction,
  lossBars,
  lossHeight,
  percentOf,
  replayLink,
  serverFiguresText,
} from './analysis.ts';

function verdict(n: number, cls: MoveClass, loss: number, played: Direction, best: Direction) {
  return { n, played, best, loss, class: cls } satisfies Mark2048;
}

const game2048: Analysis2048View = {
  kind: '2048',
  preset: 'fast',
  accuracy: 71.25,
  agreement: 40,
  counts: { best: 2, good: 1, inaccuracy: 0, mistake: 1, blunder: 1 },
  moves: [
    verdict(1, 'best', 0, 'up', 'up'),
    verdict(2, 'mistake', 1.234, 'down', 'left'),
    verdict(3, 'good', 0.05, 'left', 'right'),
    verdict(4, 'best', 0, 'right', 'right'),
    verdict(5, 'blunder', 98.5, 'up', 'down'),
  ],
};

function pv(n: number, played: number, before: number, after: number, best: number | null) {
  return { n, played, before, after, optimal: after < before, best } satisfies MarkPuzzle;
}

const puzzle: AnalysisPuzzleView = {
  kind: 'puzzle',
  exact: true,
  optimal: 4,
  wasted: 2,
  detours: [2],
  moves: [pv(1, 6, 4, 3, 6), pv(2, 5, 3, 4, 2), pv(3, 5, 4, 3, 5), pv(4, 2, 3, 2, 2)],
};

describe('replay links', () => {
  it('reads the code, and the server’s figures when the link has both', () => {
    expect(replayLink('#replay=sb.abc')).toEqual({ code: 'sb.abc', server: null });
    expect(replayLink('#replay=sb.a%2Bb&accuracy=81.6&agreement=39.8')).toEqual({
      code: 'sb.a+b',
      server: { accuracy: 81.6, agreement: 39.8 },
    });
    expect(replayLink('replay=x&agreement=3&accuracy=100')?.server).toEqual({
      accuracy: 100,
      agreement: 3,
    });
  });

  it.each([
    ['one figure only', '#replay=x&accuracy=50'],
    ['a figure above 100', '#replay=x&accuracy=150&agreement=3'],
    ['a figure that is no number', '#replay=x&accuracy=abc&agreement=3'],
    ['an empty figure', '#replay=x&accuracy=&agreement=3'],
  ])('shows no server figures for %s', (_name, hash) => {
    expect(replayLink(hash)).toEqual({ code: 'x', server: null });
  });

  it('reads a puzzle’s optimal count and wasted moves when given as whole numbers', () => {
    expect(replayLink('#replay=x&accuracy=80&agreement=90&optimal=23&wasted=4')?.server).toEqual({
      accuracy: 80,
      agreement: 90,
      optimal: 23,
      wasted: 4,
    });
    expect(replayLink('#replay=x&accuracy=80&agreement=90&optimal=2.5&wasted=-1')?.server).toEqual({
      accuracy: 80,
      agreement: 90,
    });
  });

  it('writes them with one decimal, in the words of the game', () => {
    expect(serverFiguresText({ accuracy: 81.64, agreement: 40 }, '2048')).toBe(
      "The board's analysis: accuracy 81.6 · agreement 40.0%",
    );
    expect(
      serverFiguresText({ accuracy: 80, agreement: 90, optimal: 23, wasted: 4 }, 'puzzle'),
    ).toBe(
      "The board's analysis: accuracy 80.0 · on a shortest path 90.0% · optimal 23 · wasted 4",
    );
    expect(serverFiguresText({ accuracy: 80, agreement: 90 }, 'puzzle')).toBe(
      "The board's analysis: accuracy 80.0 · on a shortest path 90.0%",
    );
  });

  it('is null for another address, and keeps a broken escape as it is', () => {
    expect(replayLink('#2048')).toBeNull();
    expect(replayLink('#replay=%E0%A4%A')?.code).toBe('%E0%A4%A');
  });
});

describe('progress', () => {
  it('says how far it has come in whole percent', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(3, 3)).toBe(100);
    expect(percentOf(5, 3)).toBe(100);
  });
});

describe('the chart', () => {
  it('draws a bar a move, side by side across the width, taller for a larger loss', () => {
    const bars = lossBars(game2048);
    expect(bars.map((b) => b.index)).toEqual([0, 1, 2, 3, 4]);
    expect(bars.map((b) => b.x)).toEqual([0, 120, 240, 360, 480]);
    expect(bars.every((b) => b.width === CHART_W / 5 && b.y + b.height === CHART_H)).toBe(true);
    expect(bars.map((b) => b.cls)).toEqual(['best', 'mistake', 'good', 'best', 'blunder']);
    const h = bars.map((b) => b.height);
    expect(h[4]).toBeGreaterThan(h[1]!);
    expect(h[1]).toBeGreaterThan(h[2]!);
    expect(h[2]).toBeGreaterThan(h[0]!);
    // A move that loses nothing still shows.
    expect(h[0]).toBeGreaterThan(0);
    expect(h[4]).toBeLessThanOrEqual(CHART_H);
  });

  it('puts losses on a log scale from 0 to 1', () => {
    expect(lossHeight(0)).toBe(0);
    expect(lossHeight(100)).toBeCloseTo(1);
    expect(lossHeight(500)).toBeCloseTo(1);
    expect(lossHeight(-3)).toBe(0);
    // Small losses apart from each other: each step visibly higher than the one before.
    const edges = [0.1, 0.5, 2].map(lossHeight);
    expect(edges[0]).toBeGreaterThan(0.1);
    expect(edges[1]! - edges[0]!).toBeGreaterThan(0.1);
    expect(edges[2]! - edges[1]!).toBeGreaterThan(0.1);
  });

  it('draws the puzzle’s distance at every position, the largest at the top', () => {
    const { points, max } = distancePoints(puzzle);
    expect(max).toBe(4);
    expect(points.map((p) => p.x)).toEqual([0, 150, 300, 450, 600]);
    expect(points[0]!.y).toBeLessThan(points[1]!.y);
    expect(points[0]!.y).toBe(points[2]!.y);
    expect(points[4]!.y).toBeGreaterThan(points[3]!.y);
    expect(points.every((p) => p.y >= 0 && p.y <= CHART_H)).toBe(true);
  });

  it('maps positions to the x axis and clicks back to positions', () => {
    expect(chartX(game2048, 0)).toBe(60);
    expect(chartX(game2048, 4)).toBe(540);
    expect(chartX(game2048, 5)).toBeNull();
    expect(chartX(puzzle, 4)).toBe(CHART_W);
    for (let i = 0; i < 5; i++) {
      expect(indexAtFraction(game2048, chartX(game2048, i)! / CHART_W)).toBe(i);
      expect(indexAtFraction(puzzle, chartX(puzzle, i)! / CHART_W)).toBe(i);
    }
    expect(indexAtFraction(game2048, 1)).toBe(4);
    expect(indexAtFraction(game2048, -2)).toBe(0);
    expect(indexAtFraction(puzzle, 0.99)).toBe(4);
    expect(indexAtFraction(puzzle, Number.NaN)).toBe(0);
  });
});
