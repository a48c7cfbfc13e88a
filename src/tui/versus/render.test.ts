import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../engine/types.ts';
import { newVersus, type Side, type VersusMatch, versusMove } from '../../engine/versus.ts';
import {
  initialModelVersus,
  type ModelVersus,
  type Opponent,
  resultLine,
} from '../../front/modelVersus.ts';
import { stripAnsi, visibleWidth } from '../ansi.ts';
import type { ColorDepth } from '../color.ts';
import { renderVersus, type VersusAnim, versusLayout } from './render.ts';

const view = (cols: number, rows: number) => ({ cols, rows });
const HUMAN: Opponent = { kind: 'human' };
const AI: Opponent = { kind: 'ai', level: 'medium' };
const DEPTHS: readonly ColorDepth[] = ['truecolor', '256', '16', 'none'];
const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];

function start(opts: Parameters<typeof newVersus>[0] = { seed: 7 }): VersusMatch {
  const r = newVersus(opts);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays `side` (cycling directions, skipping ones that change nothing) until `done`. */
function playUntil(m: VersusMatch, side: Side, done: (m: VersusMatch) => boolean): VersusMatch {
  let match = m;
  for (let i = 0; i < 2000 && !done(match) && !match.over; i++) {
    const r = versusMove(match, side, DIRS[i % 4]!);
    if (!r.ok) throw new Error(r.error.message);
    match = r.value;
  }
  if (!done(match)) throw new Error('playUntil: never got there');
  return match;
}

/** Side 2 has two attacks waiting; side 1 has none. */
function queued(): VersusMatch {
  const m = playUntil(start(), 0, (x) => x.queues[1].length >= 2);
  expect(m.queues[0]).toEqual([]);
  return m;
}

/** Side 2 has just received an attack with its latest move. */
function landed(): VersusMatch {
  const m = queued();
  return playUntil(m, 1, (x) => x.log.at(-1)?.side === 1 && x.log.at(-1)?.received !== null);
}

/** A finished match: both sides take turns on a 3x3 board to 16. */
function finished(): VersusMatch {
  let m = start({ seed: 3, size: 3, target: 16 });
  for (let i = 0; i < 4000 && !m.over; i++) {
    const side: Side = i % 2 === 0 ? 0 : 1;
    const r = versusMove(m, side, DIRS[Math.floor(i / 2) % 4]!);
    if (r.ok) m = r.value;
  }
  expect(m.over).toBe(true);
  return m;
}

const model = (m: VersusMatch, opponent: Opponent = HUMAN, extra: Partial<ModelVersus> = {}) => ({
  ...initialModelVersus(m, opponent),
  ...extra,
});

const text = (lines: string[]) => lines.map(stripAnsi).join('\n');
const shown = (
  mv: ModelVersus,
  cols = 120,
  rows = 30,
  depth: ColorDepth = 'truecolor',
  anim: VersusAnim | null = null,
) => text(renderVersus(mv, view(cols, rows), depth, anim));

describe('versusLayout', () => {
  it.each([
    { name: 'wide window: side by side', cols: 120, rows: 30, want: 'side-by-side' },
    { name: 'narrow tall window: stacked', cols: 60, rows: 50, want: 'stacked' },
    { name: 'wide and tall: side by side', cols: 200, rows: 60, want: 'side-by-side' },
    { name: 'tall, barely wide enough for one: stacked', cols: 40, rows: 40, want: 'stacked' },
    { name: 'small window: nothing fits', cols: 40, rows: 12, want: null },
    { name: 'wide but flat: nothing fits', cols: 200, rows: 10, want: null },
  ])('$name ($cols x $rows)', ({ cols, rows, want }) => {
    for (const depth of ['truecolor', 'none'] as const) {
      const p = versusLayout(model(start()), view(cols, rows), depth);
      expect(p?.arrangement ?? null).toBe(want);
      if (!p) continue;
      const [a, b] = p.boards;
      if (want === 'side-by-side') {
        expect(b.boardTop).toBe(a.boardTop);
        expect(a.left + p.width).toBeLessThan(b.left);
      } else {
        expect(b.left).toBe(a.left);
        expect(b.headerTop).toBeGreaterThan(a.boardTop + p.height);
      }
      // Everything inside the window.
      for (const s of p.boards) {
        expect(s.left).toBeGreaterThanOrEqual(0);
        expect(s.left + p.width).toBeLessThanOrEqual(cols);
        expect(s.boardTop + p.height).toBeLessThanOrEqual(rows);
      }
      expect(p.noticeRow).toBeLessThan(rows);
    }
  });

  it('uses the largest tiles that fit: bigger in a bigger window', () => {
    const small = versusLayout(model(start()), view(120, 30), 'truecolor')!;
    const big = versusLayout(model(start()), view(200, 60), 'truecolor')!;
    expect(big.g.w * big.g.h).toBeGreaterThan(small.g.w * small.g.h);
  });
});

describe('renderVersus', () => {
  it.each([
    { name: 'side by side', cols: 120, rows: 30, boxRows: 1, boxesPerRow: 2 },
    { name: 'stacked', cols: 60, rows: 50, boxRows: 2, boxesPerRow: 1 },
  ])('draws two boards $name in $cols x $rows', ({ cols, rows, boxRows, boxesPerRow }) => {
    const lines = renderVersus(model(start()), view(cols, rows), 'none').map(stripAnsi);
    // Each board's top edge starts with ┌ (depth none draws grid lines).
    const tops = lines.filter((l) => l.includes('┌'));
    expect(tops).toHaveLength(boxRows);
    for (const l of tops) expect(l.match(/┌/g)).toHaveLength(boxesPerRow);
    expect(lines.join('\n')).not.toContain('Window too small');
  });

  it('says the window is too small, and draws no board, in 40x12', () => {
    for (const depth of DEPTHS) {
      const t = shown(model(start()), 40, 12, depth);
      expect(t).toContain('Window too small');
      expect(t).toMatch(/Need \d+×\d+,/);
      expect(t).toContain('have 40×12');
      expect(t).not.toMatch(/[┌│]/);
      expect(t).not.toContain('Score');
    }
  });

  it('shows the title, both names, both scores and the queue heads', () => {
    const m = queued();
    const [a, b] = m.games;
    const head = m.queues[1][0]!;
    const more = m.queues[1].length - 1;
    for (const [cols, rows] of [
      [120, 30],
      [60, 50],
    ] as const) {
      const t = shown(model(m), cols, rows);
      expect(t).toContain('Versus · 4×4 · first to 512');
      expect(t).toContain('Player 1  vs  Player 2');
      expect(t).toContain(`Player 1   Score ${a.score}   Max `);
      expect(t).toContain(`Player 2   Score ${b.score}   Max `);
      expect(t).toContain(`next: ${head}  (+${more} more)`);
      expect(t).toContain('next: —');
    }
    expect(shown(model(start({ seed: 7, target: 1024 })))).toContain('first to 1,024');
  });

  it.each([
    {
      name: 'two players',
      opponent: HUMAN,
      want: ['Player 1', 'Player 2', 'WASD: board 1 · arrows: board 2 · n new · ? help · q quit'],
    },
    {
      name: 'against the AI',
      opponent: AI,
      want: ['You', 'AI (medium)', 'arrows/WASD move · n new · ? help · q quit'],
    },
  ])('names the sides and the keys: $name', ({ opponent, want }) => {
    const t = shown(model(start(), opponent));
    for (const w of want) expect(t).toContain(w);
  });

  it('shortens the key help in a narrow window', () => {
    const lines = renderVersus(model(start()), view(50, 60), 'none');
    expect(text(lines)).not.toContain('WASD: board 1 · arrows: board 2 · n new');
    expect(text(lines)).toContain('q');
    expect(versusLayout(model(start()), view(50, 60), 'none')?.arrangement).toBe('stacked');
  });

  it('shows the notice line', () => {
    expect(shown(model(start(), HUMAN, { notice: 'The AI failed: boom' }))).toContain(
      'The AI failed: boom',
    );
  });

  it('flashes the board an attack just landed on', () => {
    const m = landed();
    const value = m.log.at(-1)!.received!;
    const anim = (flash: [boolean, boolean]): VersusAnim => ({ frames: [null, null], flash });
    for (const depth of ['truecolor', 'none'] as const) {
      expect(shown(model(m), 120, 30, depth, anim([false, true]))).toContain(`» ${value} landed`);
      expect(shown(model(m), 120, 30, depth, anim([false, false]))).not.toContain('landed');
    }
    // In colour the header is also drawn bold in reverse video (SGR 1;7 then its colour).
    const coloured = renderVersus(model(m), view(120, 30), 'truecolor', anim([false, true]));
    const plain = renderVersus(model(m), view(120, 30), 'truecolor', anim([false, false]));
    const reversed = (ls: string[]) => ls.filter((l) => l.includes('\x1b[1;7;')).length;
    expect(reversed(coloured)).toBeGreaterThan(reversed(plain));
  });

  it('shows the result box when the match is over', () => {
    const m = finished();
    for (const opponent of [HUMAN, AI]) {
      const mv = model(m, opponent);
      const t = shown(mv, 120, 30);
      expect(t).toContain(resultLine(mv)!);
      expect(t).toContain('r: rematch   n: new   q: quit');
      const [a, b] = m.games;
      expect(t).toMatch(new RegExp(`: ${a.score} .*: ${b.score}`));
    }
    expect(shown(model(start()))).not.toContain('r: rematch');
  });

  it.each([
    { overlay: 'help' as const, want: ['How versus works', 'First to make 512 wins.', 'is out'] },
    { overlay: 'confirm-new' as const, want: ['Start a new match?', 'y: yes    n: no'] },
  ])('shows the $overlay box', ({ overlay, want }) => {
    for (const [cols, rows] of [
      [120, 30],
      [60, 50],
    ] as const) {
      const t = shown(model(start(), HUMAN, { overlay }), cols, rows);
      for (const w of want) expect(t).toContain(w);
    }
    const none = shown(model(start()));
    for (const w of want) expect(none).not.toContain(w);
  });

  it('uses no escape codes at all at depth none', () => {
    const m = landed();
    const anim: VersusAnim = { frames: [null, null], flash: [true, true] };
    const cases: [ModelVersus, number, number][] = [
      [model(m), 120, 30],
      [model(m), 60, 50],
      [model(m), 40, 12],
      [model(finished()), 120, 30],
      [model(m, HUMAN, { overlay: 'help' }), 120, 30],
    ];
    for (const [mv, cols, rows] of cases) {
      expect(renderVersus(mv, view(cols, rows), 'none', anim).join('')).not.toContain('\x1b');
      // The same screens in colour do use them, so the check above can fail.
      expect(renderVersus(mv, view(cols, rows), 'truecolor', anim).join('')).toContain('\x1b');
    }
  });

  it('property: exactly view.rows lines, none wider than view.cols', () => {
    const matches = [start(), queued(), landed(), finished()];
    fc.assert(
      fc.property(
        fc.constantFrom(...matches),
        fc.constantFrom<Opponent>(HUMAN, AI),
        fc.constantFrom<ModelVersus['overlay']>(null, 'help', 'confirm-new'),
        fc.integer({ min: 0, max: 240 }),
        fc.integer({ min: 0, max: 80 }),
        fc.constantFrom(...DEPTHS),
        fc.boolean(),
        (m, opponent, overlay, cols, rows, depth, flash) => {
          const mv = model(m, opponent, { overlay, notice: 'A notice that is rather long, too.' });
          const anim: VersusAnim = { frames: [null, { kind: 'pop' }], flash: [flash, !flash] };
          const lines = renderVersus(mv, view(cols, rows), depth, anim);
          expect(lines).toHaveLength(rows);
          for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(cols);
        },
      ),
      { numRuns: 300 },
    );
  });
});
