/**
 * Sentences for the screen reader's live region and the notice line: what a move did (in 2048,
 * the puzzle, a versus match or a duel) and how a game ended, worked out from the engine's own
 * record of the move (no rules here).
 */
import type { Game } from '../engine/game2048.ts';
import { whoIs } from '../engine/duel.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import { formatNumber, formatTime } from '../front/format.ts';
import { duelResultLine, type ModelDuel, playerNames } from '../front/modelDuel.ts';
import { type ModelVersus, resultLine, sideNames } from '../front/modelVersus.ts';

/** What happened between two 2048 states, for the live region ('' when nothing did). */
export function describe2048(before: Game, after: Game): string {
  if (after === before) return '';
  if (after.previous === before && after.last) {
    const parts = [`Moved ${after.last.direction}.`];
    const merges = after.last.merges;
    if (merges.length > 0) {
      const values = merges.map((m) => formatNumber(m.value)).join(', ');
      parts.push(
        `${merges.length === 1 ? 'Merged into' : `${merges.length} merges:`} ${values}, plus ${formatNumber(after.last.gained)} points.`,
      );
    }
    const spawn = after.spawned[0];
    if (spawn)
      parts.push(`New ${spawn.value} at row ${spawn.at.row + 1}, column ${spawn.at.col + 1}.`);
    parts.push(`Score ${formatNumber(after.score)}.`);
    if (after.won && !before.won) parts.push(`You reached ${formatNumber(after.target)}! You win.`);
    if (after.over) parts.push('Game over: no moves left.');
    return parts.join(' ');
  }
  if (before.previous === after) return `Move undone. Score ${formatNumber(after.score)}.`;
  if (after.moves === 0 && after.previous === null) {
    return `New ${after.size} by ${after.size} game. Reach ${formatNumber(after.target)}.`;
  }
  if (after.keepPlaying && !before.keepPlaying) return 'Keep going: play on past the target.';
  return '';
}

function movesText(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? 'move' : 'moves'}`;
}

/** What happened between two puzzle states, for the live region. */
export function describePuzzle(before: Puzzle, after: Puzzle, timeMs: number): string {
  if (after === before) return '';
  if (after.previous === before && after.last) {
    const tiles = after.last.slides.map((s) => s.tile);
    const what = tiles.length === 1 ? `Tile ${tiles[0]}` : `Tiles ${tiles.join(', ')}`;
    const parts = [`${what} moved ${after.last.direction}.`, `${movesText(after.moves)}.`];
    if (after.solved) {
      parts.push(`Solved in ${after.moves} moves and ${formatTime(timeMs)}!`);
    }
    return parts.join(' ');
  }
  if (after.undone) return `Move undone. ${movesText(after.moves)}.`;
  if (after.moves === 0 && after.previous === null) {
    return `New ${after.width} by ${after.width} puzzle.`;
  }
  return '';
}

/** What one versus step did, for the live region: the mover's move, what it sent and received. */
export function describeVersus(before: ModelVersus, after: ModelVersus): string {
  if (after.match === before.match) return '';
  const names = sideNames(after.opponent);
  const last = after.match.log.at(-1);
  if (!last || after.match.log.length <= before.match.log.length) {
    return `New match: first to ${formatNumber(after.match.rules.target)} wins.`;
  }
  const name = names[last.side];
  const game = after.match.games[last.side];
  const parts = [`${name}: ${last.direction}, score ${formatNumber(game.score)}.`];
  if (last.sent !== null) parts.push(`Sends ${formatNumber(last.sent)} to ${names[1 - last.side]}.`);
  const spawn = game.spawned[0];
  if (last.received !== null && spawn) {
    parts.push(
      `${formatNumber(last.received)} landed at row ${spawn.at.row + 1}, column ${spawn.at.col + 1}.`,
    );
  }
  const result = resultLine(after);
  if (result) parts.push(result);
  return parts.join(' ');
}

/** What one duel step did, for the live region, and whose turn it is now. */
export function describeDuel(before: ModelDuel, after: ModelDuel): string {
  if (after.duel === before.duel) return '';
  const d = after.duel;
  const names = playerNames(after.players);
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
  const result = duelResultLine(after);
  if (result) parts.push(result);
  else parts.push(turnLine(after));
  return parts.join(' ');
}

/** Whose turn it is in a duel, in words. */
export function turnLine(m: ModelDuel): string {
  const t = whoIs(m.duel);
  if (t.toAct === null) return '';
  const name = playerNames(m.players)[t.toAct];
  const you = name === 'You';
  if (t.phase === 'slide') return `${name} ${you ? 'slide' : 'slides'}.`;
  return `${name} ${you ? 'place' : 'places'} a 2 or a 4.`;
}
