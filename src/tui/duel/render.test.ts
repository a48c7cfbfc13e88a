/**
 * Tests of the duel screen: roles and prompts for each phase and kind of player, the placing
 * cursor (shown only to a person placing, and mapped back by `cellAt`), the boxes, the
 * too-small notice, and the frame's shape at every colour depth.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel, type Player } from '../../engine/duel.ts';
import { DIRECTIONS, type Pos } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import {
  duelResultLine,
  initialModelDuel,
  type ModelDuel,
  type PlayerKind,
} from '../../front/modelDuel.ts';
import { stripAnsi, visibleWidth } from '../ansi.ts';
import type { ColorDepth } from '../color.ts';
import { cellOrigin } from '../grid.ts';
import { cellAt, duelLayout, renderDuel } from './render.ts';

const view = (cols: number, rows: number) => ({ cols, rows });
const DEPTHS: readonly ColorDepth[] = ['truecolor', '256', '16', 'none'];
const H: PlayerKind = 'human';
const A: PlayerKind = 'ai';

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A new duel whose round 1 is slid by `first`. */
function start(first: Player, size = 4): Duel {
  for (let seed = 1; seed < 100; seed++) {
    const d = must(newDuel({ seed, size }));
    if (d.first === first) return d;
  }
  throw new Error('start: no seed found');
}

/** The placer's two start tiles are down: the slider's turn. */
const sliding = (first: Player) =>
  must(duelPlace(must(duelPlace(start(first), { row: 0, col: 0 }, 2)), { row: 3, col: 3 }, 4));

/** One step: a slide in the first direction that moves, or a placement on the first free cell. */
function step(d: Duel, i: number): Duel {
  if (d.phase === 'slide') {
    for (const dir of DIRECTIONS) {
      const next = must(duelSlide(d, dir));
      if (next !== d) return next;
    }
    throw new Error('step: the slider cannot move');
  }
  const cells = d.game.cells;
  const free = cells.flatMap((row, r) =>
    row.flatMap((v, c) => (v === 0 ? [{ row: r, col: c }] : [])),
  );
  return must(duelPlace(d, free[0]!, i % 3 === 0 ? 4 : 2));
}

function playUntil(d: Duel, done: (d: Duel) => boolean): Duel {
  let duel = d;
  for (let i = 0; i < 20000 && !done(duel); i++) duel = step(duel, i);
  if (!done(duel)) throw new Error('playUntil: never got there');
  return duel;
}

/** Round 2 has begun (its placer to place the first tile). */
const roundTwo = (first: Player) => playUntil(start(first), (d) => d.round === 1);
/** A finished duel. */
const finished = (first: Player) => playUntil(start(first), (d) => d.phase === 'over');

const model = (
  duel: Duel,
  players: readonly [PlayerKind, PlayerKind],
  extra: Partial<ModelDuel> = {},
): ModelDuel => ({ ...initialModelDuel(duel, players), ...extra });

const text = (lines: string[]) => lines.map(stripAnsi).join('\n');
const shown = (m: ModelDuel, cols = 100, rows = 30, depth: ColorDepth = 'truecolor') =>
  text(renderDuel(m, view(cols, rows), depth));

/** Where the cursor's markers are drawn: the cell's middle row, its left and right edges. */
function cursorSpot(m: ModelDuel, cols: number, rows: number, depth: ColorDepth) {
  const p = duelLayout(m, view(cols, rows), depth)!;
  const o = cellOrigin(p.g, m.cursor.row, m.cursor.col);
  const y = p.boardTop + o.y + Math.floor(p.g.h / 2);
  return { left: p.left + o.x, right: p.left + o.x + p.g.w - 1, y };
}

/** The screen positions of every `>` (the cursor's left marker), at any depth. */
function markers(lines: string[]): { x: number; y: number }[] {
  return lines.flatMap((l, y) =>
    [...stripAnsi(l)].flatMap((ch, x) => (ch === '>' ? [{ x, y }] : [])),
  );
}

describe('duelLayout', () => {
  it.each([
    { name: 'roomy', cols: 100, rows: 30, fits: true },
    { name: 'just a small board', cols: 40, rows: 14, fits: true },
    { name: 'too narrow', cols: 30, rows: 30, fits: false },
    { name: 'too flat', cols: 100, rows: 8, fits: false },
  ])('$name ($cols x $rows)', ({ cols, rows, fits }) => {
    for (const depth of ['truecolor', 'none'] as const) {
      const p = duelLayout(model(start(0), [H, A]), view(cols, rows), depth);
      expect(p !== null).toBe(fits);
      if (!p) continue;
      expect(p.left).toBeGreaterThanOrEqual(0);
      expect(p.left + p.width).toBeLessThanOrEqual(cols);
      // Title, stats and a gap above; a gap, keys and the prompt below.
      expect(p.boardTop - p.top).toBe(3);
      expect(p.boardTop + p.height + 3).toBeLessThanOrEqual(rows);
    }
  });
});

