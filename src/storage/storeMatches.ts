/**
 * A versus match or a duel in progress on disk (`versus.json`, `duel.json` in the data
 * directory), with who plays, in the shared session form of front/sessions.ts: a damaged file
 * is moved aside and reported like any save.
 */
import { join } from 'node:path';
import type { ModelDuel } from '../front/modelDuel.ts';
import type { ModelVersus } from '../front/modelVersus.ts';
import {
  parseDuelSession,
  parseVersusSession,
  serializeDuelSession,
  serializeVersusSession,
} from '../front/sessions.ts';
import { type LoadedSave, loadSave, writeSave } from './saves.ts';

export const versusPath = (dir: string) => join(dir, 'versus.json');
export const duelPath = (dir: string) => join(dir, 'duel.json');

/** Saves the match in progress (and who plays it) atomically. */
export function saveVersusSession(dir: string, m: ModelVersus): void {
  writeSave(versusPath(dir), `${JSON.stringify(serializeVersusSession(m))}\n`);
}

/** The saved match, or null (none, or damaged: moved aside with a notice). */
export function loadVersusSession(dir: string): LoadedSave<ModelVersus> {
  return loadSave(versusPath(dir), parseVersusSession);
}

/** Saves the duel in progress (and who plays it) atomically. */
export function saveDuelSession(dir: string, m: ModelDuel): void {
  writeSave(duelPath(dir), `${JSON.stringify(serializeDuelSession(m))}\n`);
}

/** The saved duel, or null (none, or damaged: moved aside with a notice). */
export function loadDuelSession(dir: string): LoadedSave<ModelDuel> {
  return loadSave(duelPath(dir), parseDuelSession);
}
