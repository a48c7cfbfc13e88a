/**
 * The browser's saves: the game in progress per game and size (2048 games with evil spawns
 * and the daily challenge's games apart, under keys of their own), the versus match and the duel
 * in progress and the records, in a key-value store (localStorage in the app, a Map in tests).
 * The store itself, the settings and the player's picture are in keyValue.ts (re-exported here):
 * the home screen needs only them, so this module and the engine's parsers load after it.
 *
 * Saved games, versus matches and duels come back through the engine's own parsers, which
 * replay the history through the rules. Anything unreadable gives a fresh start and one sentence
 * for the player; nothing here throws, even when the store itself refuses to work.
 */
import type { Game } from '../../engine/game2048.ts';
import type { Puzzle } from '../../engine/puzzle.ts';
import { err, type Problem, problem, type Result } from '../../engine/result.ts';
import { parseGame, serializeGame } from '../../engine/save2048.ts';
import { parseSavedPuzzle, serializePuzzle } from '../../engine/savePuzzle.ts';
import type { Placer } from '../../engine/spawn.ts';
import { type Marks2048, marksFields, readMarks2048 } from '../../front/model2048.ts';
import {
  EMPTY_RECORDS,
  parseRecordTables,
  type Records,
  type RecordsProblem,
} from '../../front/records.ts';
import { drop, KEYS, type KeyValueStore, type Loaded, readJson, writeJson } from './keyValue.ts';

// What the app reads at start lives in keyValue.ts; the saves' modules find it here too.
export {
  browserKeyValueStore,
  KEYS,
  type KeyValueStore,
  type Loaded,
  loadPicture,
  loadSettings,
  savePicture,
  saveSettings,
  writeJson,
} from './keyValue.ts';

/** The `kind` of the stored records (named before they were called records; kept as is). */
export const RECORDS_KIND = 'slidebox/web-bests';

/**
 * Reads `key` through `parse`; anything unreadable is dropped and described by `lost(reason)`,
 * a sentence for the player.
 */
export function loadParsed<T>(
  store: KeyValueStore,
  key: string,
  parse: (data: unknown) => Result<T, Problem>,
  lost: (reason: string) => string,
): Loaded<T | null> {
  const read = readJson(store, key);
  if (read.kind === 'missing') return { value: null, notice: null };
  let reason: string;
  if (read.kind === 'ok') {
    const parsed = parse(read.data);
    if (parsed.ok) return { value: parsed.value, notice: null };
    reason = parsed.error.message;
  } else {
    reason = read.reason;
  }
  drop(store, key);
  return { value: null, notice: lost(reason) };
}

/** A parser that also checks the board size of what it read. */
function sized<T>(
  parse: (data: unknown) => Result<T, Problem>,
  sizeOf: (value: T) => number,
  size: number,
  what: string,
): (data: unknown) => Result<T, Problem> {
  return (data) => {
    const parsed = parse(data);
    if (!parsed.ok || sizeOf(parsed.value) === size) return parsed;
    return err(problem('bad-save', `its board ${what} does not match`));
  };
}

/**
 * Loads the saved 2048 game of a size (null: none, or it was damaged and dropped). With
 * `place`, the game with evil spawns (kept apart), whose tiles it replays.
 */
export function load2048(
  store: KeyValueStore,
  size: number,
  place?: Placer,
  key = KEYS.game2048(size, place !== undefined),
): Loaded<Game | null> {
  const evil = place !== undefined;
  const kind = evil ? '2048 game with evil spawns' : '2048 game';
  return loadParsed(
    store,
    key,
    sized(
      (d) => parseGame(d, { place }),
      (g) => g.size,
      size,
      'size',
    ),
    (reason) =>
      `The saved ${size}×${size} ${kind} could not be restored (${reason}), so a new game has started.`,
  );
}

export function save2048(
  store: KeyValueStore,
  game: Game,
  evil = false,
  key = KEYS.game2048(game.size, evil),
  marks: Marks2048 = { assisted: false, recorded: false },
): string | null {
  // The marks travel along (as the puzzle's `assisted` does), written only when set.
  return writeJson(store, key, { ...serializeGame(game, { evil }), ...marksFields(marks) });
}

/** The marks kept with the saved 2048 game `game` under `key`. */
export function savedMarks2048(store: KeyValueStore, key: string, game: Game): Marks2048 {
  const read = readJson(store, key);
  return readMarks2048(read.kind === 'ok' ? read.data : null, game);
}

/** Loads the saved puzzle of a width; its clock comes back paused. */
export function loadPuzzle(
  store: KeyValueStore,
  width: number,
  key = KEYS.puzzle(width),
): Loaded<Puzzle | null> {
  return loadParsed(
    store,
    key,
    sized(parseSavedPuzzle, (p) => p.width, width, 'width'),
    (reason) =>
      `The saved ${width}×${width} puzzle could not be restored (${reason}), so a new puzzle has started.`,
  );
}

/** Saves the puzzle in progress; `assisted`: the solver played part of it (no record then). */
export function savePuzzle(
  store: KeyValueStore,
  puzzle: Puzzle,
  now: number,
  assisted = false,
  key = KEYS.puzzle(puzzle.width),
): string | null {
  return writeJson(store, key, { ...serializePuzzle(puzzle, now), assisted });
}

/** Whether a saved game was helped by the solver or the AI (the puzzle's key by default). */
export function savedAssisted(
  store: KeyValueStore,
  width: number,
  key = KEYS.puzzle(width),
): boolean {
  const read = readJson(store, key);
  return read.kind === 'ok' && (read.data as { assisted?: unknown } | null)?.assisted === true;
}

function bad(message: string): Result<never, RecordsProblem> {
  return err(problem('bad-records', message));
}

/**
 * Validates stored records; any bad entry drops the whole table. The problem's message is a
 * phrase ("not an object").
 */
export function parseStoredRecords(data: unknown): Result<Records, RecordsProblem> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad('not an object');
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== RECORDS_KIND || d.version !== 1) return bad('not slidebox records');
  if (typeof d.best2048 !== 'object' || typeof d.puzzle !== 'object') {
    return bad('the tables are missing');
  }
  return parseRecordTables(d);
}

/** Loads the records; unreadable ones are dropped, with a notice. */
export function loadRecords(store: KeyValueStore): Loaded<Records> {
  const read = readJson(store, KEYS.bests);
  if (read.kind === 'missing') return { value: EMPTY_RECORDS, notice: null };
  let reason: string;
  if (read.kind === 'ok') {
    const parsed = parseStoredRecords(read.data);
    if (parsed.ok) return { value: parsed.value, notice: null };
    reason = parsed.error.message;
  } else {
    reason = read.reason;
  }
  drop(store, KEYS.bests);
  return {
    value: EMPTY_RECORDS,
    notice: `Your records could not be read (${reason}) and were reset.`,
  };
}

export function saveRecords(store: KeyValueStore, records: Records): string | null {
  return writeJson(store, KEYS.bests, { kind: RECORDS_KIND, version: 1, ...records });
}
