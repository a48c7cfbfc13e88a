import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendEntry, EMPTY_HISTORY, type History, type HistoryEntry } from '../front/history.ts';
import { summarize } from '../front/historySummary.ts';
import { historyPath, historyText } from '../storage/history.ts';
import { tempDir } from '../testing/tempDir.ts';
import { stripAnsi } from '../tui/ansi.ts';
import { parseCli } from './args.ts';
import {
  BAR_WIDTH,
  barLength,
  NO_GAMES,
  renderStats,
  runStats,
  sparkline,
  statsJson,
} from './stats.ts';

const DATE = '2025-05-05T05:05:05.000Z';

function g2048(score: number, maxTile: number, more: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    kind: '2048',
    size: 4,
    date: DATE,
    score,
    moves: 9,
    maxTile,
    won: maxTile >= 2048,
    assisted: false,
    ...more,
  };
}

function history(entries: HistoryEntry[]): History {
  return entries.reduce((h, e) => appendEntry(h, e), EMPTY_HISTORY);
}

const SAMPLE = history([
  g2048(1200, 128),
  g2048(5400, 512),
  g2048(25_000, 2048),
  g2048(5000, 512, { assisted: true }),
  g2048(90, 16, { size: 3, evil: true }),
  { kind: 'puzzle', size: 3, date: DATE, moves: 30, timeMs: 61_000, won: true, assisted: false },
  { kind: 'puzzle', size: 3, date: DATE, moves: 22, timeMs: 5_000, won: true, assisted: true },
  {
    kind: 'versus',
    size: 4,
    date: DATE,
    score: 700,
    moves: 50,
    maxTile: 128,
    won: false,
    result: 'loss',
    opponent: 'ai-hard',
    assisted: false,
  },
  {
    kind: 'duel',
    size: 4,
    date: DATE,
    score: 300,
    moves: 40,
    maxTile: 32,
    won: true,
    result: 'win',
    opponent: 'ai',
    assisted: false,
  },
]);

