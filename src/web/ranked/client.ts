/**
 * The ranked client (src/net/rankedClient.ts) of a game kept in this browser, over the browser's
 * WebSocket, and what the ranked screens read of its view: the notice line (why keys do nothing,
 * a refusal), a game the server no longer knows, a puzzle's clock. Pure but for the socket.
 */

import type { Puzzle } from '../../engine/puzzle.ts';
import { noticeLine } from '../../front/online/rankedWords.ts';
import { asSentence, capital, GAME_ELSEWHERE } from '../../net/linkWords.ts';
import { RankedClient, type RankedView } from '../../net/rankedClient.ts';
import type { SocketLike } from '../../net/roomClient.ts';
import type { KeptRanked } from './slots.ts';

/** Connects to a kept game; `onChange` hears every change. Null: its board is not one. */
export function connectKept(
  server: string,
  kept: KeptRanked,
  onChange: (v: RankedView) => void,
): RankedClient | null {
  if (!kept.board) return null;
  try {
    return new RankedClient({
      server,
      game: kept.id,
      token: kept.token,
      board: kept.board,
      socket: (url) => new WebSocket(url) as unknown as SocketLike,
      onChange,
    });
  } catch {
    // A kept board the engine does not read as one (the browser's store was edited).
    return null;
  }
}

/** A fragment of the client's ("the match is over") as a sentence: "The match is over." */
export { asSentence };

/**
 * The notice line of a ranked game (front/online/rankedWords.ts's, as sentences): while keys do
 * nothing, why (`refused`: a key was pressed during this hold); else the client's own sentence
 * (a refusal), or `said`, the screen's.
 */
export function rankedNotice(v: RankedView, refused: boolean, said: string | null): string {
  const line = noticeLine(v, { refused, said, why: closedSentence(v) });
  return line === null ? '' : asSentence(line);
}

/** Why a closed connection will not come back, and what the player can do (null: not closed). */
export function closedSentence(v: RankedView): string | null {
  if (v.status !== 'closed') return null;
  switch (v.closed) {
    case 'replaced':
      return `${capital(GAME_ELSEWHERE)}: keys here do nothing. Reload this page to play it here.`;
    case 'no-game':
    case 'bad-token':
      return `${asSentence(v.notice ?? 'the server does not know this game')} Start another with Play ranked on its card.`;
    default:
      return v.notice ? asSentence(v.notice) : null;
  }
}

/**
 * Whether the game kept in this browser is gone for good (the server does not know it, or its
 * token): the slot is freed, so Play ranked deals a new one.
 */
export function gone(v: RankedView): boolean {
  return v.status === 'closed' && (v.closed === 'no-game' || v.closed === 'bad-token');
}

/**
 * The puzzle of the client's view, its clock the server's (running unless the game is over) and
 * its move count the server's: a move drawn ahead is counted once the server took it.
 */
export function serverClocked(v: RankedView): Puzzle | null {
  const p = v.puzzle;
  if (!p) return null;
  const stopped = v.result !== null || v.confirmed.over;
  const ms = stopped ? v.confirmed.elapsedMs : v.clock.ms;
  return {
    ...p,
    moves: v.confirmed.score,
    clock: {
      elapsedMs: ms,
      runningSince: stopped ? null : v.clock.at,
      started: true,
      paused: false,
    },
  };
}