describe('renderDuel: roles and prompts', () => {
  const PLACE_YOU = 'Your turn to place: arrows move, 2 or 4 places a tile';
  it.each([
    {
      name: 'you slide, the AI places the start tiles',
      duel: () => start(0),
      players: [H, A] as const,
      roles: 'Sliding: You   Placing: AI',
      prompt: 'AI is placing…',
      cursor: false,
    },
    {
      name: 'the AI slides, you place',
      duel: () => start(1),
      players: [H, A] as const,
      roles: 'Sliding: AI   Placing: You',
      prompt: PLACE_YOU,
      cursor: true,
    },
    {
      name: 'you as player 2 place while the AI slides',
      duel: () => start(0),
      players: [A, H] as const,
      roles: 'Sliding: AI   Placing: You',
      prompt: PLACE_YOU,
      cursor: true,
    },
    {
      name: 'your turn to slide',
      duel: () => sliding(0),
      players: [H, A] as const,
      roles: 'Sliding: You   Placing: AI',
      prompt: 'Your turn to slide: arrows or WASD',
      cursor: false,
    },
    {
      name: 'the AI slides',
      duel: () => sliding(1),
      players: [H, A] as const,
      roles: 'Sliding: AI   Placing: You',
      prompt: 'AI is sliding…',
      cursor: false,
    },
    {
      name: 'two people: player 2 places',
      duel: () => start(0),
      players: [H, H] as const,
      roles: 'Sliding: Player 1   Placing: Player 2',
      prompt: "Player 2's turn to place: arrows move, 2 or 4 places a tile",
      cursor: true,
    },
    {
      name: 'two people: player 2 slides',
      duel: () => sliding(1),
      players: [H, H] as const,
      roles: 'Sliding: Player 2   Placing: Player 1',
      prompt: "Player 2's turn to slide: arrows or WASD",
      cursor: false,
    },
    {
      name: 'two AIs: AI 1 places',
      duel: () => start(1),
      players: [A, A] as const,
      roles: 'Sliding: AI 2   Placing: AI 1',
      prompt: 'AI 1 is placing…',
      cursor: false,
    },
  ])('$name', ({ duel, players, roles, prompt, cursor }) => {
    const d = duel();
    const m = model(d, players);
    for (const depth of DEPTHS) {
      const t = shown(m, 100, 30, depth);
      expect(t).toContain('Duel · 4×4 · round 1 of 2');
      expect(t).toContain(`${roles}   Score ${d.game.score}`);
      expect(t).toContain(prompt);
      expect(t).not.toContain('Round 1:');
      const lines = renderDuel(m, view(100, 30), depth);
      expect(markers(lines)).toHaveLength(cursor ? 1 : 0);
    }
  });

  it("round 2 swaps the roles and shows round 1's result", () => {
    const d = roundTwo(0);
    const r1 = d.rounds[0]!;
    expect(r1.slider).toBe(0);
    const t = shown(model(d, [H, A]));
    expect(t).toContain('Duel · 4×4 · round 2 of 2');
    expect(t).toContain('Sliding: AI   Placing: You');
    expect(t).toContain(`Round 1: You scored ${formatNumber(r1.score)}`);
    expect(t).toContain('Your turn to place');
    expect(markers(renderDuel(model(d, [H, A]), view(100, 30), 'none'))).toHaveLength(1);
    // The AI's own round, seen from the other seat.
    const other = shown(model(roundTwo(1), [H, A]));
    expect(other).toContain('Round 1: AI scored');
    expect(other).toContain('Sliding: You   Placing: AI');
    expect(other).toContain('AI is placing…');
  });

  it('shows the slider score once it has scored', () => {
    const d = playUntil(sliding(0), (x) => x.game.score >= 100);
    expect(d.round).toBe(0);
    const t = shown(model(d, [H, A]));
    expect(t).toContain(`Sliding: You   Placing: AI   Score ${formatNumber(d.game.score)}`);
  });

  it('a notice takes the prompt line', () => {
    const notice = 'That cell is taken: place the tile on an empty cell.';
    const t = shown(model(start(1), [H, A], { notice }));
    expect(t).toContain(notice);
    expect(t).not.toContain('Your turn to place');
  });

  it.each([
    {
      name: 'placing',
      duel: () => start(1),
      wide: '←↑↓→/WASD/click: cell · 2 or 4: place · n new · ? help · q quit',
      narrow: '←↑↓→ · 2/4 · n · ? · q',
    },
    {
      name: 'sliding',
      duel: () => sliding(0),
      wide: '←↑↓→/WASD/hjkl: slide · n new · ? help · q quit',
      narrow: '←↑↓→ slide · n new · ? help · q quit',
    },
  ])('key help while $name, shorter in a narrow window', ({ duel, wide, narrow }) => {
    const m = model(duel(), [H, A]);
    expect(shown(m, 100, 30)).toContain(wide);
    const t = text(renderDuel(m, view(40, 30), 'none'));
    expect(t).not.toContain(wide);
    expect(t).toContain(narrow);
    expect(t).not.toContain('Window too small');
  });

  it('key help while the AI acts, and once the duel is over', () => {
    expect(shown(model(sliding(1), [H, A]))).toMatch(/ {2}n new · \? help · q quit {2}/);
    expect(shown(model(finished(0), [H, A]))).toContain('r rematch · n new · ? help · q quit');
  });
});

