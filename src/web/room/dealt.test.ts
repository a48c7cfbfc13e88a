/**
 * Your slide's tile, dealt while the slide is still drawn: the page waits for the rest of the
 * slide, and only then; anything else is drawn at once.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  dealtBy,
  previewAction,
  type RoomMatch,
  type SeededRules,
  startMatch,
} from '../../net/rooms.ts';
import { tileWait, waitsForTile } from './dealt.ts';

const rules: SeededRules = { kind: 'versus', size: 4, seed: 21, target: 2048, attackCap: null };
const must = (r: { ok: true; value: RoomMatch } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const start = must(startMatch(rules));
const slide = { kind: 'slide', dir: 'left' } as const;
const other = { kind: 'slide', dir: 'right' } as const;
const slid = must(previewAction(start, 0, slide));
const dealt = must(applyAction(start, 0, slide));

describe('the tile of your slide', () => {
  it('is waited for while the slide is drawn, for the rest of its time', () => {
    expect(slid).not.toBe(start);
    expect(dealtBy(dealt, 0)).not.toBe(null);
    expect(waitsForTile(slid, 0)).toBe(true);
    expect(waitsForTile(dealt, 0)).toBe(false);
    expect(waitsForTile(start, 0)).toBe(false);
    expect(tileWait(slid, dealt, 0, 1000, 1030, 100)).toBe(70);
    expect(tileWait(slid, dealt, 0, 1000, 1200, 100)).toBe(0);
  });

  it('is not what else is drawn: the other side’s move, a different board, a watcher, no motion', () => {
    // The other player moved: your slide still waits for its tile on screen.
    const theirs = must(previewAction(must(applyAction(start, 1, other)), 0, slide));
    expect(tileWait(slid, theirs, 0, 1000, 1030, 100)).toBe(0);
    // The server's order differed (another move): drawn at once.
    const otherMove = must(applyAction(start, 0, { kind: 'slide', dir: 'down' }));
    if (otherMove !== start) expect(tileWait(slid, otherMove, 0, 1000, 1030, 100)).toBe(0);
    expect(tileWait(slid, dealt, null, 1000, 1030, 100)).toBe(0);
    expect(tileWait(slid, dealt, 0, 1000, 1030, 0)).toBe(0);
    expect(tileWait(null, dealt, 0, 1000, 1030, 100)).toBe(0);
    expect(tileWait(start, dealt, 0, 1000, 1030, 100)).toBe(0);
  });
});
