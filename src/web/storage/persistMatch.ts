/**
 * The browser's saves and stores for versus and duel (apart from persist.ts, so they load with
 * those screens): the match or duel in progress with who plays it, in the session form the
 * terminal writes too, and the results in the shared records.
 */
import { err, ok, problem } from '../../engine/result.ts';
import type { ModelDuel } from '../../front/modelDuel.ts';
import type { ModelVersus } from '../../front/modelVersus.ts';
import type { StoreDuel, StoreVersus } from '../../front/ports.ts';
import { recordDuelRound, recordVersus } from '../../front/records.ts';
import {
  parseDuelSession,
  parseVersusSession,
  serializeDuelSession,
  serializeVersusSession,
} from '../../front/sessions.ts';
import { historyRecorder } from './historyPending.ts';
import {
  KEYS,
  type KeyValueStore,
  type Loaded,
  loadParsed,
  saveRecords,
  writeJson,
} from './persist.ts';
import { done, type RecordsBox } from './webStores.ts';

/** Loads the versus match in progress (and who plays it). */
export function loadVersus(store: KeyValueStore): Loaded<ModelVersus | null> {
  return loadParsed(
    store,
    KEYS.versus,
    parseVersusSession,
    (reason) =>
      `The saved versus match could not be restored (${reason}), so a new match has started.`,
  );
}

export function saveVersus(store: KeyValueStore, m: ModelVersus): string | null {
  return writeJson(store, KEYS.versus, serializeVersusSession(m));
}

/** Loads the duel in progress (and who plays it). */
export function loadDuel(store: KeyValueStore): Loaded<ModelDuel | null> {
  return loadParsed(
    store,
    KEYS.duel,
    parseDuelSession,
    (reason) => `The saved duel could not be restored (${reason}), so a new duel has started.`,
  );
}

export function saveDuel(store: KeyValueStore, m: ModelDuel): string | null {
  return writeJson(store, KEYS.duel, serializeDuelSession(m));
}

/** Versus: the match in progress and the results by opponent. */
export function webStoreVersus(kv: KeyValueStore, records: RecordsBox): StoreVersus {
  return {
    recordGame: historyRecorder(kv),
    saveMatch: (m) => done(saveVersus(kv, m)),
    recordResult(opponent, result) {
      const next = recordVersus(records.value, opponent, result);
      records.value = next;
      const problemText = saveRecords(kv, next);
      if (problemText) return err(problem('save-failed', problemText));
      return ok(next.versus![opponent]!);
    },
  };
}

/** Duel: the duel in progress and a person's best round as slider. */
export function webStoreDuel(kv: KeyValueStore, records: RecordsBox): StoreDuel {
  return {
    recordGame: historyRecorder(kv),
    saveDuel: (m) => done(saveDuel(kv, m)),
    recordRound(score) {
      const r = recordDuelRound(records.value, score);
      records.value = r.records;
      const problemText = r.newBest ? saveRecords(kv, r.records) : null;
      if (problemText) return err(problem('save-failed', problemText));
      return ok({ best: r.records.duelBest ?? score, newBest: r.newBest });
    },
  };
}
