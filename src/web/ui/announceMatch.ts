/**
 * Sentences for the screen reader's live region in versus and duel (apart from announce.ts, so
 * they load with those screens): what a step did, for each side, and whose turn it is.
 */
import { whoIs } from '../../engine/duel.ts';
import { formatNumber } from '../../front/format.ts';
import { duelResultLine, type ModelDuel, playerNames } from '../../front/modelDuel.ts';
import { type ModelVersus, resultLine, sideNames } from '../../front/modelVersus.ts';

/**
 * What one versus step did, for the live region: the mover's move, what it sent and received.
 * `names`: the players' own (an online room, which says how the match ended itself); by
 * default the model's, and the result too.
 */
export function describeVersus(
  before: ModelVersus,
  after: ModelVersus,
  names?: readonly [string, string],
): string {
  if (after.match === before.match) return '';
  const ours = names === undefined;
  names ??= sideNames(after.opponent);
  const last = after.match.log.at(-1);
  if (!last || after.match.log.length <= before.match.log.length) {
    return `New match: first to ${formatNumber(after.match.rules.target)} wins.`;
  }
  const name = names[last.side];
  const game = after.match.games[last.side];
  const parts = [`${name}: ${last.direction}, score ${formatNumber(game.score)}.`];
  if (last.sent !== null)
    parts.push(`Sends ${formatNumber(last.sent)} to ${names[1 - last.side]}.`);
  const spawn = game.spawned[0];
  if (last.received !== null && spawn) {
    parts.push(
      `${formatNumber(last.received)} landed at row ${spawn.at.row + 1}, column ${spawn.at.col + 1}.`,
    );
  }
  const result = ours ? resultLine(after) : null;
  if (result) parts.push(result);
  return parts.join(' ');
}

/**
 * What one duel step did, for the live region, and whose turn it is now. `names`: the players'
 * own ("You" for yours: an online room, which says how the duel ended itself); by default the
 * model's, and the result too.
 */
export function describeDuel(
  before: ModelDuel,
  after: ModelDuel,
  names?: readonly [string, string],
): string {
  if (after.duel === before.duel) return '';
  const d = after.duel;
  const ours = names === undefined;
  names ??= playerNames(after.players);
  const a = d.log.at(-1);
  const parts: string[] = [];
  const roundEnded = d.rounds.length > before.duel.rounds.length;
  if (roundEnded) {
    const r = d.rounds.at(-1)!;
    parts.push(`Round over: ${names[r.slider]} scored ${formatNumber(r.score)}.`);
  } else if (d.log.length > before.duel.log.length && a) {
    parts.push(
      a.kind === 'slide'
        ? `Slid ${a.direction}, score ${formatNumber(d.game.score)}.`
        : `Placed a ${a.value} at row ${a.at.row + 1}, column ${a.at.col + 1}.`,
    );
  } else {
    parts.push('New duel.');
  }
  const result = ours ? duelResultLine(after) : null;
  if (result) parts.push(result);
  else parts.push(turnLine(after, names));
  return parts.join(' ');
}

/** Whose turn it is in a duel, in words (`names`: by default the model's). */
export function turnLine(
  m: ModelDuel,
  names: readonly [string, string] = playerNames(m.players),
): string {
  const t = whoIs(m.duel);
  if (t.toAct === null) return '';
  const name = names[t.toAct];
  const you = name === 'You';
  if (t.phase === 'slide') return `${name} ${you ? 'slide' : 'slides'}.`;
  return `${name} ${you ? 'place' : 'places'} a 2 or a 4.`;
}
