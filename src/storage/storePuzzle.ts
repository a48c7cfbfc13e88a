/**
 * The sliding puzzle's saves on disk: one file per board width with the game in progress (undo
 * history and timer included), and records (fewest moves, fastest time) in the stats file.
 */
import { join } from 'node:path';
import type { Puzzle } from '../engine/puzzle.ts';
import { err, ok, problem } from '../engine/result.ts';
import { parseSavedPuzzle, serializePuzzle } from '../engine/savePuzzle.ts';
import type { SolveRecords, StorePuzzle } from '../front/ports.ts';
import { type PuzzleRecord, recordSeries, recordSolve, solveRecords } from '../front/records.ts';
import { recordOptimalInHistory, recordToHistory } from './history.ts';
import { loadSave, saveFailure, writeSave } from './saves.ts';
import { loadRecords, updateRecords } from './stats.ts';

export interface LoadedPuzzle {
  readonly puzzle: Puzzle | null;
  /** The solver played (part of) the saved game, so solving it sets no record. */
  readonly assisted: boolean;
  readonly best: PuzzleRecord;
  readonly notices: readonly string[];
  /** The save is there but could not be read: the sentence saying so (also a notice). */
  readonly unreadable?: string;
}

export function savePathPuzzle(dir: string, width: number): string {
  return join(dir, `puzzle-${width}x${width}.json`);
}

/** Loads the saved puzzle of a width (its clock paused) and the records. Never throws for bad files. */
export function loadPuzzle(dir: string, width: number): LoadedPuzzle {
  const records = loadRecords(dir);
  let assisted = false;
  const saved = loadSave(savePathPuzzle(dir, width), (data) => {
    const parsed = parseSavedPuzzle(data);
    if (parsed.ok && parsed.value.width !== width) {
      return err(problem('bad-save', 'its board width does not match its name'));
    }
    assisted = (data as { assisted?: unknown }).assisted === true;
    return parsed;
  });
  return {
    puzzle: saved.value,
    assisted: saved.value !== null && assisted,
    best: records.records.puzzle[String(width)] ?? {},
    notices: [...records.notices, ...saved.notices],
    ...(saved.unreadable ? { unreadable: saved.unreadable } : {}),
  };
}

/** Saves the game in progress atomically; `now` folds the running timer into the save. */
export function savePuzzle(
  dir: string,
  puzzle: Puzzle,
  now: number,
  assisted = false,
  path = savePathPuzzle(dir, puzzle.width),
): void {
  // `assisted` (the solver played part of the game) travels along: a resumed game sets no record.
  const data = { ...serializePuzzle(puzzle, now), assisted };
  writeSave(path, `${JSON.stringify(data)}\n`);
}

/** Records a solved game; returns the records after it, and which of them it set. */
export function recordPuzzleSolve(
  dir: string,
  width: number,
  moves: number,
  timeMs: number | null,
): SolveRecords {
  let result: SolveRecords | null = null;
  updateRecords(dir, (records) => {
    const r = recordSolve(records, width, moves, timeMs);
    result = solveRecords(r, width);
    return r.records;
  });
  if (result === null) throw new Error('the records were not updated');
  return result;
}

/**
 * The puzzle controller's store: the puzzle, the records and the history under `dir` (the
 * puzzle in `path` when given: the daily challenge's file).
 */
export function fileStorePuzzle(dir: string, path?: string): StorePuzzle {
  const failed = (e: unknown, what: string) =>
    err(problem('save-failed', saveFailure(e, dir, what)));
  return {
    recordGame: (entry) => recordToHistory(dir, entry),
    recordOptimal: (entry, optimal) => recordOptimalInHistory(dir, entry, optimal),
    recordSeries(key, timeMs, moves) {
      try {
        let out = { best: { timeMs, moves }, newBest: true };
        updateRecords(dir, (records) => {
          const r = recordSeries(records, key, timeMs, moves);
          out = { best: r.best, newBest: r.newBest };
          return r.records;
        });
        return ok(out);
      } catch (e) {
        return failed(e, 'save your records');
      }
    },
    seriesBest: (key) => loadRecords(dir).records.series?.[key] ?? null,
    save(puzzle, now, assisted) {
      try {
        savePuzzle(dir, puzzle, now, assisted, path);
        return ok(undefined);
      } catch (e) {
        return failed(e, 'save the puzzle');
      }
    },
    recordSolve(width, moves, timeMs) {
      try {
        return ok(recordPuzzleSolve(dir, width, moves, timeMs));
      } catch (e) {
        return failed(e, 'save your records');
      }
    },
  };
}
