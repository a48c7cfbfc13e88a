import { describe, expect, it } from 'vitest';
import { gameFromCells } from '../engine/game2048.ts';
import { puzzleFromTiles } from '../engine/puzzle.ts';
import { initialModelRanked, type ModelRanked } from '../front/online/modelRanked.ts';
import type { RankedBoard, RankedResult } from '../net/ranked.ts';
import type { RankedView } from '../net/rankedClient.ts';
import { ranked2048, rankedEntry, rankedPuzzle } from '../testing/rankedBoards.ts';
import { stripAnsi } from '../tui/ansi.ts';
import { renderRanked } from '../tui/ranked/run.ts';
import {
  endedOf,
  rankedBoardText,
  rankedHold,
  rankedNotice,
  rankedScreenText,
  rankedTitle,
  resultLines,
} from './rankedText.ts';

const DAY = '2026-11-27';

const board2048 = ranked2048(
  [
    [2, 0, 0, 0],
    [0, 4, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 2],
  ],
  { score: 1234, moves: 56, elapsedMs: 30_000 },
);

const boardPuzzle = rankedPuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8], {
  score: 12,
  moves: 12,
  elapsedMs: 7_250,
});

function model(
  b: RankedBoard,
  v: Partial<RankedView> = {},
  m: Partial<ModelRanked> = {},
): ModelRanked {
  const view: RankedView = {
    status: 'open',
    id: 'g',
    confirmed: b,
    board: b,
    game: b.cells ? { ...gameFromCells(b.cells, { score: b.score }), moves: b.moves } : null,
    puzzle: b.tiles ? { ...puzzleFromTiles(b.tiles, b.size), moves: b.score } : null,
    dealt: null,
    pending: 0,
    queued: 0,
    clock: { ms: b.elapsedMs, at: 1000 },
    result: null,
    notice: null,
    closed: null,
    ...v,
  };
  return { ...initialModelRanked(b.kind), view, synced: true, ...m };
}

const asked = { kind: '2048', size: 4, target: 2048, day: null } as const;

const result = (r: Partial<RankedResult> = {}): RankedResult => ({
  code: 'sb.CODE',
  entry: rankedEntry(),
  why: null,
  reason: 'play',
  ...r,
});

