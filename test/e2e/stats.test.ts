/**
 * `slidebox stats` end to end: the built CLI over a history file the test writes (its figures
 * computed here from the entries written), in a terminal with and without colour and through a
 * pipe, as JSON; and over the history that real plain-mode games leave behind.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { newGame, play } from '../../src/engine/game2048.ts';
import { newPuzzle } from '../../src/engine/puzzle.ts';
import { solveOrThrow as solve } from '../../src/puzzle.ts';
import { num, parsePlain, runCli } from './helpers/cli.ts';
import { colourCodes, stripEscapes, usesTruecolor } from './helpers/screen.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

// ------------------------------------------------------------------ a history written here

interface Entry {
  kind: '2048' | 'puzzle' | 'versus' | 'duel';
  size: number;
  date: string;
  score?: number;
  moves: number;
  timeMs?: number;
  maxTile?: number;
  won: boolean;
  result?: 'win' | 'loss' | 'draw';
  opponent?: string;
  assisted: boolean;
}

/** A small seeded generator (the test's own), so the history is the same on every run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function seededEntries(): Entry[] {
  const r = lcg(2025);
  const out: Entry[] = [];
  const date = () => new Date(Date.UTC(2025, 0, 1) + out.length * 3_600_000).toISOString();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  for (let i = 0; i < 57; i++) {
    const size = i % 5 === 0 ? 5 : 4;
    const maxTile = pick([64, 128, 256, 256, 512, 512, 1024, 2048, 4096]);
    const score = Math.round(maxTile * (9 + r() * 5));
    const base = { kind: '2048' as const, size, date: date(), score, moves: maxTile >> 1 };
    out.push({ ...base, maxTile, won: maxTile >= 2048, assisted: r() < 0.1 });
  }
  for (let i = 0; i < 9; i++) {
    const size = i < 6 ? 3 : 4;
    const timeMs = Math.round(20_000 + r() * 200_000);
    const base = { kind: 'puzzle' as const, size, date: date(), timeMs, won: true };
    out.push({ ...base, moves: 20 + Math.floor(r() * 60), assisted: i === 2 });
  }
  for (let i = 0; i < 12; i++) {
    const kind = i < 8 ? ('versus' as const) : ('duel' as const);
    const opponent =
      kind === 'versus' ? pick(['human', 'ai-easy', 'ai-hard']) : pick(['human', 'ai']);
    const result = pick(['win', 'loss', 'draw'] as const);
    const score = Math.round(300 + r() * 3000);
    const base = { kind, size: 4, date: date(), score, moves: 100, maxTile: 256 };
    out.push({ ...base, won: result === 'win', result, opponent, assisted: false });
  }
  return out;
}

function writeHistory(dir: string, entries: readonly Entry[]): void {
  const file = { kind: 'slidebox/history', version: 1, entries, rolledUp: [] };
  writeFileSync(join(dir, 'history.json'), JSON.stringify(file));
}

// ------------------------------------------------------------------ figures computed here

function median(xs: readonly number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1]! + s[m]!) / 2;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
/** A solve's time to the ms, as speedsolvers read it: 59.042, 1:02.350. */
const time = (raw: number) => {
  const ms = Math.round(raw);
  const s = Math.floor(ms / 1000);
  const f = String(ms % 1000).padStart(3, '0');
  return s < 60 ? `${s}.${f}` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}.${f}`;
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function groupOf(entries: readonly Entry[], kind: Entry['kind'], size: number) {
  const games = entries.filter((e) => e.kind === kind && e.size === size);
  const scores = games.flatMap((e) => (e.score === undefined ? [] : [e.score]));
  const times = games.flatMap((e) => (e.assisted || e.timeMs === undefined ? [] : [e.timeMs]));
  const tiles = new Map<number, number>();
  for (const e of games) if (e.maxTile) tiles.set(e.maxTile, (tiles.get(e.maxTile) ?? 0) + 1);
  const results = new Map<string, { wins: number; losses: number; draws: number }>();
  for (const e of games) {
    if (!e.opponent) continue;
    const t = results.get(e.opponent) ?? { wins: 0, losses: 0, draws: 0 };
    t[e.result === 'win' ? 'wins' : e.result === 'loss' ? 'losses' : 'draws']++;
    results.set(e.opponent, t);
  }
  return {
    games: games.length,
    wins: games.filter((e) => e.won).length,
    assisted: games.filter((e) => e.assisted).length,
    bestScore: scores.length ? Math.max(...scores) : undefined,
    medianScore: median(scores),
    bestTimeMs: times.length ? Math.min(...times) : undefined,
    medianTimeMs: median(times),
    fewestMoves:
      kind === 'puzzle'
        ? Math.min(...games.filter((e) => !e.assisted).map((e) => e.moves))
        : undefined,
    tiles: [...tiles].sort((a, b) => a[0] - b[0]).map(([tile, count]) => ({ tile, count })),
    results,
    recent: scores.slice(-30),
  };
}

function sparkline(xs: readonly number[]): string {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return xs.map((v) => '▁▂▃▄▅▆▇█'[hi === lo ? 3 : Math.round(((v - lo) / (hi - lo)) * 7)]).join('');
}

/** The lines the plain text must hold for the entries written. */
function expectedLines(entries: readonly Entry[]): string[] {
  const lines: string[] = [];
  for (const size of [4, 5]) {
    const g = groupOf(entries, '2048', size);
    const helped = g.assisted ? ` · ${g.assisted} with the AI's help` : '';
    lines.push(`2048 · ${size}×${size}`);
    lines.push(
      `  ${g.games} games · ${g.wins} won (${Math.round((100 * g.wins) / g.games)}%)${helped}`,
    );
    lines.push(
      `  recent scores ${sparkline(g.recent)}  last ${g.recent.length}: ${fmt(Math.min(...g.recent))} to ${fmt(Math.max(...g.recent))}`,
    );
    const most = Math.max(...g.tiles.map((t) => t.count));
    const width = Math.max(...g.tiles.map((t) => String(t.tile).length));
    for (const { tile, count } of g.tiles) {
      const bar = Math.max(1, Math.round((count / most) * 30));
      lines.push(
        `    ${String(tile).padStart(width)} ${'█'.repeat(bar)}${' '.repeat(30 - bar)} ${count}`,
      );
    }
  }
  for (const size of [3, 4]) {
    const g = groupOf(entries, 'puzzle', size);
    lines.push(
      `  best ${time(g.bestTimeMs!)} · median ${time(g.medianTimeMs!)} · fewest moves ${g.fewestMoves}`,
    );
  }
  for (const kind of ['versus', 'duel'] as const) {
    for (const [opponent, t] of groupOf(entries, kind, 4).results) {
      const name =
        opponent === 'human'
          ? 'a second player'
          : opponent === 'ai'
            ? 'the AI'
            : `AI (${opponent.slice(3)})`;
      lines.push(`against ${name}`);
      lines.push(
        `${plural(t.wins, 'win')} · ${plural(t.losses, 'loss', 'losses')} · ${plural(t.draws, 'draw')}`,
      );
    }
  }
  return lines;
}

