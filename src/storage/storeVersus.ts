/**
 * Versus results and the best duel round on disk, in the shared stats file; finished matches
 * and duels in the game history.
 */
import { err, ok, problem, type Result } from '../engine/result.ts';
import type { StoreDuel, StoreVersus } from '../front/ports.ts';
import { recordDuelRound, recordVersus, type VersusRecord } from '../front/records.ts';
import { recordToHistory } from './history.ts';
import { saveFailure } from './saves.ts';
import { updateRecords } from './stats.ts';
import { saveDuelSession, saveVersusSession } from './storeMatches.ts';

/** Runs a save; a failure becomes a sentence for the player. */
function kept(dir: string, doing: string, save: () => void): Result<void> {
  try {
    save();
    return ok(undefined);
  } catch (e) {
    return err(problem('save-failed', saveFailure(e, dir, doing)));
  }
}

/** The versus controller's store: results in the stats file and the history under `dir`. */
export function fileStoreVersus(dir: string): StoreVersus {
  return {
    recordGame: (entry) => recordToHistory(dir, entry),
    saveMatch: (m) => kept(dir, 'save the match', () => saveVersusSession(dir, m)),
    recordResult(opponent, result) {
      let record: VersusRecord = { wins: 0, losses: 0, draws: 0 };
      try {
        updateRecords(dir, (r) => {
          const next = recordVersus(r, opponent, result);
          record = next.versus![opponent]!;
          return next;
        });
        return ok(record);
      } catch (e) {
        return err(problem('save-failed', saveFailure(e, dir, 'save the result')));
      }
    },
  };
}

/** The duel controller's store: the best round in the stats file and the history under `dir`. */
export function fileStoreDuel(dir: string): StoreDuel {
  return {
    recordGame: (entry) => recordToHistory(dir, entry),
    saveDuel: (m) => kept(dir, 'save the duel', () => saveDuelSession(dir, m)),
    recordRound(score) {
      let result = { best: score, newBest: false };
      try {
        updateRecords(dir, (r) => {
          const next = recordDuelRound(r, score);
          result = { best: next.records.duelBest ?? score, newBest: next.newBest };
          return next.records;
        });
        return ok(result);
      } catch (e) {
        return err(problem('save-failed', saveFailure(e, dir, 'save the result')));
      }
    },
  };
}
