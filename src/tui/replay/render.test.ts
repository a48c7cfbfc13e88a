import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel } from '../../engine/duel.ts';
import { legalMoves, newGame, play } from '../../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../engine/puzzle.ts';
import {
  encodeShared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../../engine/shareCode.ts';
import { readShareCode } from '../../engine/shareReplay.ts';
import { newVersus, type VersusMatch, versusMove } from '../../engine/versus.ts';
import {
  type Analysis2048View,
  type AnalysisPuzzleView,
  type MoveClass,
  matchView,
} from '../../front/modelAnalysis.ts';
import { initialModelReplay, updateReplay } from '../../front/modelReplay.ts';
import { analyseDuel, analyseVersus } from '../../solvers/analysis/analyseMatch.ts';
import { stripAnsi, visibleWidth } from '../ansi.ts';
import { Canvas } from '../canvas.ts';
import { drawChart } from './analysisPanel.ts';
import { keyLines, renderReplay, slidIn } from './render.ts';

const VIEW = { cols: 90, rows: 30 };

function replay2048(moves: number) {
  let g = newGame({ seed: 5 });
  for (let i = 0; i < moves; i++) g = play(g, legalMoves(g.cells)[0]!);
  const s = shared2048(g);
  if (!s.ok) throw new Error(s.error.message);
  const r = readShareCode(encodeShared(s.value));
  if (!r.ok) throw new Error(r.error.message);
  return Object.assign(initialModelReplay(r.value), { replay: r.value });
}

describe('the replay screen', () => {
  it('shows the replay’s keys and where it stands instead of the game’s own lines', () => {
    const m = updateReplay(replay2048(6), { type: 'seek', index: 3 });
    const text = renderReplay(m, VIEW, 'none').map(stripAnsi).join('\n');
    expect(text).toContain('Replay · move 3 of 6 · ❚❚ paused');
    expect(text).toContain('space play/pause');
    expect(text).not.toContain('u undo');
  });

  it('a step into a position slides: a frame mid-way differs from the position at rest', () => {
    const m = updateReplay(replay2048(6), { type: 'seek', index: 3 });
    expect(slidIn(m)).toBe(true);
    const rest = renderReplay(m, VIEW, 'none').join('\n');
    const mid = renderReplay(m, VIEW, 'none', { kind: 'slide', t: 0 }).join('\n');
    expect(mid).not.toBe(rest);
    expect(slidIn(updateReplay(m, { type: 'start' }))).toBe(false);
  });

  it('a duel’s placements do not slide, its slides do', () => {
    const d0 = newDuel({ seed: 2 });
    if (!d0.ok) throw new Error(d0.error.message);
    let d = d0.value;
    for (const at of [
      { row: 0, col: 0 },
      { row: 0, col: 1 },
    ]) {
      const p = duelPlace(d, at, 2);
      if (!p.ok) throw new Error(p.error.message);
      d = p.value;
    }
    const s = duelSlide(d, 'left');
    if (!s.ok) throw new Error(s.error.message);
    const r = readShareCode(encodeShared(sharedDuel(s.value, 'human,human')));
    if (!r.ok) throw new Error(r.error.message);
    const m = initialModelReplay(r.value);
    expect(slidIn(updateReplay(m, { type: 'seek', index: 2 }))).toBe(false);
    expect(slidIn(updateReplay(m, { type: 'seek', index: 3 }))).toBe(true);
  });
});

describe('the replay screen of a puzzle with move times', () => {
  function timedModel() {
    let p = newPuzzle({ width: 3, seed: 4 });
    let now = 0;
    for (const gap of [0, 350, 1650, 2000]) {
      now += gap;
      const last = p.last?.tile;
      p = moveTile(p, movableTiles(p).filter((t) => t !== last)[0]!, now);
    }
    const s = sharedPuzzle(p);
    if (!s.ok) throw new Error(s.error.message);
    const r = readShareCode(encodeShared(s.value));
    if (!r.ok) throw new Error(r.error.message);
    return initialModelReplay(r.value);
  }

  it('shows the pace as ×N and the solve’s clock at the move on screen', () => {
    const m = timedModel();
    const playing = renderReplay(m, VIEW, 'none').map(stripAnsi).join('\n');
    expect(playing).toContain('Replay · move 0 of 4 · ▶ ×1 · 0.000 of 4.000');
    const paused = updateReplay(updateReplay(m, { type: 'seek', index: 3 }), { type: 'faster' });
    const text = renderReplay(paused, VIEW, 'none').map(stripAnsi).join('\n');
    expect(text).toContain('Replay · move 3 of 4 · ❚❚ paused ×2 · 2.000 of 4.000');
    // The puzzle's own timer reads the solve's clock there.
    expect(text).toMatch(/0:02/);
  });
});

describe('end boxes in a replay', () => {
  const text = (m: ReturnType<typeof initialModelReplay>) =>
    renderReplay(updateReplay(m, { type: 'end' }), VIEW, 'none')
      .map(stripAnsi)
      .join('\n');
  /** Offers the replay's keys at the end, and none of the game's (they do nothing here). */
  function expectReplayKeys(screen: string, box: RegExp): void {
    expect(screen).toMatch(box);
    expect(screen).toContain('space: play again   ←: step back');
    expect(screen).toContain('g: start   q: quit');
    for (const dead of ['n: new', 'u: undo', 'r: rematch', 'keep going']) {
      expect(screen).not.toContain(dead);
    }
  }
  const read = (code: string) => {
    const r = readShareCode(code);
    if (!r.ok) throw new Error(r.error.message);
    return initialModelReplay(r.value);
  };

  it('a versus match that was won', () => {
    const v0 = newVersus({ seed: 3, size: 3, target: 16 });
    if (!v0.ok) throw new Error(v0.error.message);
    let v = v0.value;
    for (let i = 0; !v.over && i < 2000; i++) {
      const side = (i % 2) as 0 | 1;
      const dir = legalMoves(v.games[side].cells.map((r) => [...r]))[0];
      if (!dir) continue;
      const next = versusMove(v, side, dir);
      if (next.ok) v = next.value;
    }
    expect(v.over).toBe(true);
    expectReplayKeys(text(read(encodeShared(sharedVersus(v, 'human')))), /wins|draw/i);
  });

  it('a duel played to its end', () => {
    const d0 = newDuel({ seed: 4, size: 3 });
    if (!d0.ok) throw new Error(d0.error.message);
    let d = d0.value;
    for (let i = 0; d.phase !== 'over' && i < 5000; i++) {
      const cells = d.game.cells;
      if (d.phase === 'place') {
        const row = cells.findIndex((r) => r.includes(0));
        const p = duelPlace(d, { row, col: cells[row]!.indexOf(0) }, 2);
        if (!p.ok) throw new Error(p.error.message);
        d = p.value;
      } else {
        const s = duelSlide(d, legalMoves(cells.map((r) => [...r]))[0]!);
        if (!s.ok) throw new Error(s.error.message);
        d = s.value;
      }
    }
    expect(d.phase).toBe('over');
    expectReplayKeys(text(read(encodeShared(sharedDuel(d, 'human,human')))), /Round 2/);
  });

  it('a 2048 game played to its end', () => {
    let g = newGame({ seed: 5, size: 3 });
    while (!g.over) g = play(g, legalMoves(g.cells)[0]!);
    const s = shared2048(g);
    if (!s.ok) throw new Error(s.error.message);
    expectReplayKeys(text(read(encodeShared(s.value))), /Game over/);
  });
});

describe('the replay screen with the analysis', () => {
  /** A made-up analysis of a replay's moves with these classes (the played move left, the AI's up). */
  function analysed(m: ReturnType<typeof initialModelReplay>, classes: readonly MoveClass[]) {
    const loss: Record<MoveClass, number> = {
      best: 0,
      good: 0.05,
      inaccuracy: 0.3,
      mistake: 1.2,
      blunder: 7,
    };
    const counts = { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
    for (const c of classes) counts[c]++;
    const result: Analysis2048View = {
      kind: '2048',
      preset: 'fast',
      accuracy: 71.5,
      agreement: 40,
      counts,
      moves: classes.map((c, i) => ({
        n: i + 1,
        played: c === 'best' ? 'up' : 'left',
        best: 'up',
        loss: loss[c],
        class: c,
      })),
    };
    const running = updateReplay(m, { type: 'analyse' });
    return updateReplay(running, { type: 'analysis-done', result });
  }
  const CLASSES: MoveClass[] = ['best', 'good', 'mistake', 'best', 'inaccuracy', 'blunder'];
  const text = (lines: string[]) => lines.map(stripAnsi);
  const base = () =>
    updateReplay(initialModelReplay(replay2048(6).replay, { analysis: 'offer' }), {
      type: 'play-pause',
    });

  it('offers the key before, shows the progress while it runs', () => {
    const m = base();
    expect(keyLines(m)[0]).toContain('i analyse');
    expect(keyLines(m)[0]).not.toMatch(/mistake/);
    const running = updateReplay(updateReplay(m, { type: 'analyse' }), {
      type: 'analysis-progress',
      progress: { stage: 'moves', done: 3, total: 6 },
    });
    const screen = text(renderReplay(running, { cols: 80, rows: 24 }, 'none')).join('\n');
    expect(screen).toContain('Analysing: move 3 of 6');
    expect(screen).toContain('50%');
    expect(screen).toContain('i stop');
  });

  it('fits 80×24 with the board, the mark, the chart and keys that all work', () => {
    for (const depth of ['none', 'truecolor'] as const) {
      const m = updateReplay(analysed(base(), CLASSES), { type: 'mistake', by: 1 });
      expect(m.index).toBe(2);
      const lines = renderReplay(m, { cols: 80, rows: 24 }, depth);
      expect(lines).toHaveLength(24);
      for (const l of lines) expect(visibleWidth(l)).toBe(80);
      const screen = text(lines).join('\n');
      expect(screen).toContain('Accuracy 71.5');
      expect(screen).toContain('Next, move 3: ← left');
      expect(screen).toContain('mistake, 1.20% of value');
      expect(screen).toContain('better ↑ up');
      expect(screen).toContain('Loss per move');
      // A mistake ahead (move 6), none behind: n is offered, N (it would do nothing) is not.
      expect(screen).toMatch(/\bn mistake|n next mistake/);
      expect(screen).not.toMatch(/\bN\b/);
      expect(screen).toContain('Replay · move 2 of 6');
      // The better move (up) above the board, filled; the played one (left) hollow at its left.
      const board = text(lines);
      const up = board.findIndex((l) => l.includes('▲'));
      expect(board[up]!.split('▲').length - 1).toBe(4);
      expect(board.filter((l) => l.includes('◁'))).toHaveLength(4);
      expect(board[up + 1]).toMatch(/[┌ ]/);
    }
  });

  it('at the last mistake, n is not offered (it would do nothing); at the end, no mark', () => {
    let m = analysed(base(), CLASSES);
    m = updateReplay(updateReplay(m, { type: 'mistake', by: 1 }), { type: 'mistake', by: 1 });
    expect(m.index).toBe(5);
    const keys = keyLines(m);
    expect(keys[0]).toContain('N previous mistake');
    expect(keys[0]).not.toMatch(/\bn next/);
    expect(keys[0]).toContain('← → step');
    let fastest = m;
    for (let i = 0; i < 10; i++) fastest = updateReplay(fastest, { type: 'faster' });
    expect(keyLines(fastest)[0]).toContain('− slower');
    expect(keyLines(fastest)[0]).not.toContain('+');
    const end = updateReplay(m, { type: 'end' });
    expect(keyLines(end)[0]).not.toContain('→');
    expect(keyLines(end)[0]).not.toContain('End/G');
    const screen = text(renderReplay(end, { cols: 80, rows: 24 }, 'none')).join('\n');
    expect(screen).toContain('The end of the game.');
  });

  it('smaller windows drop the chart, then the panel (its gist in place of the title), never break', () => {
    const m = updateReplay(analysed(base(), CLASSES), { type: 'mistake', by: 1 });
    for (const view of [
      { cols: 80, rows: 16 },
      { cols: 64, rows: 24 },
      { cols: 50, rows: 20 },
      { cols: 40, rows: 12 },
      { cols: 20, rows: 6 },
    ]) {
      const lines = renderReplay(m, view, 'truecolor');
      expect(lines, `${view.cols}×${view.rows}`).toHaveLength(view.rows);
      for (const l of lines) expect(visibleWidth(l)).toBe(view.cols);
    }
    const narrow = text(renderReplay(m, { cols: 64, rows: 24 }, 'none')).join('\n');
    expect(narrow).not.toContain('Loss per move');
    expect(narrow).toContain('Move 3 left: mistake 1.20% of value · better up');
    const low = text(renderReplay(m, { cols: 80, rows: 16 }, 'none')).join('\n');
    expect(low).toContain('Next, move 3: ← left');
  });

  it('a puzzle’s detour lights the better tile', () => {
    let p = newPuzzle({ width: 3, seed: 4 });
    for (let i = 0; i < 3; i++) p = moveTile(p, movableTiles(p)[0]!, i * 100);
    const s = sharedPuzzle(p);
    if (!s.ok) throw new Error(s.error.message);
    const r = readShareCode(encodeShared(s.value));
    if (!r.ok) throw new Error(r.error.message);
    const tiles = (r.value.shared.game as { tiles: readonly number[] }).tiles;
    const other = movableTiles(r.value.states[0] as never).find((t) => t !== tiles[0]) ?? 1;
    const result: AnalysisPuzzleView = {
      kind: 'puzzle',
      exact: true,
      optimal: 10,
      wasted: 2,
      detours: [1],
      moves: tiles.map((t, i) => ({
        n: i + 1,
        played: t,
        before: 10 + i,
        after: 11 + i,
        optimal: i !== 0,
        best: i === 0 ? other : t,
      })),
    };
    let m = initialModelReplay(r.value, { analysis: 'offer' });
    m = updateReplay(updateReplay(m, { type: 'analyse' }), { type: 'analysis-done', result });
    m = updateReplay(m, { type: 'seek', index: 0 });
    const lines = renderReplay(m, { cols: 80, rows: 24 }, 'none');
    const screen = text(lines).join('\n');
    expect(screen).toContain(`Next, move 1: tile ${tiles[0]}`);
    expect(screen).toContain('detour, 10 → 11');
    expect(screen).toContain(`better tile ${other}`);
    // The better tile is drawn reversed (the game's hint style without colour), no other is.
    const lit = lines.filter((l) => l.includes('\x1b[1;7m'));
    expect(lit.map(stripAnsi).join('\n')).toMatch(new RegExp(`\\b${other}\\b`));
    const hidden = renderReplay(updateReplay(m, { type: 'analyse' }), VIEW, 'none');
    expect(hidden.filter((l) => l.includes('\x1b[1;7m'))).toHaveLength(0);
  });
});

describe('the chart of the game’s course', () => {
  const mark = (n: number, cls: MoveClass, loss: number) => ({
    n,
    played: 'left' as const,
    best: 'up' as const,
    loss,
    class: cls,
  });
  const a: Analysis2048View = {
    kind: '2048',
    preset: 'fast',
    accuracy: 50,
    agreement: 50,
    counts: { best: 2, good: 0, inaccuracy: 1, mistake: 0, blunder: 1 },
    moves: [
      mark(1, 'best', 0),
      mark(2, 'blunder', 7),
      mark(3, 'best', 0),
      mark(4, 'inaccuracy', 0.3),
    ],
  };

  it('draws each move’s loss as a bar, the blunder full height, ▲ under the position', () => {
    const c = new Canvas(12, 6);
    drawChart(c, a, 3, 0, 0, 12, 4);
    const rows = c.toLines('none').map(stripAnsi);
    expect(rows[0]).toBe('Loss per mov'); // cut to the chart's width
    // Three columns a move: the blunder (move 2) fills all four rows, best moves none.
    for (let r = 1; r <= 4; r++) expect(rows[r]!.slice(3, 6)).toBe('███');
    expect(rows.slice(1, 5).map((r) => r.slice(0, 3).trim())).toEqual(['', '', '', '']);
    // The inaccuracy (0.3% of value) shows low: √(0.3/5) of 4 rows, only in the bottom ones.
    expect(rows[1]!.slice(9, 12).trim()).toBe('');
    expect(rows[4]!.slice(9, 12)).toMatch(/^[▁-█]{3}$/);
    // Position 3 is move 4's board: the marker under its columns.
    expect(rows[5]!.indexOf('▲')).toBe(10);
  });

  it('a puzzle’s chart goes with its distance to solved, lowest to highest', () => {
    const p: AnalysisPuzzleView = {
      kind: 'puzzle',
      exact: true,
      optimal: 3,
      wasted: 2,
      detours: [1],
      moves: [
        { n: 1, played: 1, before: 3, after: 4, optimal: false, best: 2 },
        { n: 2, played: 1, before: 4, after: 3, optimal: true, best: 1 },
        { n: 3, played: 2, before: 3, after: 2, optimal: true, best: 2 },
      ],
    };
    const c = new Canvas(8, 5);
    drawChart(c, p, 0, 0, 0, 8, 3);
    const rows = c.toLines('none').map(stripAnsi);
    expect(rows[0]).toBe('To solve');
    const height = (col: number) =>
      rows.slice(1, 4).filter((r) => r[col] !== ' ' && r[col] !== undefined).length;
    // Distances 3, 4, 3, 2 at two columns each: the highest (4) fills, the lowest (2) barely.
    expect(height(2)).toBe(3);
    expect(height(6)).toBe(1);
    expect(height(0)).toBeGreaterThan(height(6));
    expect(rows[4]!.indexOf('▲')).toBe(0);
  });
});

describe('the replay screen with a match’s analysis', () => {
  const text = (lines: string[]) => lines.map(stripAnsi);
  /** A seeded versus match of 40 moves, the sides taking turns, analysed for real. */
  function versusAnalysed() {
    const v = newVersus({ seed: 2 });
    if (!v.ok) throw new Error(v.error.message);
    let m = v.value;
    for (let i = 0; i < 40 && !m.over; i++) {
      const side = (i % 2) as 0 | 1;
      const legal = legalMoves(m.games[side].cells);
      const next = versusMove(m, side, legal[(i >> 1) % legal.length]!);
      if (!next.ok) throw new Error(next.error.message);
      m = next.value;
    }
    const r = readShareCode(encodeShared(sharedVersus(m, 'human')));
    if (!r.ok) throw new Error(r.error.message);
    const states = r.value.states as readonly VersusMatch[];
    const result = matchView(analyseVersus(states), states.length - 1);
    const start = updateReplay(initialModelReplay(r.value, { analysis: 'offer' }), {
      type: 'play-pause',
    });
    expect(keyLines(start)[0]).toContain('i analyse');
    const running = updateReplay(start, { type: 'analyse' });
    return { model: updateReplay(running, { type: 'analysis-done', result }), result };
  }

  it('n lands on a side’s mistake; the mark names the side, arrows beside its board; never breaks', () => {
    const { model, result } = versusAnalysed();
    const m = updateReplay(model, { type: 'mistake', by: 1 });
    const mark = result.moves[m.index];
    if (mark?.action !== 'slide') throw new Error('no slide mistake');
    expect(['mistake', 'blunder']).toContain(mark.class);
    const who = `P${mark.side + 1} action ${mark.at} ${mark.played}: ${mark.class}`;
    for (const view of [
      { cols: 80, rows: 24 },
      { cols: 140, rows: 40 },
      { cols: 60, rows: 20 },
      { cols: 30, rows: 10 },
    ]) {
      for (const depth of ['none', 'truecolor'] as const) {
        const lines = renderReplay(m, view, depth);
        expect(lines, `${view.cols}×${view.rows}`).toHaveLength(view.rows);
        for (const l of lines) expect(visibleWidth(l)).toBe(view.cols);
      }
    }
    const small = text(renderReplay(m, { cols: 80, rows: 24 }, 'none'));
    expect(small.join('\n')).toContain(who);
    // Both sides' figures on the row above.
    expect(small.join('\n')).toMatch(/P1 \d+\.\d\/\d+% · P2 \d+\.\d\/\d+%/);
    expect(keyLines(m)[0]).toContain('n next mistake');
    // The played move's hollow arrows beside the board of the side that slid, not the other.
    const hollow = { up: '△', down: '▽', left: '◁', right: '▷' }[mark.played];
    const cols = small.flatMap((l) => [...l].flatMap((ch, x) => (ch === hollow ? [x] : [])));
    expect(cols.length).toBeGreaterThan(0);
    for (const x of cols) expect(mark.side === 0 ? x < 42 : x >= 38).toBe(true);
    const wide = text(renderReplay(m, { cols: 140, rows: 40 }, 'none')).join('\n');
    expect(wide).toContain('P1 slides: accuracy');
    expect(wide).toContain(`Next, action ${mark.at}: P${mark.side + 1}`);
    expect(wide).toContain('Loss per action');
  });

  it('a duel’s placement: its mark and the better cell on the board', () => {
    const d0 = newDuel({ seed: 5, size: 4 });
    if (!d0.ok) throw new Error(d0.error.message);
    let d = d0.value;
    for (let i = 0; i < 24 && d.phase !== 'over'; i++) {
      const cells = d.game.cells;
      const row = cells.findIndex((r) => r.includes(0));
      const next =
        d.phase === 'slide'
          ? duelSlide(d, legalMoves(cells)[i % 3] ?? legalMoves(cells)[0]!)
          : duelPlace(d, { row, col: cells[row]!.indexOf(0) }, 2);
      if (!next.ok) throw new Error(next.error.message);
      d = next.value;
    }
    const r = readShareCode(encodeShared(sharedDuel(d, 'human')));
    if (!r.ok) throw new Error(r.error.message);
    const states = r.value.states as readonly Duel[];
    const result = matchView(analyseDuel(states), states.length - 1);
    const at = result.moves.findIndex((x) => x?.action === 'place' && x.class !== 'best');
    expect(at).toBeGreaterThanOrEqual(0);
    let m = initialModelReplay(r.value, { analysis: 'offer' });
    m = updateReplay(updateReplay(m, { type: 'analyse' }), { type: 'analysis-done', result });
    m = updateReplay(m, { type: 'seek', index: at });
    const lines = renderReplay(m, { cols: 80, rows: 24 }, 'none');
    expect(lines).toHaveLength(24);
    for (const l of lines) expect(visibleWidth(l)).toBe(80);
    const screen = text(lines).join('\n');
    expect(screen).toMatch(new RegExp(`Next, action ${at + 1}: P[12] places`));
    expect(screen).toContain('P2 places: accuracy');
    expect(screen).toContain('◆');
  });
});
