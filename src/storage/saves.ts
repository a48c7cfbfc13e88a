/**
 * Loading a saved game through the engine's own parser: the one place that decides what
 * happens to a file that is damaged (moved aside, the player told in one line).
 */
import type { Problem, Result } from '../engine/result.ts';
import { moveAside, readJson } from './files.ts';

export interface LoadedSave<T> {
  /** The parsed value, or null when there is no file or it was damaged. */
  readonly value: T | null;
  readonly notices: readonly string[];
}

/**
 * Reads `path` and parses it with `parse`. A file that cannot be read, is not JSON, or that
 * `parse` rejects is renamed to `<name>.corrupt-<time>` and described in a notice.
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
  return { value: null, notices: [damagedNotice(path, read.reason)] };
}

function damagedNotice(path: string, reason: string): string {
  try {
    const aside = moveAside(path);
    return `Your saved game could not be loaded (${reason}); it was moved to ${aside} and a new game started.`;
  } catch (e) {
    return `Your saved game at ${path} could not be loaded (${reason}) nor moved aside (${(e as Error).message}); a new game started.`;
  }
}