describe('ranked play in words', () => {
  it('titles: size and target, the daily with its day', () => {
    expect(rankedTitle(asked)).toBe('Ranked 2048 · 4×4 · target 2048');
    expect(rankedTitle({ kind: 'puzzle', size: 3, target: null, day: null })).toBe(
      'Ranked 8-puzzle · 3×3',
    );
    expect(rankedTitle({ kind: 'puzzle', size: 4, target: null, day: DAY })).toBe(
      `Ranked daily 15-puzzle · ${DAY}`,
    );
  });

  it('the board in line mode as local play writes it; nothing before the server’s board', () => {
    expect(rankedBoardText(model(board2048), 1000)).toBe(
      'Score: 1,234  Moves: 56\n   2   .   .   .\n   .   4   .   .\n   .   .   .   .\n   .   .   .   2\n',
    );
    // The puzzle's clock runs on from the server's last stamp.
    expect(rankedBoardText(model(boardPuzzle), 3000)).toBe(
      '8-puzzle  Moves: 12  Time: 0:09\n 1 2 3\n 4 5 6\n 7 . 8\n',
    );
    expect(rankedBoardText({ ...model(board2048), synced: false }, 1000)).toBe('');
  });

  it('a move drawn ahead, not answered yet: on the board, not in the figures (full screen and line mode)', () => {
    const cells = [
      [2, 4, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 2],
    ];
    const ahead = { ...board2048, cells, score: 1238, moves: 57 };
    const g = { ...gameFromCells(cells, { score: 1238 }), moves: 57 };
    const m = model(board2048, { board: ahead, game: g, pending: 1 });
    expect(rankedBoardText(m, 1000)).toBe(
      'Score: 1,234  Moves: 56\n   2   4   .   .\n   .   .   .   .\n   .   .   .   .\n   .   .   .   2\n',
    );
    expect(rankedScreenText(m, asked, DAY, 1000).stats).toBe('Score 1,234   Moves 56');
    const p = model(boardPuzzle, { board: { ...boardPuzzle, score: 14 }, pending: 2 });
    expect(rankedScreenText(p, asked, DAY, 1000).stats).toBe('Moves 12   Time 0:07 (server clock)');
  });

  it('why keys do nothing: connecting, reconnecting (and a key refused then), closed', () => {
    expect(rankedHold(model(board2048))).toBe(null);
    expect(rankedHold(model(board2048, { status: 'reconnecting' }))).toBe(
      'The connection dropped: reconnecting… Your keys do nothing until it is back',
    );
    expect(rankedHold(model(board2048, { status: 'reconnecting' }, { refused: true }))).toBe(
      'Not sent: the connection dropped · reconnecting…',
    );
    expect(
      rankedHold(
        model(board2048, {
          status: 'closed',
          closed: 'replaced',
          notice: 'this game was opened on another connection (another window or terminal)',
        }),
      ),
    ).toBe('This game is now played in another window or tab · q: leave');
    expect(rankedHold(model(board2048, { status: 'closed', closed: 'no-game', notice: 'x' }))).toBe(
      'The server no longer has this game (it ended, or was kept too long unplayed) · q: leave',
    );
  });

  it('the notice line: the server’s refusal, then a reached target (play goes on)', () => {
    expect(rankedNotice(model(board2048, { notice: 'the game is over' }))).toBe('The game is over');
    expect(rankedNotice(model({ ...board2048, won: true }))).toBe(
      'You made 2,048! Play on: the score counts until no move is left',
    );
    expect(rankedNotice(model({ ...board2048, won: true, over: true }))).toBe(null);
  });

  it('the end: score and moves, the rank on the ranked board, the code', () => {
    const m = model({ ...board2048, over: true }, { result: result() });
    expect(resultLines(endedOf(m), asked, DAY)).toEqual([
      'Final score: 1,234 · 56 moves',
      'You are #3 on the ranked 4×4 2048 board (to 2048).',
      'Share it: slidebox replay sb.CODE',
    ]);
    const left = result({ reason: 'resigned', entry: null, why: 'a game left with no move' });
    expect(resultLines(endedOf(model(board2048, { result: left })), asked, DAY)).toEqual([
      'Final score: 1,234 · 56 moves (resigned)',
      'Not ranked: a game left with no move.',
      'Share it: slidebox replay sb.CODE',
    ]);
  });

  it('a solved puzzle: the server’s time to the millisecond; a daily’s replay opens when the day is over', () => {
    const solved = { ...boardPuzzle, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0], over: true, won: true };
    const entry = { ...result().entry!, board: 'daily-puzzle', kind: 'puzzle', timeMs: 7_250 };
    // The server withholds a ranked daily's code while its day lasts.
    const r = result({
      code: null,
      codeAt: '2026-11-28T00:00:00.000Z',
      entry: { ...entry, moves: 13, day: DAY, rank: 1 } as never,
    });
    const m = model({ ...solved, day: DAY }, { result: r });
    expect(resultLines(endedOf(m), asked, DAY)).toEqual([
      "Solved in 13 moves · 7.250 by the server's clock",
      "You are #1 on today's ranked daily 15-puzzle.",
      "Its replay opens when the day is over, at 00:00 UTC on 2026-11-28: the day's tiles stay secret until then.",
    ]);
    // Said after midnight (an attempt of the day still played holds it back).
    expect(resultLines(endedOf(m), asked, '2026-11-28').at(-1)).toMatch(
      /once the day's last attempts .* have ended/,
    );
    // The 409 of a second start: no board, an attempt ranked nowhere; the day from codeAt.
    const played = { kind: 'puzzle' as const, board: null, result: { ...r, entry: null } };
    expect(resultLines(played, asked, DAY).at(-1)).toMatch(/00:00 UTC on 2026-11-28:/);
    // Once the day is over the server gives the code.
    const open = model({ ...solved, day: DAY }, { result: { ...r, code: 'sb.CODE' } });
    expect(resultLines(endedOf(open), asked, '2026-11-28').at(-1)).toBe(
      'Share it: slidebox replay sb.CODE',
    );
  });

  it('the end box of a ranked daily says when its replay opens, inside 80×24', () => {
    const r = result({ code: null, codeAt: '2026-11-28T00:00:00.000Z' });
    const m = model({ ...board2048, day: DAY, over: true }, { result: r });
    const lines = renderRanked(
      m,
      { cols: 80, rows: 24 },
      'none',
      0,
      rankedScreenText(m, asked, DAY, 0),
    );
    expect(lines.filter((l) => [...stripAnsi(l)].length > 80)).toEqual([]);
    const screen = stripAnsi(lines.join('\n')).replace(/[│║|]/g, ' ').replace(/\s+/g, ' ');
    expect(screen).toContain('Its replay opens when the day is over, at 00:00 UTC on 2026-11-28');
  });

  it('the full screen fits 80×24: board, figures, keys without undo or hint, the end box', () => {
    const view = { cols: 80, rows: 24 };
    for (const m of [
      model(board2048),
      model(boardPuzzle),
      model(board2048, {}, { overlay: 'help' }),
      model(
        { ...board2048, over: true },
        { result: result({ entry: null, why: 'x'.repeat(150), reason: 'resigned' }) },
      ),
    ]) {
      const text = rankedScreenText(m, asked, DAY, 1000);
      const lines = renderRanked(m, view, 'none', 1000, text);
      expect(lines).toHaveLength(24);
      expect(lines.filter((l) => [...stripAnsi(l)].length > 80)).toEqual([]);
      const screen = stripAnsi(lines.join('\n'));
      expect(screen).not.toMatch(/\bu undo|\bi hint|p autoplay|p solve|n new/);
    }
    const over = model({ ...board2048, over: true }, { result: result() });
    const screen = renderRanked(over, view, 'none', 0, rankedScreenText(over, asked, DAY, 0));
    expect(stripAnsi(screen.join('\n'))).toContain('#3 on the ranked 4×4 2048 board (to 2048).');
  });
});
