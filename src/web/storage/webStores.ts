/**
 * The browser's side of the 2048 and puzzle controllers' stores (versus and duel: persistMatch.ts):
 * the game in progress and the records in a key-value store (localStorage, or memory where the browser
 * refuses it). Failures come back as a sentence for the player; play goes on.
 */
import { err, ok, problem } from '../../engine/result.ts';
import type { HistoryEntry } from '../../front/history.ts';
import type { Store2048, StorePuzzle } from '../../front/ports.ts';
import {
  type Records,
  raiseBest2048,
  recordSeries,
  recordSolve,
  solveRecords,
} from '../../front/records.ts';
import { historyRecorder, recordOptimalLater } from './historyPending.ts';
import { type KeyValueStore, save2048, savePuzzle, saveRecords } from './persist.ts';

/** The records of this browser, read once and kept up to date by every screen. */
export interface RecordsBox {
  value: Records;
}

export function done(sentence: string | null) {
  return sentence === null ? ok(undefined) : err(problem('save-failed', sentence));
}

/** The 2048 store; an evil game is kept apart and its scores are not records. */
export function webStore2048(
  kv: KeyValueStore,
  records: RecordsBox,
  evil = false,
  key?: string,
): Store2048 {
  return {
    recordGame: historyRecorder(kv),
    save(game, best, marks) {
      const saved = save2048(kv, game, evil, key, marks);
      if (evil) return done(saved);
      const raised = raiseBest2048(records.value, game.size, best);
      if (raised === records.value) return done(saved);
      records.value = raised;
      return done(saved ?? saveRecords(kv, raised));
    },
  };
}

export function webStorePuzzle(kv: KeyValueStore, records: RecordsBox, key?: string): StorePuzzle {
  const recordGame = historyRecorder(kv);
  /** The last game recorded: its optimal count may come after it. */
  let last: HistoryEntry | null = null;
  return {
    recordGame(entry) {
      last = entry;
      return recordGame(entry);
    },
    recordOptimal(entry, optimal) {
      if (last?.date === entry.date && last.code === entry.code) {
        recordOptimalLater(kv, last, optimal);
      }
      return ok(undefined);
    },
    save: (puzzle, now, assisted) => done(savePuzzle(kv, puzzle, now, assisted, key)),
    recordSeries(key, timeMs, moves) {
      const r = recordSeries(records.value, key, timeMs, moves);
      records.value = r.records;
      const problemText = saveRecords(kv, r.records);
      if (problemText) return err(problem('save-failed', problemText));
      return ok({ best: r.best, newBest: r.newBest });
    },
    seriesBest: (key) => records.value.series?.[key] ?? null,
    recordSolve(width, moves, timeMs) {
      const r = recordSolve(records.value, width, moves, timeMs);
      records.value = r.records;
      const problemText = saveRecords(kv, r.records);
      if (problemText) return err(problem('save-failed', problemText));
      return ok(solveRecords(r, width));
    },
  };
}