function io(env: NodeJS.ProcessEnv = {}, isTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      output: { write: (s: string) => out.push(s) },
      error: { write: (s: string) => err.push(s) },
      env,
      isTTY,
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

function options(args: string[]) {
  const r = parseCli(['stats', ...args]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('sparklines and bars', () => {
  it('a sparkline runs from ▁ for the smallest to █ for the largest; equal values are ▄', () => {
    expect(sparkline([0, 3, 7])).toBe('▁▄█');
    expect(sparkline([10, 80, 10, 40])).toBe('▁█▁▄');
    expect(sparkline([5, 5])).toBe('▄▄');
  });

  it('the longest bar is the most common tile; any count shows at least one block', () => {
    expect(barLength(12, 12)).toBe(BAR_WIDTH);
    expect(barLength(6, 12)).toBe(BAR_WIDTH / 2);
    expect(barLength(1, 1000)).toBe(1);
    expect(barLength(0, 5)).toBe(0);
  });
});

describe('renderStats', () => {
  const plain = renderStats(summarize(SAMPLE), 'none');

  it('a title of games only says what was won, of puzzles only what was solved', () => {
    const games = history([g2048(1200, 128), g2048(25_000, 2048)]);
    expect(renderStats(summarize(games), 'none').split('\n')[0]).toBe(
      'Your slidebox games: 2 finished games, 1 won (50%)',
    );
    const solve = {
      kind: 'puzzle',
      size: 3,
      date: DATE,
      moves: 30,
      timeMs: 61_000,
      assisted: false,
    } as const;
    const puzzles = history([
      { ...solve, won: true },
      { ...solve, won: false },
    ]);
    expect(renderStats(summarize(puzzles), 'none').split('\n')[0]).toBe(
      'Your slidebox games: 2 finished games, 1 puzzle solved',
    );
  });

  it('plain text: no escape codes, every group with its figures', () => {
    expect(plain).not.toContain('\x1b');
    // 2 of the 7 games won; the 2 puzzles are solved, not won.
    expect(plain).toMatch(
      /^Your slidebox games: 9 finished games, 2 won of 7 \(29%\), 2 puzzles solved\n/,
    );
    expect(plain).toContain("2048 · 4×4\n  4 games · 1 won (25%) · 1 with the AI's help\n");
    expect(plain).toContain('best 25,000 · median 5,200 · win streak 0 (longest 1)');
    expect(plain).toContain('2048 · 3×3 · evil spawns');
    expect(plain).toContain(
      "Sliding puzzle · 3×3 (8-puzzle)\n  2 solved · 1 with the solver's help\n  best 1:01.000 · median 1:01.000 · fewest moves 30",
    );
    expect(plain).toMatch(/against AI \(hard\) +0 wins · 1 loss · 0 draws/);
    expect(plain).toMatch(/Duel · 4×4\n {2}1 duel · 1 won \(100%\)\n {2}best round 300/);
    expect(plain).toMatch(/against the AI +1 win · 0 losses · 0 draws/);
  });

  it('the largest tiles as bars, the largest first, scaled to the most common', () => {
    const block = plain.slice(plain.indexOf('2048 · 4×4'));
    const rows = block
      .slice(0, block.indexOf('\n\n'))
      .split('\n')
      .map((l) => /^ {4} *(\d+) (█+) +(\d+)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [Number(m[1]), m[2]!.length, Number(m[3])]);
    expect(rows).toEqual([
      [2048, BAR_WIDTH / 2, 1],
      [512, BAR_WIDTH, 2],
      [128, BAR_WIDTH / 2, 1],
    ]);
  });

  it('the recent 2048 scores as a sparkline, with their range', () => {
    expect(plain).toContain(
      `recent scores ${sparkline([1200, 5400, 25_000, 5000])}  last 4: 1,200 to 25,000`,
    );
  });

  it('in colour: escape codes, and the same text once they are taken out', () => {
    for (const depth of ['16', '256', 'truecolor'] as const) {
      const coloured = renderStats(summarize(SAMPLE), depth);
      expect(coloured).toContain('\x1b[');
      expect(stripAnsi(coloured)).toBe(plain);
    }
  });

  it('no games: a friendly line (for one size: says which)', () => {
    expect(renderStats(summarize(EMPTY_HISTORY), 'truecolor')).toBe(`${NO_GAMES}\n`);
    expect(renderStats(summarize(SAMPLE, { size: 7 }), 'none', 7)).toBe(
      'No finished games on 7×7 boards yet.\n',
    );
  });
});

describe('runStats', () => {
  it('reads the history in --data-dir: text, one size, or JSON', () => {
    const dir = tempDir();
    writeFileSync(historyPath(dir), historyText(SAMPLE));
    const text = io();
    expect(runStats(options(['--data-dir', dir]), text.io)).toBe(0);
    expect(text.out()).toBe(renderStats(summarize(SAMPLE), 'none'));
    const three = io();
    runStats(options(['--data-dir', dir, '--size', '3']), three.io);
    expect(three.out()).toBe(renderStats(summarize(SAMPLE, { size: 3 }), 'none', 3));
    const json = io();
    runStats(options(['--data-dir', dir, '--json']), json.io);
    expect(JSON.parse(json.out())).toEqual(
      JSON.parse(JSON.stringify(statsJson(summarize(SAMPLE)))),
    );
    expect(text.err() + three.err() + json.err()).toBe('');
  });

  it('colour on a terminal, none with NO_COLOR or through a pipe', () => {
    const dir = tempDir();
    writeFileSync(historyPath(dir), historyText(SAMPLE));
    const tty = io({ TERM: 'xterm-256color' }, true);
    runStats(options(['--data-dir', dir]), tty.io);
    expect(tty.out()).toContain('\x1b[');
    const noColor = io({ TERM: 'xterm-256color', NO_COLOR: '1' }, true);
    runStats(options(['--data-dir', dir]), noColor.io);
    const piped = io({ TERM: 'xterm-256color' }, false);
    runStats(options(['--data-dir', dir]), piped.io);
    expect(noColor.out()).not.toContain('\x1b');
    expect(piped.out()).not.toContain('\x1b');
  });

  it('a damaged history: a notice on stderr, the figures of an empty history, exit 0', () => {
    const dir = tempDir();
    writeFileSync(historyPath(dir), '{"kind": "slidebox/history", "version": 1, "entries": [1]}');
    const r = io();
    expect(runStats(options(['--data-dir', dir]), r.io)).toBe(0);
    expect(r.out()).toBe(`${NO_GAMES}\n`);
    expect(r.err()).toMatch(
      /^Your game history could not be read \(its game 1 is invalid \(not an object\)\); it was moved to .*\n$/,
    );
  });
});

describe('a speedsolver’s view of the puzzle', () => {
  const solve = (
    timeMs: number,
    moves: number,
    more: Partial<HistoryEntry> = {},
  ): HistoryEntry => ({
    kind: 'puzzle',
    size: 4,
    date: DATE,
    moves,
    timeMs,
    won: true,
    assisted: false,
    ...more,
  });
  // Five of the player's own: 20, 10, 30 s, a DNF, 40 s; and one the solver helped with.
  const SOLVES = history([
    solve(20_000, 100, { optimal: 50 }),
    solve(10_000, 80, { optimal: 40 }),
    solve(30_000, 120),
    solve(7_000, 12, { won: false }),
    solve(5_000, 60, { assisted: true }),
    solve(40_000, 100, { lowerBound: 44 }),
  ]);

  it('stats --size: the averages and the last solves, newest first, DNFs and help marked', () => {
    const text = renderStats(summarize(SOLVES, { size: 4 }), 'none', 4);
    expect(text).toContain("  5 solved · 1 given up (DNF) · 1 with the solver's help\n");
    // ao5 of 20, 10, 30, DNF, 40: the 10 and the DNF dropped → 30 s; mo3 30, DNF, 40 → DNF.
    expect(text).toMatch(/ {4}single +40\.000 +10\.000 /);
    expect(text).toMatch(/ {4}mo3 +DNF +20\.000 /);
    expect(text).toMatch(/ {4}ao5 +30\.000 +30\.000 /);
    const rows = text.split('\n').filter((l) => /^ {4}\d{4}-/.test(l));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatch(/40\.000 +100 +2\.50 +≥ 44 +≥ 44%$/);
    expect(rows[1]).toMatch(/5\.000 +60 +12\.00 +– +– +solver helped$/);
    expect(rows[2]).toMatch(/DNF \(7\.000\) +12 +– +– +–$/);
    expect(rows[4]).toMatch(/10\.000 +80 +8\.00 +40 +50%$/);
    // Without --size: the averages, not the list.
    const all = renderStats(summarize(SOLVES), 'none');
    expect(all).toContain('averages');
    expect(all).not.toContain('newest first');
  });

  it('stats --json: per size, the recent solves and the averages in ms (null while too few)', () => {
    const json = statsJson(summarize(SOLVES)) as {
      puzzles: Record<string, { solves: unknown[]; averages: Record<string, unknown> }>;
    };
    const four = json.puzzles['4']!;
    expect(four.solves).toHaveLength(6);
    expect(four.solves[3]).toEqual({
      date: DATE,
      timeMs: 7000,
      moves: 12,
      optimal: null,
      lowerBound: null,
      assisted: false,
      dnf: true,
    });
    expect(four.solves[0]).toMatchObject({ timeMs: 20_000, moves: 100, optimal: 50 });
    expect(four.averages).toEqual({
      single: { current: 40_000, best: 10_000 },
      mo3: { current: 'DNF', best: 20_000 },
      ao5: { current: 30_000, best: 30_000 },
      ao12: { current: null, best: null },
      ao50: { current: null, best: null },
      ao100: { current: null, best: null },
    });
  });
});

describe('relays and marathons', () => {
  it('stats lists the bests from the records, relays first; --json has them; --size leaves them out', () => {
    const dir = tempDir();
    const series = {
      'marathon-4x10': { timeMs: 301_234, moves: 1500 },
      'relay-6': { timeMs: 83_456, moves: 912 },
      'relay-4': { timeMs: 9000, moves: 90 },
    };
    const stats = { kind: 'slidebox/stats', version: 1, best2048: {}, puzzle: {}, series };
    writeFileSync(join(dir, 'stats.json'), JSON.stringify(stats));
    const text = io();
    expect(runStats(options(['--data-dir', dir]), text.io)).toBe(0);
    expect(text.out()).toContain(
      [
        'Relays and marathons: bests',
        '  Relay 3×3 → 4×4         9.000     90 moves',
        '  Relay 3×3 → 6×6      1:23.456    912 moves',
        '  Marathon · 10 × 4×4  5:01.234  1,500 moves',
      ].join('\n'),
    );
    const json = io();
    runStats(options(['--data-dir', dir, '--json']), json.io);
    expect(JSON.parse(json.out()).series).toEqual(series);
    const one = io();
    runStats(options(['--data-dir', dir, '--size', '4']), one.io);
    expect(one.out()).not.toContain('Relay');
  });
});
