/**
 * The ranked client (src/net/rankedClient.ts) of a game kept in this browser, over the browser's
 * WebSocket, and what the ranked screens say of its connection. Pure but for the socket.
 */

import { RankedClient, type RankedView } from '../../net/rankedClient.ts';
import type { SocketLike } from '../../net/roomClient.ts';
import type { KeptRanked } from './slots.ts';
import { holdSentence } from './words.ts';

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

/** A fragment of the client's ("the game is over") as a sentence: "The game is over." */
export function asSentence(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const s = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

/**
 * The notice line of a ranked game: while keys do nothing, why (`refused`: a key was pressed
 * during this hold); else the client's own sentence (a refusal), or `said`, the screen's.
 */
export function rankedNotice(v: RankedView, refused: boolean, said: string | null): string {
  if (v.result) return said ?? '';
  if (v.status !== 'open') {
    const why = v.status === 'closed' && v.notice ? asSentence(v.notice) : null;
    return holdSentence(v.status, refused, why) ?? '';
  }
  return v.notice ? asSentence(v.notice) : (said ?? '');
}
