/**
 * Why a file could not be read or written, in words for the player: a cause from the system's
 * error code ("permission denied"), never Node's raw message with its code and quoted path, and
 * sentences that name the file and still fit a notice line.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, sep } from 'node:path';

/** The widest notice line of the terminal games (an 80-column terminal). */
export const NOTICE_WIDTH = 80;

const CAUSES: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EISDIR: 'it is a folder',
  ENOTDIR: 'part of its path is a file, not a folder',
  EEXIST: 'a file is in the way',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'the disk could not be read or written (input/output error)',
  ELOOP: 'its path has too many symbolic links',
  ENAMETOOLONG: 'its name is too long',
  EBUSY: 'it is busy',
  ETXTBSY: 'it is busy',
};

/** The system's error code of a thrown error (EACCES, …), or undefined. */
export function errorCode(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The cause of a failed file operation as a short phrase ("permission denied"). An unknown
 * error keeps only the words of Node's message: "EXYZ: something odd, open '/x'" → "something odd".
 */
export function fsCause(e: unknown): string {
  const code = errorCode(e);
  if (code && CAUSES[code]) return CAUSES[code];
  const message = e instanceof Error ? e.message : String(e);
  const words = message
    .replace(/^[A-Z][A-Z0-9_]+: /, '')
    .replace(/, \w+ '.*$/, '')
    .replace(/[.\s]+$/, '');
  return words || (code ? `error ${code}` : 'an unknown error');
}

/** True when the error says that permission was refused (so the file is not damaged). */
export function isPermission(e: unknown): boolean {
  const code = errorCode(e);
  return code === 'EACCES' || code === 'EPERM';
}

/**
 * The first part of `dir`'s path that exists and is not a folder (so `dir` cannot be one),
 * or null: `dir` is a folder, or does not exist yet and can be made as far as its path goes.
 */
export function fileInPath(dir: string): string | null {
  for (let p = dir; ; p = dirname(p)) {
    try {
      return statSync(p).isDirectory() ? null : p;
    } catch (e) {
      const code = errorCode(e);
      // Missing, or under a file: look further up. Anything else: not a file in the way.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return null;
    }
    if (dirname(p) === p) return null;
  }
}

/** `path` with the home folder written `~`. */
export function tildePath(path: string, home: string = homedir()): string {
  if (home && home !== sep && (path === home || path.startsWith(`${home}${sep}`))) {
    return `~${path.slice(home.length)}`;
  }
  return path;
}

/**
 * A sentence that names a path and fits `width` columns: the path in full (home as `~`) when
 * it fits, else its last parts after `…/`, else its base name, else the end of its base name
 * after `…`.
 */
export function fitPath(
  sentence: (shown: string) => string,
  path: string,
  width: number = NOTICE_WIDTH,
  home: string = homedir(),
): string {
  const full = tildePath(path, home);
  const whole = sentence(full);
  if ([...whole].length <= width) return whole;
  const parts = full.split(sep).filter((p) => p !== '');
  for (let keep = parts.length - 1; keep >= 1; keep--) {
    const line = sentence(`…/${parts.slice(-keep).join(sep)}`);
    if ([...line].length <= width) return line;
  }
  const alone = sentence(basename(path));
  if ([...alone].length <= width) return alone;
  // Even the base name is too long: its end, as much as fits.
  const name = [...basename(path)];
  const room = width - [...sentence('…')].length;
  return sentence(
    room > 0 && room < name.length ? `…${name.slice(-room).join('')}` : name.join(''),
  );
}
