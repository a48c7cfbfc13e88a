/**
 * The versus screen's state and its pure update, for every front-end: the match, who plays
 * side 2 (a second player at the same keyboard, or the AI at a level), overlays and a notice.
 * The AI's moves come back in as commands, tagged with the board they were asked for, and are
 * dropped if that board has moved on.
 */
import type { Game } from '../engine/game2048.ts';
import type { Direction } from '../engine/types.ts';
import { newVersus, type Side, type VersusMatch, versusMove } from '../engine/versus.ts';
import { type OnlineSeats, seatNames } from './onlineSeats.ts';
import type { Opponent } from './versusAi.ts';

// Defined beside the AI's levels so that records.ts can name it without importing this file
// (which re-exports records' opponentKey): no import circle.
export type { Opponent } from './versusAi.ts';

export interface ModelVersus {
  readonly match: VersusMatch;
  readonly opponent: Opponent;
  readonly overlay: 'help' | 'confirm-new' | null;
  /** A one-line message shown until the next command. */
  readonly notice: string | null;
  readonly quit: boolean;
  /** Online: the seats' names and your side (the screen then moves only yours). */
  readonly online?: OnlineSeats;
}

export type CommandVersus =
  | { readonly type: 'move'; readonly side: Side; readonly dir: Direction }
  /** A new match with the same rules and opponent (asks while a match is under way). */
  | { readonly type: 'new' }
  | { readonly type: 'new-confirmed' }
  /** After a match: the same rules and opponent again, at once. */
  | { readonly type: 'rematch' }
  | { readonly type: 'cancel' }
  | { readonly type: 'help' }
  | { readonly type: 'quit' }
  /** The AI's move for side 2's board `game` (null: none possible); dropped if it moved on. */
  | { readonly type: 'ai-answer'; readonly game: Game; readonly dir: Direction | null }
  | { readonly type: 'ai-failed'; readonly message: string }
  /** Starts this match against this opponent (other rules or players, chosen elsewhere). */
  | { readonly type: 'setup'; readonly match: VersusMatch; readonly opponent: Opponent }
  | { readonly type: 'none' };

export function initialModelVersus(
  match: VersusMatch,
  opponent: Opponent,
  notice: string | null = null,
): ModelVersus {
  return { match, opponent, overlay: null, notice, quit: false };
}

/** The side the AI plays, if any. */
export const AI_SIDE: Side = 1;

/** Does the AI owe a move (the match is on and it plays side 2)? */
export function wantsAiMove(m: ModelVersus): boolean {
  return m.opponent.kind === 'ai' && !m.match.over && !m.quit && m.overlay === null;
}

function fresh(m: ModelVersus, seed: () => number): ModelVersus {
  const { size, target, attackCap } = m.match.rules;
  const next = newVersus({ seed: seed(), size, target, attackCap });
  // The rules were checked when the first match began: they stay valid.
  if (!next.ok) throw new Error(`newVersus: ${next.error.message}`);
  return { ...m, match: next.value, overlay: null };
}

function move(m: ModelVersus, side: Side, dir: Direction): ModelVersus {
  if (m.match.over) return m;
  const r = versusMove(m.match, side, dir);
  return r.ok ? { ...m, match: r.value, overlay: null } : { ...m, notice: r.error.message };
}

/** The next model after a command; `seed` gives the seed of a new match. */
export function updateVersus(
  model: ModelVersus,
  cmd: CommandVersus,
  seed: () => number,
): ModelVersus {
  const m: ModelVersus = { ...model, notice: null };
  switch (cmd.type) {
    case 'none':
      return model;
    case 'quit':
      return { ...m, quit: true };
    case 'help':
      return { ...m, overlay: m.overlay === 'help' ? null : 'help' };
    case 'cancel':
      return { ...m, overlay: null };
    case 'new':
      if (m.match.over || m.match.log.length === 0) return fresh(m, seed);
      return { ...m, overlay: 'confirm-new' };
    case 'new-confirmed':
      return fresh(m, seed);
    case 'rematch':
      return m.match.over ? fresh(m, seed) : m;
    case 'move':
      // While the AI plays side 2, its board is not the keyboard's.
      if (m.opponent.kind === 'ai' && cmd.side === AI_SIDE) return model;
      return move(m, cmd.side, cmd.dir);
    case 'ai-answer':
      if (cmd.game !== m.match.games[AI_SIDE] || cmd.dir === null) return model;
      return { ...move(m, AI_SIDE, cmd.dir), notice: model.notice };
    case 'ai-failed':
      return { ...m, notice: `The AI failed: ${cmd.message}` };
    case 'setup':
      return { ...m, match: cmd.match, opponent: cmd.opponent, overlay: null };
  }
}

/** What a side sees at the end, in words. */
export function resultLine(m: ModelVersus): string | null {
  const w = m.match.winner;
  if (w === null) return null;
  if (w === 'draw') return 'A draw: both boards ended on the same move.';
  const name = versusNames(m)[w];
  return `${name} ${name === 'You' ? 'win' : 'wins'}!`;
}

export { opponentKey } from './records.ts';

/** The two sides' names on this screen: the online seats', else by opponent. */
export function versusNames(m: ModelVersus): readonly [string, string] {
  return m.online ? seatNames(m.online) : sideNames(m.opponent);
}

/** The two sides' names on screen. */
export function sideNames(opponent: Opponent): readonly [string, string] {
  return opponent.kind === 'ai' ? ['You', `AI (${opponent.level})`] : ['Player 1', 'Player 2'];
}
