import { describe, expect, it } from 'vitest';
import { newDuel } from '../engine/duel.ts';
import { newGame, play } from '../engine/game2048.ts';
import { moveTile, puzzleFromTiles } from '../engine/puzzle.ts';
import { newVersus } from '../engine/versus.ts';
import { duelSide, entry2048, entryDuel, entryPuzzle, entryVersus } from './gameEntries.ts';
import { type HistoryEntry, parseHistory, serializeHistory } from './history.ts';
import { initialModel2048 } from './model2048.ts';
import { initialModelDuel } from './modelDuel.ts';
import { initialModelVersus } from './modelVersus.ts';

const NOW = Date.UTC(2025, 0, 31, 12, 30, 5, 250);

function roundTrips(entry: HistoryEntry): void {
  const back = parseHistory(
    JSON.parse(JSON.stringify(serializeHistory({ entries: [entry], rolledUp: [] }))),
  );
  expect(back).toEqual({ ok: true, value: { entries: [entry], rolledUp: [] } });
}

describe('history entries of finished games', () => {
  it('dates them by the clock, in UTC', () => {
    expect(entry2048(initialModel2048(newGame({ seed: 1 }), 0), NOW).date).toBe(
      '2025-01-31T12:30:05.250Z',
    );
  });

  it('every kind of entry passes the history’s own parser', () => {
    const g = play(newGame({ seed: 2 }), 'left');
    roundTrips(entry2048({ ...initialModel2048(g, 0), evil: true, assisted: true }, NOW));
    const solved = moveTile(puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3), 8);
    roundTrips(entryPuzzle(solved, 1234.6, false, NOW));
    const v = newVersus({ seed: 3 });
    if (!v.ok) throw new Error(v.error.message);
    roundTrips(
      entryVersus(
        initialModelVersus({ ...v.value, over: true, winner: 'draw' }, { kind: 'human' }),
        NOW,
      ),
    );
    const d = newDuel({ seed: 4 });
    if (!d.ok) throw new Error(d.error.message);
    roundTrips(entryDuel(initialModelDuel({ ...d.value, winner: 0 }, ['human', 'ai']), NOW));
  });

  it('a puzzle’s time is whole milliseconds; a versus draw is neither won nor lost', () => {
    const solved = moveTile(puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3), 8);
    expect(entryPuzzle(solved, 1234.6, true, NOW)).toMatchObject({
      timeMs: 1235,
      moves: 1,
      assisted: true,
    });
    const v = newVersus({ seed: 3 });
    if (!v.ok) throw new Error(v.error.message);
    const draw = entryVersus(
      initialModelVersus({ ...v.value, over: true, winner: 'draw' }, { kind: 'ai', level: 'easy' }),
      NOW,
    );
    expect(draw).toMatchObject({ result: 'draw', won: false, opponent: 'ai-easy' });
  });

  it('a duel is seen from the person playing the AI, else from player 1', () => {
    expect(duelSide(['human', 'ai'])).toBe(0);
    expect(duelSide(['ai', 'human'])).toBe(1);
    expect(duelSide(['human', 'human'])).toBe(0);
    expect(duelSide(['ai', 'ai'])).toBe(0);
  });
});
