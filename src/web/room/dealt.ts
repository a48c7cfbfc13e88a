/**
 * Your versus slide is drawn at once, without its tile (the server deals it); the tile comes a
 * network round trip later, often before the slide's animation is over. Drawing it then would
 * cut the slide short, so the page waits for the slide to end. Pure: from the matches drawn and
 * to draw.
 */
import type { RoomMatch, Side } from '../../net/rooms.ts';

/** Your board as drawn, when it shows a slide whose tile has not been dealt yet; else null. */
function slideWithoutTile(m: RoomMatch | null, you: Side | null) {
  if (m?.kind !== 'versus' || you === null) return null;
  const g = m.match.games[you];
  return g.moves > 0 && g.spawned.length === 0 ? g : null;
}

/** Whether `m` shows your board as a slide still waiting for its tile. */
export function waitsForTile(m: RoomMatch | null, you: Side | null): boolean {
  return slideWithoutTile(m, you) !== null;
}

/**
 * How long to wait before drawing `next` over `shown` (ms, 0: now): while `shown` has your
 * slide without its tile, drawn at `slidAt`, and `next` only adds that tile, the rest of the
 * slide's `ms`.
 */
export function tileWait(
  shown: RoomMatch | null,
  next: RoomMatch | null,
  you: Side | null,
  slidAt: number,
  now: number,
  ms: number,
): number {
  const slid = slideWithoutTile(shown, you);
  if (!slid || next?.kind !== 'versus' || you === null) return 0;
  const g = next.match.games[you];
  if (g.moves !== slid.moves || g.spawned.length !== 1) return 0;
  const { at } = g.spawned[0]!;
  const onlyTheTile = g.cells.every((row, r) =>
    row.every((v, c) => v === slid.cells[r]![c] || (r === at.row && c === at.col)),
  );
  return onlyTheTile ? Math.max(0, slidAt + ms - now) : 0;
}
