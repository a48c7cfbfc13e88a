/**
 * A versus match or a duel in progress on disk (`versus.json`, `duel.json` in the data
 * directory), with who plays: restored through the engine's own parsers (which replay the
 * log), so a damaged file is moved aside and reported like any save.
 */
import { join } from 'node:path';
import { err, ok, problem, type Result } from '../engine/result.ts';
import { parseDuel, serializeDuel } from '../engine/saveDuel.ts';
import { parseVersus, serializeVersus } from '../engine/saveVersus.ts';
import { initialModelDuel, type ModelDuel, type PlayerKind } from '../front/modelDuel.ts';
import { initialModelVersus, type ModelVersus, type Opponent } from '../front/modelVersus.ts';
import { isAiLevel } from '../front/versusAi.ts';
import { atomicWrite } from './files.ts';
import { type LoadedSave, loadSave } from './saves.ts';

const VERSUS_KIND = 'slidebox/versus-session';
const DUEL_KIND = 'slidebox/duel-session';

export const versusPath = (dir: string) => join(dir, 'versus.json');
export const duelPath = (dir: string) => join(dir, 'duel.json');

function bad(message: string): Result<never> {
  return err(problem('bad-save', message));
}

function parseOpponent(x: unknown): Opponent | null {
  const o = x as { kind?: unknown; level?: unknown } | null;
  if (o?.kind === 'human') return { kind: 'human' };
  if (o?.kind === 'ai' && isAiLevel(o.level)) return { kind: 'ai', level: o.level };
  return null;
}

/** Saves the match in progress (and who plays it) atomically. */
export function saveVersusSession(dir: string, m: ModelVersus): void {
  const data = {
    kind: VERSUS_KIND,
    version: 1,
    opponent: m.opponent,
    match: serializeVersus(m.match),
  };
  atomicWrite(versusPath(dir), `${JSON.stringify(data)}\n`);
}

/** The saved match, or null (none, or damaged: moved aside with a notice). */
export function loadVersusSession(dir: string): LoadedSave<ModelVersus> {
  return loadSave(versusPath(dir), (data) => {
    const d = data as { kind?: unknown; opponent?: unknown; match?: unknown } | null;
    if (d?.kind !== VERSUS_KIND) return bad('it is not a slidebox versus match');
    const opponent = parseOpponent(d.opponent);
    if (!opponent) return bad('its opponent is not a player or an AI level');
    const match = parseVersus(d.match);
    return match.ok ? ok(initialModelVersus(match.value, opponent)) : match;
  });
}

function parsePlayers(x: unknown): [PlayerKind, PlayerKind] | null {
  const ok2 = (p: unknown): p is PlayerKind => p === 'human' || p === 'ai';
  return Array.isArray(x) && x.length === 2 && ok2(x[0]) && ok2(x[1]) ? [x[0], x[1]] : null;
}

/** Saves the duel in progress (and who plays it) atomically. */
export function saveDuelSession(dir: string, m: ModelDuel): void {
  const data = { kind: DUEL_KIND, version: 1, players: m.players, duel: serializeDuel(m.duel) };
  atomicWrite(duelPath(dir), `${JSON.stringify(data)}\n`);
}

/** The saved duel, or null (none, or damaged: moved aside with a notice). */
export function loadDuelSession(dir: string): LoadedSave<ModelDuel> {
  return loadSave(duelPath(dir), (data) => {
    const d = data as { kind?: unknown; players?: unknown; duel?: unknown } | null;
    if (d?.kind !== DUEL_KIND) return bad('it is not a slidebox duel');
    const players = parsePlayers(d.players);
    if (!players) return bad('its players are not people or the AI');
    const duel = parseDuel(d.duel);
    return duel.ok ? ok(initialModelDuel(duel.value, players)) : duel;
  });
}