describe('renderDuel: the placing cursor', () => {
  const cells: Pos[] = [0, 1, 2, 3].flatMap((row) => [0, 1, 2, 3].map((col) => ({ row, col })));

  it('marks the cursor cell with > < at depth none, wherever the cursor is', () => {
    for (const [cols, rows] of [
      [100, 30],
      [40, 14],
      [200, 60],
    ] as const) {
      for (const cursor of cells) {
        const m = model(start(1), [H, A], { cursor });
        const lines = renderDuel(m, view(cols, rows), 'none');
        const at = cursorSpot(m, cols, rows, 'none');
        const row = [...lines[at.y]!];
        expect(row[at.left]).toBe('>');
        expect(row[at.right]).toBe('<');
        expect(markers(lines)).toEqual([{ x: at.left, y: at.y }]);
      }
    }
  });

  it('paints an empty cursor cell in colour, only when a person places', () => {
    const bg = '48;2;90;160;230';
    const screen = (d: Duel, players: readonly [PlayerKind, PlayerKind]) =>
      renderDuel(model(d, players), view(100, 30), 'truecolor').join('\n');
    expect(screen(start(1), [H, A])).toContain(bg);
    expect(screen(start(0), [H, A])).not.toContain(bg);
    expect(screen(sliding(1), [H, A])).not.toContain(bg);
    expect(screen(sliding(0), [H, A])).not.toContain(bg);
  });

  it('marks a cursor on a taken cell too, keeping the tile', () => {
    const d = must(duelPlace(start(1), { row: 1, col: 1 }, 4));
    const m = model(d, [H, A], { cursor: { row: 1, col: 1 } });
    const lines = renderDuel(m, view(100, 30), 'none');
    const at = cursorSpot(m, 100, 30, 'none');
    const row = [...lines[at.y]!].slice(at.left, at.right + 1).join('');
    expect(row).toMatch(/^>\s+\[4\]\s+<$/);
  });

  it('cellAt maps every cell of the drawn cursor back to the cursor (round trip)', () => {
    for (const depth of ['truecolor', 'none'] as const) {
      for (const [cols, rows] of [
        [100, 30],
        [40, 14],
        [200, 60],
      ] as const) {
        const p = duelLayout(model(start(1), [H, A]), view(cols, rows), depth)!;
        for (const cursor of cells) {
          const m = model(start(1), [H, A], { cursor });
          const [mark] = markers(renderDuel(m, view(cols, rows), depth));
          expect(cellAt(m, view(cols, rows), depth, mark!.x, mark!.y)).toEqual(cursor);
          // The cell's corners too.
          const o = cellOrigin(p.g, cursor.row, cursor.col);
          const [x0, y0] = [p.left + o.x, p.boardTop + o.y];
          const [x1, y1] = [x0 + p.g.w - 1, y0 + p.g.h - 1];
          for (const [x, y] of [
            [x0, y0],
            [x1, y1],
          ] as const) {
            expect(cellAt(m, view(cols, rows), depth, x, y)).toEqual(cursor);
          }
          // Just outside the cell is not this cell.
          expect(cellAt(m, view(cols, rows), depth, x0 - 1, y0)).not.toEqual(cursor);
          expect(cellAt(m, view(cols, rows), depth, x1 + 1, y0)).not.toEqual(cursor);
        }
      }
    }
  });

  it.each([
    { name: 'the board edge', at: (l: number, t: number) => [l, t] },
    { name: 'above the board', at: (l: number, t: number) => [l + 3, t - 1] },
    { name: 'the top left of the window', at: () => [0, 0] },
  ])('cellAt is null at $name', ({ at }) => {
    const m = model(start(1), [H, A]);
    const p = duelLayout(m, view(100, 30), 'none')!;
    const [x, y] = at(p.left, p.boardTop);
    expect(cellAt(m, view(100, 30), 'none', x!, y!)).toBeNull();
  });

  it('cellAt is null when the window is too small', () => {
    expect(cellAt(model(start(1), [H, A]), view(20, 8), 'none', 5, 5)).toBeNull();
  });
});

