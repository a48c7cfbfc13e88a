import { describe, expect, it } from 'vitest';
import { canMove } from '../../engine/game2048.ts';
import {
  type DuelRecord,
  formatDuels,
  formatPlacerFigures,
  playEvil,
  summariseDuels,
  timingOf,
} from './placerBench.ts';

const rec = (seed: number, maxTile: number, score: number, moves: number, capped = false) =>
  ({ seed, maxTile, score, moves, capped, placerMs: [], cells: [] }) satisfies DuelRecord;

describe('placer benchmark', () => {
  it('summarises games: counts per largest tile, medians and means', () => {
    const s = summariseDuels('evil', [
      rec(1, 32, 300, 40),
      rec(2, 64, 500, 50),
      rec(3, 64, 700, 90),
      rec(4, 2048, 20000, 950, true),
    ]);
    expect(s.largest).toEqual({ 32: 1, 64: 2, 2048: 1 });
    expect(s.capped).toBe(1);
    expect(s.scoreMedian).toBe(600);
    expect(s.scoreMean).toBe(5375);
    expect(s.movesMedian).toBe(70);
    const table = formatDuels([s, summariseDuels('natural', [rec(1, 128, 900, 80)])]);
    const [head, evil, natural] = table.split('\n');
    expect(head!.split(/\s+/).filter(Boolean)).toEqual(
      'mode games 32 64 128 2048 score med score mean moves med moves mean'.split(' '),
    );
    expect(evil!.split(/\s+/).filter(Boolean).slice(1, 6)).toEqual(['4', '1', '2', '0', '1']);
    expect(natural!.split(/\s+/).filter(Boolean).slice(1, 6)).toEqual(['1', '0', '0', '1', '0']);
  });

  it('reports decision times: median, p95, max and the depths reached', () => {
    const ms = Array.from({ length: 100 }, (_, i) => i + 1);
    const t = timingOf(ms, [4, 5, 5]);
    expect(t).toMatchObject({ positions: 100, msMedian: 51, msP95: 96, msMax: 100 });
    expect(t.depths).toEqual({ 4: 1, 5: 2 });
    expect(formatPlacerFigures({ timing: t, evil: null })).toContain(
      'median 51.00 ms, p95 96.00 ms, max 100.00 ms',
    );
  });

  it('plays an evil game to a board where the slider cannot move', () => {
    const r = playEvil(3, 'fast', 10_000);
    expect(r.capped).toBe(false);
    expect(r.moves).toBeGreaterThan(0);
    expect(r.placerMs).toHaveLength(r.moves);
    expect(canMove(r.cells)).toBe(false);
    // The same seed replays the same game: the placer and the AI are deterministic.
    expect(playEvil(3, 'fast', 10_000)).toMatchObject({ score: r.score, moves: r.moves });
    expect(playEvil(3, 'fast', 5)).toMatchObject({ moves: 5, capped: true });
  });
});
