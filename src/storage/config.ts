/**
 * The settings file (config.json in the data directory): the leaderboard server, and whether a
 * finished daily game is submitted to it. Written atomically under a lock like the other shared
 * files; a damaged or newer-version file is moved aside with one sentence and the defaults apply.
 * Fields this version does not know are kept as they are.
 */
import { dirname, join } from 'node:path';
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { withFileLock } from './fileLock.ts';
import { atomicWrite, moveAside, readJson } from './files.ts';
import { fsCause } from './fsProblems.ts';
import { saveFailure, UnreadableSave, unreadableNotice } from './saves.ts';

export const CONFIG_KIND = 'slidebox/config';
export const CONFIG_VERSION = 1;

/** What to do with a daily game when it ends, once the player has answered the question. */
export const SUBMIT_CHOICES = ['always', 'never'] as const;
export type SubmitChoice = (typeof SUBMIT_CHOICES)[number];

export interface Config {
  /** The leaderboard server's address, as `slidebox config server URL` checked it. */
  readonly server?: string;
  /** Daily games: submitted when they end (always), or never; unset: ask once. */
  readonly submit?: SubmitChoice;
}

type Raw = Readonly<Record<string, unknown>>;

export function configPath(dir: string): string {
  return join(dir, 'config.json');
}

/**
 * Checks the contents of a settings file; the problem's message is a phrase ("it is not an
 * object"). The value keeps the fields it does not know, to be written back.
 */
export function parseConfigFile(data: unknown): Result<Raw, Problem<'bad-config'>> {
  const bad = (message: string) => err(problem('bad-config', message));
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad('it is not an object');
  }
  const d = data as Raw;
  if (d.kind !== CONFIG_KIND) return bad('it is not a slidebox settings file');
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 1) {
    return bad('it has no version');
  }
  if (d.version > CONFIG_VERSION)
    return bad(`it was written by a newer slidebox (format ${d.version})`);
  if (d.server !== undefined && (typeof d.server !== 'string' || d.server.length > 2000)) {
    return bad('its server is not an address');
  }
  if (d.submit !== undefined && !SUBMIT_CHOICES.includes(d.submit as SubmitChoice)) {
    return bad('its submit setting is not always or never');
  }
  return ok(d);
}

function configOf(raw: Raw): Config {
  return {
    ...(typeof raw.server === 'string' ? { server: raw.server } : {}),
    ...(raw.submit !== undefined ? { submit: raw.submit as SubmitChoice } : {}),
  };
}

type Read =
  | { readonly raw: Raw | null }
  | { readonly damaged: string }
  | { readonly unreadable: string };

function readConfig(path: string): Read {
  const read = readJson(path);
  if (read.kind === 'missing') return { raw: null };
  if (read.kind === 'damaged') return { damaged: read.reason };
  if (read.kind === 'unreadable') return { unreadable: read.cause };
  const parsed = parseConfigFile(read.data);
  return parsed.ok ? { raw: parsed.value } : { damaged: parsed.error.message };
}

/** Moves a damaged settings file aside (the caller holds the lock); the sentence saying so. */
function setAside(path: string, reason: string): string {
  try {
    const aside = moveAside(path);
    return `Your settings in ${path} could not be read (${reason}); the file was moved to ${aside} and the defaults apply (slidebox config sets them again).`;
  } catch (e) {
    return `Your settings in ${path} could not be read (${reason}) nor moved aside (${fsCause(e)}); the defaults apply.`;
  }
}

/** The settings in `dir` (none when there is no file); a damaged file is moved aside and said. */
export function loadConfig(dir: string): { config: Config; notices: string[] } {
  const path = configPath(dir);
  const first = readConfig(path);
  if ('raw' in first) return { config: first.raw ? configOf(first.raw) : {}, notices: [] };
  if ('unreadable' in first) {
    return {
      config: {},
      notices: [`${unreadableNotice(path, first.unreadable).slice(0, -1)}; the defaults apply.`],
    };
  }
  try {
    // Set aside under the lock, and only if still damaged: another slidebox may have just
    // written a good one.
    const again = withFileLock(path, () => {
      const read = readConfig(path);
      if ('unreadable' in read) return { raw: null };
      return 'raw' in read ? read : { notice: setAside(path, read.damaged) };
    });
    if ('raw' in again) return { config: again.raw ? configOf(again.raw) : {}, notices: [] };
    return { config: {}, notices: [again.notice] };
  } catch (e) {
    return {
      config: {},
      notices: [
        `Your settings in ${path} could not be read (${first.damaged}) nor moved aside (${fsCause(e)}); the defaults apply.`,
      ],
    };
  }
}

/**
 * Changes the settings as they are in the file now and writes them back atomically, under the
 * file's lock. A damaged file is moved aside first (its sentence in `notices`). The error is a
 * sentence: the settings could not be written.
 */
export function updateConfig(
  dir: string,
  change: (c: Config) => Config,
): Result<{ config: Config; notices: string[] }, Problem<'save-failed'>> {
  const path = configPath(dir);
  try {
    return ok(
      withFileLock(path, () => {
        const read = readConfig(path);
        // Never written over: the settings in it could not be read, not lost.
        if ('unreadable' in read) throw new UnreadableSave(path, read.unreadable);
        const notices = 'damaged' in read ? [setAside(path, read.damaged)] : [];
        const raw = 'raw' in read && read.raw ? read.raw : {};
        const next = change(configOf(raw));
        const { server: _s, submit: _c, kind: _k, version: _v, ...rest } = raw;
        const data = { kind: CONFIG_KIND, version: CONFIG_VERSION, ...rest, ...next };
        atomicWrite(path, `${JSON.stringify(data, null, 1)}\n`);
        return { config: next, notices };
      }),
    );
  } catch (e) {
    return err(problem('save-failed', saveFailure(e, dirname(path), 'save your settings')));
  }
}