/** Fails naming the first line of `want` that `text` does not contain. */
function expectAllIn(text: string, want: readonly string[]): void {
  const missing = want.filter((l) => !text.includes(l));
  expect(missing, `missing from:\n${text}`).toEqual([]);
}

// ------------------------------------------------------------------ tests

describe('slidebox stats over a history the test wrote', () => {
  const entries = seededEntries();

  function seeded(): string {
    const dir = dirs.make();
    writeHistory(dir, entries);
    return dir;
  }

  test('--json: the figures computed from the entries written', () => {
    const r = runCli(['stats', '--json', '--data-dir', seeded()]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const summary = JSON.parse(r.stdout);
    expect(summary.games).toBe(entries.length);
    expect(summary.wins).toBe(entries.filter((e) => e.won).length);
    const keys = summary.groups.map((g: { kind: string; size: number }) => `${g.kind} ${g.size}`);
    expect(keys).toEqual(['2048 4', '2048 5', 'puzzle 3', 'puzzle 4', 'versus 4', 'duel 4']);
    for (const g of summary.groups) {
      const want = groupOf(entries, g.kind, g.size);
      expect(g).toMatchObject({ games: want.games, wins: want.wins, assisted: want.assisted });
      expect(g.winRate).toBeCloseTo(want.wins / want.games, 10);
      expect(g.bestScore).toBe(want.bestScore);
      expect(g.medianScore).toBe(want.medianScore);
      expect(g.bestTimeMs).toBe(want.bestTimeMs);
      expect(g.medianTimeMs).toBe(want.medianTimeMs);
      expect(g.fewestMoves).toBe(want.fewestMoves);
      expect(g.maxTiles).toEqual(want.tiles);
      expect(g.recentScores).toEqual(want.recent);
      const results = Object.fromEntries(
        g.results.map(({ opponent, ...t }: { opponent: string }) => [opponent, t]),
      );
      expect(results).toEqual(Object.fromEntries(want.results));
    }
  });

  test('through a pipe: plain text with every figure, no escape codes', () => {
    const r = runCli(['stats', '--data-dir', seeded()]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b');
    // Games are won, puzzles solved: the title counts them apart.
    const played = entries.filter((e) => e.kind !== 'puzzle');
    const wins = played.filter((e) => e.won).length;
    const solved = entries.filter((e) => e.kind === 'puzzle' && e.won).length;
    expect(r.stdout.split('\n')[0]).toBe(
      `Your slidebox games: ${entries.length} finished games, ${wins} won of ${played.length} (${Math.round((100 * wins) / played.length)}%), ${solved} puzzles solved`,
    );
    for (const size of [4, 5]) {
      const g = groupOf(entries, '2048', size);
      expect(r.stdout).toContain(
        `  best ${fmt(g.bestScore!)} · median ${fmt(g.medianScore!)} · win streak`,
      );
    }
    expectAllIn(r.stdout, expectedLines(entries));
    // The 3x3 solves' ao5 (the player's own 5): the best and the worst dropped, the rest averaged.
    const own = entries
      .filter((e) => e.kind === 'puzzle' && e.size === 3 && !e.assisted)
      .map((e) => e.timeMs!);
    expect(own).toHaveLength(5);
    const ao5 = time(
      [...own]
        .sort((a, b) => a - b)
        .slice(1, 4)
        .reduce((t, x) => t + x, 0) / 3,
    );
    expect(r.stdout).toMatch(
      new RegExp(`\n {4}ao5 +${ao5.replace('.', '\\.')} +${ao5.replace('.', '\\.')} `),
    );
  });

  test('--size: only that board size', () => {
    const r = runCli(['stats', '--size', '5', '--data-dir', seeded()]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2048 · 5×5');
    expect(r.stdout).not.toMatch(/4×4|3×3/);
    const g = groupOf(entries, '2048', 5);
    expect(r.stdout).toContain(`Your slidebox games: ${g.games} finished games`);
  });

  async function inTerminal(dir: string, env: Record<string, string>): Promise<string> {
    const pane = await tmux.start({
      args: ['stats', '--data-dir', dir],
      env,
      cols: 100,
      rows: 80,
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    const escaped = pane.captureEscaped();
    return escaped.slice(0, escaped.indexOf('EXITED rc='));
  }

  const lines = (s: string) =>
    s
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .trim();

  test('in a terminal: coloured, and the same text as through a pipe', async () => {
    const dir = seeded();
    const screen = await inTerminal(dir, { COLORTERM: 'truecolor', TERM: 'xterm-256color' });
    expect(usesTruecolor(screen)).toBe(true);
    expect(colourCodes(screen).length).toBeGreaterThan(10);
    expect(lines(stripEscapes(screen))).toBe(lines(runCli(['stats', '--data-dir', dir]).stdout));
  });

  test('in a terminal with NO_COLOR: no colour at all', async () => {
    const dir = seeded();
    const screen = await inTerminal(dir, { COLORTERM: 'truecolor', NO_COLOR: '1' });
    expect(colourCodes(screen)).toEqual([]);
    expect(lines(stripEscapes(screen))).toBe(lines(runCli(['stats', '--data-dir', dir]).stdout));
  });
});

describe('slidebox stats: no history, a damaged one, options', () => {
  test('no finished games: a friendly line, exit 0, nothing written', () => {
    const dir = dirs.make();
    const r = runCli(['stats', '--data-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^No finished games yet: play one with `slidebox`/);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(r.stderr).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a damaged history.json: a notice on stderr, moved aside, an empty history, exit 0', () => {
    const dir = dirs.make();
    writeFileSync(join(dir, 'history.json'), '{"kind":"slidebox/history","version":1,"entr');
    const r = runCli(['stats', '--data-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^No finished games yet/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^Your game history could not be read \(it is not valid JSON.*\); it was moved to .*history\.json\.corrupt-/,
    );
    expect(existsSync(join(dir, 'history.json'))).toBe(false);
    const aside = readdirSync(dir).filter((f) => f.startsWith('history.json.corrupt-'));
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(
      '{"kind":"slidebox/history","version":1,"entr',
    );
  });

  test.each([
    [['stats', '--seed', '4'], /^slidebox: --seed does not apply to slidebox stats$/m],
    [['stats', '--plain'], /^slidebox: --plain does not apply to slidebox stats$/m],
    [['stats', '--size', '2'], /^slidebox: --size .*3 to 8/m],
    [['stats', 'all'], /^slidebox: unknown command "stats all"/m],
    [['--json'], /^slidebox: --json is for slidebox stats only$/m],
  ])('slidebox %j: refused with exit code 2 and the usage', (args, message) => {
    const dir = dirs.make();
    const r = runCli([...args, '--data-dir', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    if (!/unknown command/.test(r.stderr)) expect(r.stderr).toContain('Usage:');
    expect(r.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });
});

// ------------------------------------------------------------------ real games, then stats

function stats(dir: string) {
  const r = runCli(['stats', '--json', '--data-dir', dir]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { games: number; groups: Record<string, unknown>[] };
}

describe('games played in plain mode are in the stats', () => {
  test('2048: a game left for a new one counts with its score and largest tile', () => {
    const dir = dirs.make();
    const moves = Array.from({ length: 30 }, (_, i) => 'asdw'[i % 4]!);
    const r = runCli(['--plain', '--seed', '7', '--new', '--data-dir', dir], {
      input: [...moves, 'n', 'a', 'q'].map((l) => `${l}\n`).join(''),
    });
    expect(r.code).toBe(0);
    const states = parsePlain(r.stdout);
    const fresh = states.findIndex((s, i) => i > 0 && s.moves === 0);
    const left = states[fresh - 1]!;
    expect(left.moves).toBeGreaterThan(0);
    const s = stats(dir);
    expect(s.games).toBe(1);
    expect(s.groups[0]).toMatchObject({
      kind: '2048',
      size: 4,
      games: 1,
      wins: 0,
      bestScore: left.score,
      totalMoves: left.moves,
      maxTiles: [{ tile: Math.max(...left.cells.flat()), count: 1 }],
    });
  });

  test('2048: a game taken back from its end with undo and quit is not counted again later', () => {
    const dir = dirs.make();
    // The moves of seed 7 to its end (the first of left, down, right, up that slides).
    let game = newGame({ seed: 7 });
    const keys: string[] = [];
    while (!game.over) {
      const dir = (['left', 'down', 'right', 'up'] as const).find((d) => play(game, d) !== game)!;
      keys.push({ left: 'a', down: 's', right: 'd', up: 'w' }[dir]);
      game = play(game, dir);
    }
    const args = ['--plain', '--seed', '7', '--new', '--data-dir', dir];
    const first = runCli(args, { input: [...keys, 'u', 'q'].map((l) => `${l}\n`).join('') });
    expect(first.code, first.stderr).toBe(0);
    expect(stats(dir).games).toBe(1);
    // Next time: the game resumes one move before its end; the same last move ends it again.
    const again = runCli(
      args.filter((a) => a !== '--new' && a !== '--seed' && a !== '7'),
      {
        input: `${keys.at(-1)}\nn\nq\n`,
      },
    );
    expect(again.code, again.stderr).toBe(0);
    expect(parsePlain(again.stdout)[1]?.score).toBe(game.score);
    expect(stats(dir).games).toBe(1);
  });

  test('puzzle: a solve typed in by the player counts as the player’s, with its moves', async () => {
    const dir = dirs.make();
    const tiles = await solve([...newPuzzle({ width: 3, seed: 1 }).tiles], 3);
    const r = runCli(
      ['puzzle', '--plain', '--size', '3', '--seed', '1', '--new', '--data-dir', dir],
      {
        input: [...tiles.map(String), 'q'].map((l) => `${l}\n`).join(''),
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Solved in ${tiles.length} moves`);
    const s = stats(dir);
    expect(s.groups).toHaveLength(1);
    expect(s.groups[0]).toMatchObject({
      kind: 'puzzle',
      size: 3,
      games: 1,
      assisted: 0,
      fewestMoves: tiles.length,
    });
    expect(typeof s.groups[0]!.bestTimeMs).toBe('number');
  });

  test('versus between two players: the match counts from player 1’s side', () => {
    const dir = dirs.make();
    const turns = Array.from({ length: 80 }, (_, i) => [
      `p1 ${'adsw'[i % 4]}`,
      `p2 ${'dasw'[i % 4]}`,
    ]).flat();
    const r = runCli(
      ['versus', '--plain', '--seed', '3', '--new', '--target', '16', '--data-dir', dir],
      {
        input: [...turns, 'q'].map((l) => `${l}\n`).join(''),
      },
    );
    expect(r.code).toBe(0);
    const end = /^(Player 1 wins!|Player 2 wins!|A draw)/m.exec(r.stdout);
    expect(end, r.stdout.slice(-2000)).not.toBeNull();
    const result =
      end![1] === 'Player 1 wins!' ? 'win' : end![1] === 'Player 2 wins!' ? 'loss' : 'draw';
    const before = r.stdout.slice(0, end!.index);
    const score = num([...before.matchAll(/^Player 1: ([\d,]+)/gm)].at(-1)![1]!);
    const s = stats(dir);
    expect(s.groups).toEqual([
      expect.objectContaining({
        kind: 'versus',
        games: 1,
        wins: result === 'win' ? 1 : 0,
        bestScore: score,
        results: [
          {
            opponent: 'human',
            wins: +(result === 'win'),
            losses: +(result === 'loss'),
            draws: +(result === 'draw'),
          },
        ],
      }),
    ]);
  });

  test('a duel the AIs play against each other counts once, from player 1’s side', () => {
    const dir = dirs.make();
    const r = runCli(
      [
        'duel',
        '--plain',
        '--placer',
        'ai',
        '--slider',
        'ai',
        '--seed',
        '2',
        '--new',
        '--data-dir',
        dir,
      ],
      {
        input: 'q\n',
      },
    );
    expect(r.code).toBe(0);
    const end = /^(AI 1 wins the duel!|AI 2 wins the duel!|A draw)/m.exec(r.stdout);
    expect(end, r.stdout.slice(-2000)).not.toBeNull();
    const mine = /^Round \d: AI 1 scored ([\d,]+) \(largest tile (\d+)\)$/m.exec(r.stdout);
    const result = end![1]!.startsWith('AI 1')
      ? 'win'
      : end![1]!.startsWith('AI 2')
        ? 'loss'
        : 'draw';
    const s = stats(dir);
    expect(s.groups).toEqual([
      expect.objectContaining({
        kind: 'duel',
        games: 1,
        bestScore: num(mine![1]!),
        maxTiles: [{ tile: Number(mine![2]), count: 1 }],
        results: [
          {
            opponent: 'ai',
            wins: +(result === 'win'),
            losses: +(result === 'loss'),
            draws: +(result === 'draw'),
          },
        ],
      }),
    ]);
  });
});
