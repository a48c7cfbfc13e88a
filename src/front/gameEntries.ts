/**
 * The history entry of each kind of finished game, as the controllers record it: what the
 * game's own model says, from player 1's side for versus and duel, dated by the controller's
 * clock, with the game's share code.
 */

import type { Player } from '../engine/duel.ts';
import { maxTile } from '../engine/game2048.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import { ok, type Problem, type Result } from '../engine/result.ts';
import {
  encodeShared,
  type Shared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../engine/shareCode.ts';
import { type HistoryEntry, MAX_CODE_LENGTH, type MatchResult } from './history.ts';
import type { Model2048 } from './model2048.ts';
import type { ModelDuel } from './modelDuel.ts';
import type { ModelVersus } from './modelVersus.ts';
import { opponentKey } from './records.ts';

/** The entry's share code field: the game's code, or none when it cannot be shared. */
function codeOf(s: Result<Shared, Problem>): { code?: string } {
  if (!s.ok) return {};
  const code = encodeShared(s.value);
  return code.length <= MAX_CODE_LENGTH ? { code } : {};
}

/** A clock reading as the history's date: ISO, in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

/** A 2048 game that ended or was left for a new one; `won`: it reached its target. */
export function entry2048(m: Model2048, now: number): HistoryEntry {
  const g = m.game;
  return {
    kind: '2048',
    size: g.size,
    date: isoDate(now),
    score: g.score,
    moves: g.moves,
    maxTile: maxTile(g.cells),
    won: g.won,
    assisted: m.assisted,
    ...(m.evil ? { evil: true as const } : {}),
    ...codeOf(shared2048(g, { evil: m.evil, assisted: m.assisted })),
  };
}

/**
 * A solved puzzle, or one given up (`dnf`); `assisted`: the solver helped; `optimal`: the
 * fewest moves that solve its start (exact, or a lower bound), when known.
 */
export function entryPuzzle(
  p: Puzzle,
  timeMs: number,
  assisted: boolean,
  now: number,
  more: { optimal?: { moves: number; exact: boolean } | null; dnf?: boolean } = {},
): HistoryEntry {
  const o = more.optimal;
  return {
    kind: 'puzzle',
    size: p.width,
    date: isoDate(now),
    moves: p.moves,
    timeMs: Math.round(timeMs),
    ...(o ? (o.exact ? { optimal: o.moves } : { lowerBound: o.moves }) : {}),
    won: !more.dnf,
    assisted,
    ...codeOf(sharedPuzzle(p, { assisted, timeMs })),
  };
}

function resultFor<S>(winner: S | 'draw', me: S): MatchResult {
  return winner === 'draw' ? 'draw' : winner === me ? 'win' : 'loss';
}

/** A finished versus match, from player 1's side (board 1). */
export function entryVersus(m: ModelVersus, now: number): HistoryEntry {
  const game = m.match.games[0];
  const result = resultFor(m.match.winner ?? 'draw', 0);
  return {
    kind: 'versus',
    size: m.match.rules.size,
    date: isoDate(now),
    score: game.score,
    moves: game.moves,
    maxTile: maxTile(game.cells),
    won: result === 'win',
    result,
    opponent: opponentKey(m),
    assisted: false,
    ...codeOf(ok(sharedVersus(m.match, opponentKey(m)))),
  };
}

/** Whose side a duel is recorded from: the person playing the AI, else player 1. */
export function duelSide(players: ModelDuel['players']): Player {
  return players[0] !== 'human' && players[1] === 'human' ? 1 : 0;
}

/** A finished duel from {@link duelSide}'s side: the round they slid, and who they played. */
export function entryDuel(m: ModelDuel, now: number): HistoryEntry {
  const me = duelSide(m.players);
  const round = m.duel.rounds.find((r) => r.slider === me);
  const result = resultFor(m.duel.winner ?? 'draw', me);
  return {
    kind: 'duel',
    size: m.duel.size,
    date: isoDate(now),
    score: round?.score ?? 0,
    moves: round?.moves ?? 0,
    maxTile: Math.max(2, round?.maxTile ?? 2),
    won: result === 'win',
    result,
    opponent: m.players[me === 0 ? 1 : 0],
    assisted: false,
    ...codeOf(ok(sharedDuel(m.duel, m.players.join(',')))),
  };
}
