/**
 * Loading and writing a saved game: the one place that decides what happens to a file that is
 * damaged (moved aside, the player told in one line) or that cannot be read (left as it is,
 * never called damaged, and never written over), and how a failed save is told.
 */
import { accessSync, constants } from 'node:fs';
import { basename } from 'node:path';
import type { Problem, Result } from '../engine/result.ts';
import { atomicWrite, moveAside, readJson } from './files.ts';
import { fileInPath, fitPath, fsCause } from './fsProblems.ts';

export interface LoadedSave<T> {
  /** The parsed value, or null when there is no file or it was damaged or unreadable. */
  readonly value: T | null;
  readonly notices: readonly string[];
  /** The file is there but could not be read: the sentence saying so (also a notice). */
  readonly unreadable?: string;
}

/**
 * Reads `path` and parses it with `parse`. A file that is not JSON, or that `parse` rejects,
 * is renamed to `<name>.corrupt-<time>` and described in a notice; one that cannot be read
 * (no permission, …) is left where it is and the notice names it and the cause.
 */
export function loadSave<T>(
  path: string,
  parse: (data: unknown) => Result<T, Problem>,
): LoadedSave<T> {
  const read = readJson(path);
  if (read.kind === 'missing') return { value: null, notices: [] };
  if (read.kind === 'ok') {
    const parsed = parse(read.data);
    if (parsed.ok) return { value: parsed.value, notices: [] };
    return { value: null, notices: [damagedNotice(path, parsed.error.message)] };
  }
  if (read.kind === 'unreadable') {
    const notice = unreadableNotice(path, read.cause);
    return { value: null, notices: [notice], unreadable: notice };
  }
  return { value: null, notices: [damagedNotice(path, read.reason)] };
}

/** The sentence for a file that is there but cannot be read: named, with the cause. */
export function unreadableNotice(path: string, cause: string): string {
  return fitPath((p) => `Cannot read ${p}: ${cause}.`, path);
}

function damagedNotice(path: string, reason: string): string {
  try {
    const aside = moveAside(path);
    return `Your saved game could not be loaded (${reason}); it was moved to ${aside} and a new game started.`;
  } catch (e) {
    return `Your saved game at ${path} could not be loaded (${reason}) nor moved aside (${fsCause(e)}); a new game started.`;
  }
}

/**
 * Why nothing can be read from or kept in the data folder `dir`, as a sentence: a file is
 * where it (or a folder above it) should be. Null when there is no such problem.
 */
export function dataDirProblem(dir: string): string | null {
  const blocker = fileInPath(dir);
  if (blocker === null) return null;
  if (blocker === dir) return fitPath((p) => `The data folder ${p} is a file, not a folder.`, dir);
  return fitPath((p) => `${p} is a file, so the data folder cannot be made in it.`, blocker);
}

/** A save that was not written because the file it would replace cannot be read. */
export class UnreadableSave extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(`${path} cannot be read (${why})`);
    this.name = 'UnreadableSave';
  }
}

/**
 * Writes a save atomically, unless a file is there that this process cannot read: that one
 * may hold a game the player has not seen yet, so it is never replaced (throws
 * {@link UnreadableSave}).
 */
export function writeSave(path: string, text: string): void {
  try {
    accessSync(path, constants.R_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new UnreadableSave(path, fsCause(e));
  }
  atomicWrite(path, text);
}

/**
 * The sentence for a save that failed: `Could not DOING in DIR: CAUSE.` (`doing`: "save the
 * game"), naming the place and the cause in one notice line; a file where the folder should be
 * is named itself.
 */
export function saveFailure(e: unknown, dir: string, doing = 'save the game'): string {
  if (e instanceof UnreadableSave) {
    const line = fitPath((p) => `Could not ${doing}: ${p} cannot be read (${e.why}).`, e.path);
    // Too long to name the file whole: the shorter form.
    if (line.includes(basename(e.path))) return line;
    return fitPath((p) => `Not saved: ${p} cannot be read (${e.why}).`, e.path);
  }
  const blocker = fileInPath(dir);
  if (blocker !== null) {
    return fitPath((p) => `Could not ${doing}: ${p} is a file, not a folder.`, blocker);
  }
  return fitPath((p) => `Could not ${doing} in ${p}: ${fsCause(e)}.`, dir);
}
