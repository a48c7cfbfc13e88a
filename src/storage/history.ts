/**
 * The game history on disk: `history.json` in the data directory. Each finished game is added
 * under the file's lock by re-reading the file and writing it back atomically, so games that
 * other slidebox processes finish at the same moment are all kept. A damaged file is moved
 * aside, the player is told in one line, and a new history starts.
 */
import { dirname, join } from 'node:path';
import { err, ok, problem, type Result } from '../engine/result.ts';
import {
  appendEntry,
  EMPTY_HISTORY,
  type History,
  type HistoryEntry,
  parseHistory,
  serializeHistory,
  withOptimal,
} from '../front/history.ts';
import { withFileLock } from './fileLock.ts';
import { atomicWrite, moveAside, readJson } from './files.ts';
import { fsCause } from './fsProblems.ts';
import { dataDirProblem, saveFailure, UnreadableSave, unreadableNotice } from './saves.ts';

export function historyPath(dir: string): string {
  return join(dir, 'history.json');
}

/** The history as a file: one game a line, so it reads (and diffs) well. */
export function historyText(h: History): string {
  const { entries, rolledUp, ...head } = serializeHistory(h);
  const lines = (entries as readonly HistoryEntry[]).map((e) => JSON.stringify(e));
  const open = JSON.stringify(head).slice(0, -1);
  const list = lines.length === 0 ? '[]' : `[\n${lines.join(',\n')}\n]`;
  return `${open},"entries":${list},"rolledUp":${JSON.stringify(rolledUp)}}\n`;
}

type Read =
  | { readonly history: History }
  | { readonly damaged: string }
  | { readonly unreadable: string };

function readHistory(path: string): Read {
  const read = readJson(path);
  if (read.kind === 'missing') return { history: EMPTY_HISTORY };
  if (read.kind === 'damaged') return { damaged: read.reason };
  if (read.kind === 'unreadable') return { unreadable: read.cause };
  const parsed = parseHistory(read.data);
  return parsed.ok ? { history: parsed.value } : { damaged: parsed.error.message };
}

/** Moves a damaged file aside; the start of a sentence saying where, or why it could not be. */
function setAside(path: string, reason: string): { moved: boolean; text: string } {
  try {
    const aside = moveAside(path);
    return {
      moved: true,
      text: `Your game history could not be read (${reason}); it was moved to ${aside}`,
    };
  } catch (e) {
    return {
      moved: false,
      text: `Your game history at ${path} could not be read (${reason}) nor moved aside (${fsCause(e)})`,
    };
  }
}

/**
 * The history in `dir` (empty when there is none). A damaged file is moved aside and described
 * in a notice; the history is then empty (read only: the next recorded game writes a new file).
 * When it cannot be read at all (no permission, or `dir` is a file), `problem` says so in one
 * sentence and the file is left as it is: an empty history would not be the truth.
 */
export function loadHistory(dir: string): {
  history: History;
  notices: string[];
  problem?: string;
} {
  const path = historyPath(dir);
  const read = readHistory(path);
  if ('unreadable' in read) {
    const problem = unreadableNotice(path, read.unreadable);
    return { history: EMPTY_HISTORY, notices: [], problem };
  }
  if ('history' in read) {
    const problem = read.history === EMPTY_HISTORY ? dataDirProblem(dir) : null;
    if (problem === null) return { history: read.history, notices: [] };
    return { history: EMPTY_HISTORY, notices: [], problem };
  }
  // Set aside under the lock, and only if still damaged: another slidebox may have just
  // replaced it with a new history.
  let found: { readonly history: History } | { readonly aside: { moved: boolean; text: string } };
  try {
    found = withFileLock(path, () => {
      const again = readHistory(path);
      if ('damaged' in again) return { aside: setAside(path, again.damaged) };
      return 'history' in again ? again : { history: EMPTY_HISTORY };
    });
  } catch (e) {
    const text = `Your game history at ${path} could not be read (${read.damaged}) nor moved aside (${fsCause(e)})`;
    found = { aside: { moved: false, text } };
  }
  if ('history' in found) return { history: found.history, notices: [] };
  const then = found.aside.moved
    ? ', and your next finished game starts a new one.'
    : '; it was left as it is.';
  return { history: EMPTY_HISTORY, notices: [`${found.aside.text}${then}`] };
}

/**
 * Adds a finished game to the history in `dir` as the file is now: the stores' `recordGame`
 * under Node. A damaged file is moved aside first and a new history starts with this game.
 * An error's message is a sentence for the player: the game could not be added
 * (`save-failed`), or it was added to a new history because the old one was damaged and set
 * aside (`history-reset`).
 */
export function recordToHistory(dir: string, entry: HistoryEntry): Result<void> {
  const path = historyPath(dir);
  try {
    return withFileLock(path, () => addUnderLock(path, entry));
  } catch (e) {
    return err(problem('save-failed', saveFailure(e, dir, 'add the game to your history')));
  }
}

/**
 * Adds a solve's optimal move count to its entry in the history in `dir`, when it was worked
 * out after the solve was recorded. A history that cannot be read is left alone.
 */
export function recordOptimalInHistory(
  dir: string,
  entry: Pick<HistoryEntry, 'date' | 'code'>,
  optimal: { readonly moves: number; readonly exact: boolean },
): Result<void> {
  const path = historyPath(dir);
  try {
    return withFileLock(path, () => {
      const read = readHistory(path);
      if (!('history' in read)) return ok(undefined);
      const next = withOptimal(read.history, entry, optimal);
      if (next !== read.history) atomicWrite(path, historyText(next));
      return ok(undefined);
    });
  } catch (e) {
    return err(
      problem('save-failed', saveFailure(e, dir, 'add the optimal count to your history')),
    );
  }
}

/** Re-reads the history and writes it back with the entry (the caller holds the lock). */
function addUnderLock(path: string, entry: HistoryEntry): Result<void> {
  const read = readHistory(path);
  let history = EMPTY_HISTORY;
  let notice: string | null = null;
  if ('history' in read) {
    history = read.history;
  } else if ('unreadable' in read) {
    // Never written over: it may hold games that could not be read this time.
    const why = new UnreadableSave(path, read.unreadable);
    return err(
      problem('save-failed', saveFailure(why, dirname(path), 'add the game to your history')),
    );
  } else {
    const aside = setAside(path, read.damaged);
    if (!aside.moved) return err(problem('save-failed', `${aside.text}; this game was not added.`));
    notice = `${aside.text} and a new one started with this game.`;
  }
  atomicWrite(path, historyText(appendEntry(history, entry)));
  return notice === null ? ok(undefined) : err(problem('history-reset', notice));
}
