/**
 * Starting a ranked game from a card of the home screen: the game of that kind still being
 * played in this browser is taken back (a ranked game is finished, or resigned, before another
 * starts); else the player's name is asked for the first time, the server deals a new game with
 * the card's options, and its id and token are kept in this browser. Today's ranked daily played
 * already is refused by the server: its sentence and the player's entry are said.
 */

import { formatNumber, formatSolveTime } from '../../front/format.ts';
import type { RankedKind } from '../../net/ranked.ts';
import type { Online } from '../leaderboards/online.ts';
import { dayOf, netSentence, rankText } from '../leaderboards/words.ts';
import type { KeyValueStore } from '../storage/keyValue.ts';
import type { Settings } from '../storage/settings.ts';
import { inPlay, type RankedSlot, readSlot, slotOf, writeSlot } from './slots.ts';
import { rankedBoardLabel } from './words.ts';

/** A ranked game to show (`notice`: said on its screen), or why none started. */
export type Started =
  | { readonly slot: RankedSlot; readonly notice: string | null }
  | { readonly problem: string };

const NAME_TEXT = { title: 'Your name on the leaderboards', ok: 'Play ranked' };

/** A sentence from the server's words: capital first, a full stop last. */
function sentence(text: string): string {
  const t = text.trim();
  const s = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

/**
 * Starts (or takes back) the ranked game of a card: `kind`, the daily or not, the card's size
 * and target from the settings.
 */
export async function startRanked(
  online: Online,
  kv: KeyValueStore,
  kind: RankedKind,
  daily: boolean,
  s: Settings,
  now: number = Date.now(),
): Promise<Started> {
  const slot = slotOf(kind, daily);
  const kept = readSlot(kv, slot);
  if (inPlay(kept))
    return {
      slot,
      notice: 'Continuing your ranked game: finish it, or resign it, to start another.',
    };
  const name = await online.name(NAME_TEXT);
  if (name === null) return { problem: 'Not started: ranked games are played under your name.' };
  const player = online.player();
  if (!player) return { problem: 'Not started: this browser could not keep your player key.' };
  const size = kind === '2048' ? s.size : s.width;
  const r = await online.client.startRanked({
    kind,
    daily,
    name,
    playerKey: player.key,
    ...(daily ? {} : { size }),
    ...(daily || kind !== '2048' ? {} : { target: s.target }),
  });
  if (!r.ok) {
    const e = r.error;
    if (e.serverCode === 'name-taken') {
      online.forgetName();
      return { problem: `${sentence(e.message)} Start again to give another name.` };
    }
    if (e.serverCode === 'daily-played') {
      const entry = e.result?.entry;
      const said = sentence(e.message);
      if (!entry) return { problem: said };
      const figures =
        kind === '2048'
          ? `${formatNumber(entry.score)} points`
          : `${formatNumber(entry.moves)} moves in ${formatSolveTime(entry.timeMs ?? 0)}`;
      const rank = entry.rank === null ? '' : `${rankText(entry.rank)} on `;
      const board = rankedBoardLabel(entry, null, dayOf(now));
      return { problem: `${said} Your entry: ${figures}, ${rank}${board}.` };
    }
    return { problem: netSentence(e, 'board').replace('the request', 'the ranked game') };
  }
  const g = r.value;
  const b = g.board;
  const problem = writeSlot(kv, {
    id: g.id,
    token: g.token,
    kind,
    daily,
    size: b.size,
    target: b.target,
    keepMs: g.keepMs,
    result: null,
    board: b,
  });
  const resumed = g.resumed ? 'Continuing your ranked daily attempt of today.' : null;
  return { slot, notice: [resumed, problem].filter(Boolean).join(' ') || null };
}
