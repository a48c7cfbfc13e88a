/**
 * The browser's key-value store (localStorage, or memory where the browser refuses it), its
 * keys, JSON reads and writes that never throw, and what the home screen reads at start: the
 * settings and the player's picture. Saved games and records are in persist.ts, whose parsers
 * (the engine's) load after the home screen is shown.
 */
import { parseSettings, type Settings, serializeSettings } from './settings.ts';

/** The part of the Web Storage API used here. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const KEYS = {
  settings: 'slidebox:settings',
  /** The records (the key keeps its first name so that players' records still load). */
  bests: 'slidebox:bests',
  picture: 'slidebox:picture',
  game2048: (size: number, evil = false) => `slidebox:2048:${size}${evil ? ':evil' : ''}`,
  puzzle: (width: number) => `slidebox:puzzle:${width}`,
  versus: 'slidebox:versus',
  duel: 'slidebox:duel',
} as const;

export interface Loaded<T> {
  readonly value: T;
  /** A sentence for the player when saved data had to be dropped. */
  readonly notice: string | null;
}

/** localStorage when the browser lets us use it, else a Map for this visit only. */
export function browserKeyValueStore(): KeyValueStore {
  try {
    const s = window.localStorage;
    const probe = 'slidebox:probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStore();
  }
}

/** A store kept in `map` (a new one by default): a visit's store where the browser has none. */
export function memoryStore(
  map = new Map<string, string>(),
): KeyValueStore & { readonly map: Map<string, string> } {
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export type Read =
  | { kind: 'missing' }
  | { kind: 'ok'; data: unknown }
  | { kind: 'bad'; reason: string };

/** Reads the JSON under `key`: missing, the data, or why it could not be read (a phrase). */
export function readJson(store: KeyValueStore, key: string): Read {
  let text: string | null;
  try {
    text = store.getItem(key);
  } catch {
    return { kind: 'bad', reason: 'the browser refused to read it' };
  }
  if (text === null) return { kind: 'missing' };
  try {
    return { kind: 'ok', data: JSON.parse(text) };
  } catch {
    return { kind: 'bad', reason: 'it is not valid JSON' };
  }
}

/** Writes JSON; returns a sentence when the browser refuses (storage full or disabled). */
export function writeJson(store: KeyValueStore, key: string, value: unknown): string | null {
  try {
    store.setItem(key, JSON.stringify(value));
    return null;
  } catch (e) {
    return `Could not save in this browser (${(e as Error).name || 'storage error'}): progress will be lost when the page closes.`;
  }
}

/** Removes `key`, quietly when the browser refuses. */
export function drop(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing more to do: the next save overwrites it anyway.
  }
}

export function loadSettings(store: KeyValueStore): Loaded<Settings> {
  const read = readJson(store, KEYS.settings);
  if (read.kind === 'missing') return { value: parseSettings(null).settings, notice: null };
  const parsed = parseSettings(read.kind === 'ok' ? read.data : null);
  return {
    value: parsed.settings,
    notice: parsed.problem ? `Settings were reset: ${parsed.problem}.` : null,
  };
}

export function saveSettings(store: KeyValueStore, s: Settings): string | null {
  return writeJson(store, KEYS.settings, serializeSettings(s));
}

/** The player's picture (a data: URL of an image), or null. */
export function loadPicture(store: KeyValueStore): string | null {
  const read = readJson(store, KEYS.picture);
  if (read.kind !== 'ok' || typeof read.data !== 'string') return null;
  return /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(read.data) ? read.data : null;
}

export function savePicture(store: KeyValueStore, dataUrl: string): string | null {
  return writeJson(store, KEYS.picture, dataUrl);
}