describe('renderDuel: boxes and small windows', () => {
  it('shows the result box when the duel is over', () => {
    for (const first of [0, 1] as const) {
      const d = finished(first);
      const m = model(d, [H, A]);
      const t = shown(m);
      expect(t).toContain('Duel · 4×4 · over');
      expect(t).toContain(duelResultLine(m)!);
      for (const [i, r] of d.rounds.entries()) {
        const name = r.slider === 0 ? 'You' : 'AI';
        expect(t).toContain(
          `Round ${i + 1}: ${name} scored ${formatNumber(r.score)}, largest tile ${formatNumber(r.maxTile)}`,
        );
      }
      expect(t).toContain('r: rematch   n: new   q: quit');
      expect(markers(renderDuel(m, view(100, 30), 'none'))).toHaveLength(0);
    }
    expect(shown(model(start(0), [H, A]))).not.toContain('r: rematch');
  });

  it.each([
    {
      overlay: 'help' as const,
      want: [
        'How a duel works',
        'one player slides',
        'then the roles swap',
        '2 or 4 places the tile',
      ],
    },
    { overlay: 'confirm-new' as const, want: ['Start a new duel?', 'y: yes    n: no'] },
  ])('shows the $overlay box', ({ overlay, want }) => {
    for (const depth of DEPTHS) {
      const t = shown(model(sliding(0), [H, A], { overlay }), 100, 30, depth);
      for (const w of want) expect(t).toContain(w);
    }
    const none = shown(model(sliding(0), [H, A]));
    for (const w of want) expect(none).not.toContain(w);
  });

  it('no box while tiles slide', () => {
    const d = playUntil(sliding(0), (x) => x.phase === 'place' && x.game.moves > 0);
    const m = model(d, [H, A], { overlay: 'help' });
    expect(shown(m)).toContain('How a duel works');
    const moving = text(renderDuel(m, view(100, 30), 'truecolor', { kind: 'slide', t: 0.5 }));
    expect(moving).not.toContain('How a duel works');
  });

  it('says the window is too small, and draws no board', () => {
    for (const depth of DEPTHS) {
      const t = shown(model(start(1), [H, A]), 30, 12, depth);
      expect(t).toContain('Window too small');
      expect(t).toContain('have 30×12');
      expect(t).toMatch(/Need \d+×\d+,/);
      expect(t).not.toMatch(/[┌│>]/);
      expect(t).not.toContain('Sliding');
    }
  });

  it('uses no escape codes at all at depth none', () => {
    const cases: [ModelDuel, number, number][] = [
      [model(start(1), [H, A]), 100, 30],
      [model(sliding(0), [H, A], { notice: 'The AI failed: boom' }), 100, 30],
      [model(roundTwo(0), [H, A]), 40, 14],
      [model(finished(0), [H, A]), 100, 30],
      [model(start(1), [H, A], { overlay: 'help' }), 100, 30],
      [model(start(1), [H, A]), 30, 12],
    ];
    for (const [m, cols, rows] of cases) {
      expect(renderDuel(m, view(cols, rows), 'none').join('')).not.toContain('\x1b');
      // The same screens in colour do use them, so the check above can fail.
      expect(renderDuel(m, view(cols, rows), 'truecolor').join('')).toContain('\x1b');
    }
  });

  it('property: exactly view.rows lines, none wider than view.cols', () => {
    const duels = [start(0), start(1), sliding(0), roundTwo(1), finished(0)];
    fc.assert(
      fc.property(
        fc.constantFrom(...duels),
        fc.constantFrom<[PlayerKind, PlayerKind]>([H, A], [A, H], [H, H], [A, A]),
        fc.constantFrom<ModelDuel['overlay']>(null, 'help', 'confirm-new'),
        fc.record({ row: fc.integer({ min: 0, max: 3 }), col: fc.integer({ min: 0, max: 3 }) }),
        fc.integer({ min: 0, max: 240 }),
        fc.integer({ min: 0, max: 80 }),
        fc.constantFrom(...DEPTHS),
        fc.boolean(),
        (d, players, overlay, cursor, cols, rows, depth, notice) => {
          const m = model(d, players, {
            overlay,
            cursor,
            notice: notice ? 'A notice that is rather long, longer than a narrow window.' : null,
          });
          const lines = renderDuel(m, view(cols, rows), depth);
          expect(lines).toHaveLength(rows);
          for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(cols);
        },
      ),
      { numRuns: 300 },
    );
  });
});
