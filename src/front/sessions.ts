/**
 * A versus match or a duel in progress with who plays it, as saved data: the same form in
 * every front-end (a file in the terminal, localStorage in the browser). Restored through the
 * engine's own parsers, which replay the log, so saved data can never smuggle in a position the
 * rules would not produce.
 */
import { err, ok, problem, type Result } from '../engine/result.ts';
import { parseDuel, serializeDuel } from '../engine/saveDuel.ts';
import { parseVersus, serializeVersus } from '../engine/saveVersus.ts';
import { initialModelDuel, type ModelDuel, type PlayerKind } from './modelDuel.ts';
import { initialModelVersus, type ModelVersus, type Opponent } from './modelVersus.ts';
import { isAiLevel } from './versusAi.ts';

export const VERSUS_SESSION_KIND = 'slidebox/versus-session';
export const DUEL_SESSION_KIND = 'slidebox/duel-session';

function bad(message: string): Result<never> {
  return err(problem('bad-save', message));
}

function parseOpponent(x: unknown): Opponent | null {
  const o = x as { kind?: unknown; level?: unknown } | null;
  if (o?.kind === 'human') return { kind: 'human' };
  if (o?.kind === 'ai' && isAiLevel(o.level)) return { kind: 'ai', level: o.level };
  return null;
}

/** The JSON-ready form of a match in progress and who plays it. */
export function serializeVersusSession(m: ModelVersus): Record<string, unknown> {
  return {
    kind: VERSUS_SESSION_KIND,
    version: 1,
    opponent: m.opponent,
    match: serializeVersus(m.match),
  };
}

/** Restores a saved match; the problem's message is a phrase saying what is wrong. */
export function parseVersusSession(data: unknown): Result<ModelVersus> {
  const d = data as { kind?: unknown; opponent?: unknown; match?: unknown } | null;
  if (d?.kind !== VERSUS_SESSION_KIND) return bad('it is not a slidebox versus match');
  const opponent = parseOpponent(d.opponent);
  if (!opponent) return bad('its opponent is not a player or an AI level');
  const match = parseVersus(d.match);
  return match.ok ? ok(initialModelVersus(match.value, opponent)) : match;
}

function parsePlayers(x: unknown): [PlayerKind, PlayerKind] | null {
  const ok2 = (p: unknown): p is PlayerKind => p === 'human' || p === 'ai';
  return Array.isArray(x) && x.length === 2 && ok2(x[0]) && ok2(x[1]) ? [x[0], x[1]] : null;
}

/** The JSON-ready form of a duel in progress and who plays it. */
export function serializeDuelSession(m: ModelDuel): Record<string, unknown> {
  return { kind: DUEL_SESSION_KIND, version: 1, players: m.players, duel: serializeDuel(m.duel) };
}

/** Restores a saved duel; the problem's message is a phrase saying what is wrong. */
export function parseDuelSession(data: unknown): Result<ModelDuel> {
  const d = data as { kind?: unknown; players?: unknown; duel?: unknown } | null;
  if (d?.kind !== DUEL_SESSION_KIND) return bad('it is not a slidebox duel');
  const players = parsePlayers(d.players);
  if (!players) return bad('its players are not people or the AI');
  const duel = parseDuel(d.duel);
  return duel.ok ? ok(initialModelDuel(duel.value, players)) : duel;
}
