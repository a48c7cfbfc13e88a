/**
 * The history of finished games in local storage (key `slidebox:history`), in the form the
 * terminal's history.json has: where the browser's database cannot be used (historyLocal.ts),
 * and as earlier versions kept it (moved into the database on first use, historyDb.ts). Local
 * storage is small (about 5 MB a site), so only the newest {@link CODES_KEPT} entries keep their
 * share code; older ones keep their figures. Damaged data gives a fresh history and one
 * sentence; nothing here throws.
 */
import type { Problem, Result } from '../../engine/result.ts';
import { err, ok, problem } from '../../engine/result.ts';
import {
  appendEntry,
  EMPTY_HISTORY,
  type History,
  type HistoryEntry,
  parseHistory,
  serializeHistory,
  withOptimal,
} from '../../front/history.ts';
import { type KeyValueStore, type Loaded, loadParsed, writeJson } from './persist.ts';

export const HISTORY_KEY = 'slidebox:history';
/** Entries that keep their share code (the newest ones). */
export const CODES_KEPT = 50;

export function loadHistory(store: KeyValueStore): Loaded<History> {
  const loaded = loadParsed(
    store,
    HISTORY_KEY,
    parseHistory,
    (reason) => `Your game history could not be read (${reason}) and was started afresh.`,
  );
  return { value: loaded.value ?? EMPTY_HISTORY, notice: loaded.notice };
}

/** The history with share codes dropped from all but the newest `keep` entries. */
export function withFewerCodes(h: History, keep: number): History {
  const cut = h.entries.length - keep;
  const entries = h.entries.map((e, i) => {
    if (i >= cut || e.code === undefined) return e;
    const { code: _code, ...rest } = e;
    return rest;
  });
  return { ...h, entries };
}

/**
 * Adds a finished game to the stored history (re-read first, so another tab's games stay);
 * the browser refusing to save comes back as a sentence.
 */
export function appendHistory(store: KeyValueStore, entry: HistoryEntry): Result<History, Problem> {
  const next = withFewerCodes(appendEntry(loadHistory(store).value, entry), CODES_KEPT);
  let said = writeJson(store, HISTORY_KEY, serializeHistory(next));
  // Full storage: try again without any old share code before giving up.
  if (said) said = writeJson(store, HISTORY_KEY, serializeHistory(withFewerCodes(next, 1)));
  return said ? err(problem('save-failed', said)) : ok(next);
}

/**
 * Adds a puzzle's optimal move count, worked out after the game was added, to its entry in the
 * stored history (found by date and share code); a history without it, or damaged, is left be.
 */
export function addOptimalLocally(
  store: KeyValueStore,
  entry: Pick<HistoryEntry, 'date' | 'code'>,
  optimal: { readonly moves: number; readonly exact: boolean },
): void {
  try {
    if (store.getItem(HISTORY_KEY) === null) return;
  } catch {
    return;
  }
  const loaded = loadHistory(store);
  if (loaded.notice) return;
  const next = withOptimal(loaded.value, entry, optimal);
  if (next !== loaded.value) writeJson(store, HISTORY_KEY, serializeHistory(next));
}
