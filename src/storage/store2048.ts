/**
 * The 2048 game's saves on disk: one file per board size with the game in progress (undo
 * history included), and the records (best scores) in the shared stats file. Everything read comes back
 * through the engine's own parser; damaged files are moved aside and reported, never dropped.
 */
import { join } from 'node:path';
import type { Game } from '../engine/game2048.ts';
import { err, ok, problem } from '../engine/result.ts';
import { parseGame, serializeGame } from '../engine/save2048.ts';
import type { Placer } from '../engine/spawn.ts';
import { type Marks2048, marksFields, readMarks2048 } from '../front/model2048.ts';
import type { Store2048 } from '../front/ports.ts';
import { type Records, raiseBest2048 } from '../front/records.ts';
import { recordToHistory } from './history.ts';
import { loadSave, saveFailure, writeSave } from './saves.ts';
import { loadRecords, updateRecords } from './stats.ts';

export interface Loaded2048 {
  /** The saved game, or null when there is none (or it was damaged). */
  readonly game: Game | null;
  readonly best: number;
  /** The AI helped in the saved game. */
  readonly assisted: boolean;
  /** The saved game is in the history already (it ended once, then was taken back by undo). */
  readonly recorded: boolean;
  /** One-line notices for the player (a damaged file moved aside, …). */
  readonly notices: readonly string[];
  /** The save is there but could not be read: the sentence saying so (also a notice). */
  readonly unreadable?: string;
}

/** The save of a board size; an evil game (the placer chose its tiles) has its own. */
export function savePath2048(dir: string, size: number, evil = false): string {
  return join(dir, `2048-${size}x${size}${evil ? '-evil' : ''}.json`);
}

/**
 * Loads the saved game for a board size and the best score. Never throws for bad files. With
 * `place`, the evil game (replayed with that placer); its scores are not records.
 */
export function load2048(dir: string, size: number, place?: Placer): Loaded2048 {
  const records = loadRecords(dir);
  let marks: Marks2048 = { assisted: false, recorded: false };
  const saved = loadSave(savePath2048(dir, size, place !== undefined), (data) => {
    const parsed = parseGame(data, { place });
    marks = readMarks2048(data, parsed.ok ? parsed.value : null);
    if (parsed.ok && parsed.value.size !== size) {
      return err(problem('bad-save', 'its board size does not match its name'));
    }
    return parsed;
  });
  return {
    game: saved.value,
    best: best2048(records.records, size),
    assisted: saved.value !== null && marks.assisted,
    recorded: saved.value !== null && marks.recorded,
    notices: [...records.notices, ...saved.notices],
    ...(saved.unreadable ? { unreadable: saved.unreadable } : {}),
  };
}

/** The best 2048 score of a board size (0 when there is none). */
export function best2048(records: Records, size: number): number {
  return records.best2048[String(size)] ?? 0;
}

/** Saves the game in progress atomically and raises the best score if beaten (not evil). */
export function save2048(
  dir: string,
  game: Game,
  best: number,
  evil = false,
  path = savePath2048(dir, game.size, evil),
  marks: Marks2048 = { assisted: false, recorded: false },
): void {
  // The marks travel along (as the puzzle's `assisted` does), written only when set.
  const data = { ...serializeGame(game, { evil }), ...marksFields(marks) };
  writeSave(path, `${JSON.stringify(data)}\n`);
  if (evil) return;
  const score = Math.max(best, game.score);
  if (score > 0) updateRecords(dir, (r) => raiseBest2048(r, game.size, score));
}

/**
 * The 2048 controller's store: the game, best score and history in files under `dir` (the
 * game in `path` when given: the daily challenge's file).
 */
export function fileStore2048(dir: string, evil = false, path?: string): Store2048 {
  return {
    recordGame: (entry) => recordToHistory(dir, entry),
    save(game, best, marks) {
      try {
        save2048(dir, game, best, evil, path, marks);
        return ok(undefined);
      } catch (e) {
        return err(problem('save-failed', saveFailure(e, dir)));
      }
    },
  };
}
