/**
 * The duel screen as a pure function: model + window size + colour depth (+ an animation
 * moment) -> the lines to draw. One 2048 board under a header that says who slides and who
 * places; when a person places, the cell they would place on is marked on the board.
 */
import { type Duel, type RoundResult, whoIs } from '../../engine/duel.ts';
import type { Pos } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import { actsElsewhere, duelNames, duelResultLine, type ModelDuel } from '../../front/modelDuel.ts';
import { stripAnsi } from '../ansi.ts';
import { Canvas } from '../canvas.ts';
import type { ColorDepth, Style } from '../color.ts';
import { type AnimFrame, drawGameBoard, minTileWidth } from '../game2048/render.ts';
import { cellOrigin } from '../grid.ts';
import { drawBox, drawChrome, type Placement, placeBoard, tooSmallFor } from '../layout.ts';
import type { Viewport } from '../terminal.ts';

/** An empty cell under a person's placing cursor, in colour. */
const CURSOR: Style = { bg: [90, 160, 230], fg: [20, 20, 30], bg16: 4, fg16: 15, bold: true };
/** The prompt when a person must act: bold, so it reads as "your move". */
const PROMPT: Style = { bold: true };
const QUIET: Style = { fg: [150, 150, 150], fg16: 8 };

/** Where the board goes, or null when the window is too small. */
export function duelLayout(model: ModelDuel, view: Viewport, depth: ColorDepth): Placement | null {
  const game = model.duel.game;
  return placeBoard(game.size, minTileWidth(game), view, depth === 'none');
}

/** The cell drawn at a screen position (for mouse clicks), or null. */
export function cellAt(
  model: ModelDuel,
  view: Viewport,
  depth: ColorDepth,
  x: number,
  y: number,
): Pos | null {
  const p = duelLayout(model, view, depth);
  if (!p) return null;
  const n = model.duel.size;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const o = cellOrigin(p.g, row, col);
      const cx = p.left + o.x;
      const cy = p.boardTop + o.y;
      if (x >= cx && x < cx + p.g.w && y >= cy && y < cy + p.g.h) return { row, col };
    }
  }
  return null;
}

/** Whether a person places now, so the cursor is theirs to move and is shown. */
function personPlaces(model: ModelDuel): boolean {
  const t = whoIs(model.duel);
  return t.phase === 'place' && !actsElsewhere(model, t.placer);
}

const fits = (s: string, width: number) => [...s].length <= width;

/** The first text that fits the width, else the last one cut to it. */
function pick(options: readonly string[], width: number): string {
  const found = options.find((s) => fits(s, width));
  return found ?? [...options[options.length - 1]!].slice(0, Math.max(0, width)).join('');
}

function titleText(duel: Duel): string {
  const n = duel.size;
  const when = duel.phase === 'over' ? 'over' : `round ${duel.round + 1} of 2`;
  return `Duel · ${n}×${n} · ${when}`;
}

function roundWords(r: RoundResult, i: number, names: readonly [string, string]): string[] {
  const s = formatNumber(r.score);
  return [`Round ${i + 1}: ${names[r.slider]} scored ${s}`, `R${i + 1}: ${names[r.slider]} ${s}`];
}

/** The stats line's options, from longest to shortest. */
function statsTexts(model: ModelDuel): string[] {
  const duel = model.duel;
  const names = duelNames(model);
  if (duel.phase === 'over') {
    const [a, b] = duel.rounds.map((r, i) => roundWords(r, i, names));
    return [`${a![0]}   ${b![0]}`, `${a![1]} · ${b![1]}`];
  }
  const t = whoIs(duel);
  const slider = names[t.slider];
  const placer = names[t.placer];
  const score = formatNumber(duel.game.score);
  const done = duel.rounds[0];
  const [long, short] = done ? roundWords(done, 0, names) : [null, null];
  const base = [
    `Sliding: ${slider}   Placing: ${placer}   Score ${score}`,
    `Sliding: ${slider} · Placing: ${placer} · Score ${score}`,
    `Slide: ${slider} · Place: ${placer} · ${score}`,
  ];
  if (!done) return base;
  return [`${base[0]}   ${long}`, `${base[1]} · ${long}`, `${base[2]} · ${short}`, base[2]!];
}

/** The line under the board: a notice first, else who must act and how. */
function promptTexts(model: ModelDuel): { texts: string[]; style?: Style } {
  if (model.notice) return { texts: [model.notice], style: PROMPT };
  const result = duelResultLine(model);
  if (result !== null) return { texts: [result], style: PROMPT };
  const t = whoIs(model.duel);
  const who = t.toAct!;
  const name = duelNames(model)[who];
  const placing = t.phase === 'place';
  if (actsElsewhere(model, who)) {
    return { texts: [`${name} is ${placing ? 'placing' : 'sliding'}…`], style: QUIET };
  }
  const turn = name === 'You' ? 'Your turn' : `${name}'s turn`;
  const texts = placing
    ? [
        `${turn} to place: arrows move, 2 or 4 places a tile`,
        `${turn} to place: arrows, then 2 or 4`,
        `${turn} to place`,
        'Place: arrows, 2/4',
      ]
    : [`${turn} to slide: arrows or WASD`, `${turn} to slide`, 'Slide: arrows'];
  return { texts, style: PROMPT };
}

