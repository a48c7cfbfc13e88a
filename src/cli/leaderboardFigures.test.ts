/**
 * `slidebox leaderboard` with the server's analysis: the Acc. and Agree columns (and a
 * puzzle's optimal count) beside each line once some line is analysed, "–" for a game not
 * analysed yet, the mark starred with its footnote, every line within 80 columns at the widest
 * figures; `--sort` read and refused with a sentence.
 */
import { describe, expect, it } from 'vitest';
import type { BoardEntry } from '../net/api.ts';
import { AI_LIKE_NOTE, AI_LIKE_PUZZLE_NOTE, boardTable, displayWidth } from './boardText.ts';
import { boardQuery } from './leaderboard.ts';

function entry(rank: number, name: string, more: Partial<BoardEntry> = {}): BoardEntry {
  return {
    rank,
    name,
    score: 1000 * (20 - rank),
    moves: 100 + rank,
    timeMs: null,
    maxTile: 128,
    assisted: false,
    code: 'sb.x',
    day: null,
    accuracy: null,
    agreement: null,
    aiLike: false,
    optimal: null,
    wasted: null,
    ...more,
  };
}

describe('the analysis in the terminal’s table', () => {
  it('2048: accuracy and agreement beside each line, the mark starred and explained', () => {
    const entries = [
      entry(1, 'Ada', { accuracy: 99.8, agreement: 96.3, aiLike: true }),
      entry(2, 'Grace', { accuracy: 81.2, agreement: 42 }),
      entry(3, 'Lin'),
    ];
    const lines = boardTable({ entries, you: null }, '2048', 'none').trimEnd().split('\n');
    expect(lines).toEqual([
      '      Name    Score  Largest  Moves  Acc.   Agree',
      '  #1  Ada    19,000      128    101  99.8  96.3%*',
      '  #2  Grace  18,000      128    102  81.2  42.0%',
      '  #3  Lin    17,000      128    103     –      –',
      `  ${AI_LIKE_NOTE}`,
    ]);
  });

  it('leaves the columns out while no line is analysed, unless asked for', () => {
    const entries = [entry(1, 'Ada'), entry(2, 'Grace')];
    expect(boardTable({ entries, you: null }, '2048', 'none')).not.toContain('Acc.');
    const asked = boardTable({ entries, you: null }, '2048', 'none', true);
    expect(asked.split('\n')[0]).toMatch(/Moves {2}Acc\. {2}Agree$/);
    expect(asked).not.toContain('*');
  });

  it('puzzle: the optimal count too', () => {
    const entries = [
      entry(1, 'Ada', { moves: 52, accuracy: 100, agreement: 100, optimal: 52, aiLike: true }),
      entry(2, 'Bo', { moves: 80, accuracy: 65, agreement: 82.5, optimal: 52, timeMs: 61_000 }),
    ];
    const lines = boardTable({ entries, you: null }, 'puzzle', 'none').trimEnd().split('\n');
    expect(lines[0]).toBe('      Name  Moves  Time  Optimal   Acc.    Agree');
    expect(lines[1]).toMatch(/^ {2}#1 {2}Ada +52 +– +52 +100\.0 +100\.0%\*$/);
    expect(lines[2]).toMatch(/^ {2}#2 {2}Bo +80 +1:01 +52 +65\.0 +82\.5%$/);
    expect(lines[3]).toBe(`  ${AI_LIKE_PUZZLE_NOTE}`);
  });

  it('fits 80 columns with the longest name and the widest figures', () => {
    const name = 'W'.repeat(24);
    for (const kind of ['2048', 'puzzle'] as const) {
      const entries = [
        entry(100, name, {
          score: 9_999_999,
          maxTile: 1_048_576,
          moves: 99_999,
          timeMs: 36_000_000,
          accuracy: 100,
          agreement: 100,
          optimal: 999,
          aiLike: true,
        }),
      ];
      const text = boardTable({ entries, you: null, source: 'ranked' }, kind, 'none');
      for (const l of text.trimEnd().split('\n'))
        expect(displayWidth(l), l).toBeLessThanOrEqual(80);
    }
  });

  it('takes --sort accuracy|agreement and refuses anything else with a sentence', () => {
    const day = '2026-11-24';
    const q = boardQuery(['2048'], { sort: 'accuracy' }, day);
    expect(q.ok && q.value.sort).toBe('accuracy');
    const rank = boardQuery(['2048'], { sort: 'rank' }, day);
    expect(rank.ok && rank.value.sort).toBeUndefined();
    const bad = boardQuery(['2048'], { sort: 'score' }, day);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.message).toBe('--sort needs rank, accuracy or agreement, got "score"');
    }
  });
});