/** Key help for what the keys do now, from longest to shortest. */
function keyTexts(model: ModelDuel): string[] {
  const online = model.online !== undefined;
  if (online && model.online?.you === null) return ['watching · ? help · q leave', '? · q'];
  if (model.duel.phase === 'over') {
    return online
      ? ['r rematch · ? help · q leave', 'r · ? · q']
      : ['r rematch · n new · ? help · q quit', 'r · n · ? · q'];
  }
  const rest = online ? ['? help · q leave', '? · q'] : ['n new · ? help · q quit', 'n · ? · q'];
  const t = whoIs(model.duel);
  const act = actsElsewhere(model, t.toAct!)
    ? null
    : t.phase === 'place'
      ? ['←↑↓→/WASD/click: cell · 2 or 4: place', '←↑↓→ cell · 2/4 place', '←↑↓→ · 2/4']
      : ['←↑↓→/WASD/hjkl: slide', '←↑↓→ slide', '←↑↓→'];
  if (act === null) return [rest[0]!, rest[1]!];
  return [`${act[0]} · ${rest[0]}`, `${act[1]} · ${rest[0]}`, `${act[2]} · ${rest[1]}`, act[2]!];
}

function helpLines(model: ModelDuel): string[] {
  return [
    'How a duel works',
    '',
    '2048 without luck: one player slides,',
    'the other places every new tile —',
    'the cell, and a 2 or a 4.',
    'A round ends when the slider is stuck;',
    'then the roles swap for round 2.',
    'The higher slider score wins',
    '(then the larger largest tile).',
    '',
    'Slide:  ←↑↓→  WASD  hjkl',
    'Place:  ←↑↓→ or a click pick the cell,',
    '        2 or 4 places the tile',
    ...(model.online?.you === null
      ? ['You are watching: only the players', 'act.  ? help   q leave']
      : model.online
        ? ['r rematch (at the end)', '?   help      q leave']
        : ['n new duel    r rematch (at the end)', '?   help      q quit']),
    '',
    'q: quit · any other key: back',
  ];
}

function overLines(model: ModelDuel, result: string, endKeys: readonly string[] | null): string[] {
  const names = duelNames(model);
  const rounds = model.duel.rounds.map(
    (r, i) =>
      `Round ${i + 1}: ${names[r.slider]} scored ${formatNumber(r.score)}, ` +
      `largest tile ${formatNumber(r.maxTile)}`,
  );
  const keys =
    model.online?.you === null
      ? 'q: leave'
      : model.online
        ? 'r: rematch   q: leave'
        : 'r: rematch   n: new   q: quit';
  return [result, '', ...rounds, '', ...(endKeys ?? [keys])];
}

function overlayLines(model: ModelDuel, endKeys: readonly string[] | null): string[] | null {
  if (model.overlay === 'help') return helpLines(model);
  if (model.overlay === 'confirm-new') {
    return ['Start a new duel?', 'This duel will be lost.', '', 'y: yes    n: no'];
  }
  const result = duelResultLine(model);
  return result === null ? null : overLines(model, result, endKeys);
}

/**
 * Marks the placing cursor's cell: `>` and `<` at its edges on the middle row (plain
 * characters, so they show without colour), and in colour an empty cell is painted too.
 */
function drawCursor(c: Canvas, p: Placement, model: ModelDuel, depth: ColorDepth): void {
  const { row, col } = model.cursor;
  const n = model.duel.size;
  if (row < 0 || col < 0 || row >= n || col >= n) return;
  const o = cellOrigin(p.g, row, col);
  const x = p.left + o.x;
  const y = p.boardTop + o.y;
  const mid = y + Math.floor(p.g.h / 2);
  const empty = model.duel.game.cells[row]![col] === 0;
  const style: Style | undefined = depth === 'none' ? { bold: true } : empty ? CURSOR : undefined;
  if (depth !== 'none' && empty) {
    c.fill(x, y, p.g.w, p.g.h, CURSOR);
    c.text(x + Math.floor((p.g.w - 1) / 2), mid, '·', CURSOR);
  }
  c.text(x, mid, '>', style);
  c.text(x + p.g.w - 1, mid, '<', style);
}

function drawScreen(
  c: Canvas,
  model: ModelDuel,
  p: Placement,
  depth: ColorDepth,
  anim: AnimFrame | null,
): void {
  drawChrome(c, p, {
    title: pick([titleText(model.duel)], c.width),
    stats: pick(statsTexts(model), c.width),
    keys: keyTexts(model),
    notice: null,
  });
  drawGameBoard(c, p.left, p.boardTop, p.g, model.duel.game, anim, depth);
  if (personPlaces(model)) drawCursor(c, p, model, depth);
  const prompt = promptTexts(model);
  c.center(p.boardTop + p.height + 2, pick(prompt.texts, c.width), prompt.style);
}

/**
 * Renders the duel screen into exactly `view.rows` lines. `endKeys` replaces the keys the end
 * box offers (a replay's own keys, where the game's do nothing).
 */
export function renderDuel(
  model: ModelDuel,
  view: Viewport,
  depth: ColorDepth,
  anim: AnimFrame | null = null,
  endKeys: readonly string[] | null = null,
): string[] {
  const c = new Canvas(view.cols, view.rows);
  const p = duelLayout(model, view, depth);
  if (!p) {
    const game = model.duel.game;
    tooSmallFor(c, game.size, minTileWidth(game), view, depth === 'none');
  } else {
    drawScreen(c, model, p, depth, anim);
    const overlay = overlayLines(model, endKeys);
    if (overlay && anim === null) {
      const cx = p.left + Math.floor(p.width / 2);
      drawBox(c, overlay, cx, p.boardTop + Math.floor(p.height / 2), depth);
    }
  }
  const out = c.toLines(depth);
  // Without colour the screen is plain characters: bold and underline go too (the cursor is
  // marked with > <, and new tiles as [2]).
  return depth === 'none' ? out.map(stripAnsi) : out;
}
