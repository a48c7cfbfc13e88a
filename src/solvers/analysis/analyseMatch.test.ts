/**
 * Versus and duel matches judged side by side on real matches played through the engine: a
 * side played by the AI agrees with it, a side of random moves scores far lower; in a duel, the
 * placer's own placements agree with its search and random placements do not.
 */
import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel, whoIs } from '../../engine/duel.ts';
import { type Game, play } from '../../engine/game2048.ts';
import { nextInt, type RngState, seedRng } from '../../engine/rng.ts';
import { DIRECTIONS, type Direction, type Pos } from '../../engine/types.ts';
import { newVersus, type VersusMatch, versusMove } from '../../engine/versus.ts';
import { choosePlacement, judgePlacement } from '../ai2048/placer.ts';
import { analyse } from '../ai2048/player.ts';
import { classify, moveAccuracy } from './analyse2048.ts';
import { analyseDuel, analyseVersus, placementLoss } from './analyseMatch.ts';

const aiMove = (g: Game) => analyse(g.cells, { preset: 'fast', noCap: true }).move;

/** A seeded picker of random items. */
function picker(seed: number): <T>(xs: readonly T[]) => T {
  let rng: RngState = seedRng(seed);
  return (xs) => {
    const r = nextInt(rng, xs.length);
    rng = r.state;
    return xs[r.value]!;
  };
}

function legal(g: Game): Direction[] {
  return DIRECTIONS.filter((d) => play(g, d) !== g);
}

describe('analyseVersus', () => {
  it('judges each side as a 2048 game: the AI side agrees, the random side scores far lower', () => {
    const pick = picker(41);
    let m = newVersus({ seed: 41, size: 4, target: 512 });
    if (!m.ok) throw new Error(m.error.message);
    const states: VersusMatch[] = [m.value];
    for (let i = 0; i < 240 && !m.value.over; i++) {
      const side = (i % 2) as 0 | 1;
      const g = m.value.games[side];
      if (legal(g).length === 0) continue;
      const d = side === 0 ? aiMove(g)! : pick(legal(g));
      const next = versusMove(m.value, side, d);
      if (!next.ok) throw new Error(next.error.message);
      m = next;
      states.push(m.value);
    }
    const log = m.value.log;
    const heard: number[] = [];
    const a = analyseVersus(states, { onProgress: (done, total) => heard.push(total - done) });
    expect(heard.at(-1)).toBe(0);
    expect(heard).toHaveLength(log.length);
    const [ai, rnd] = a.sides;
    expect(a.kind).toBe('versus');
    expect(ai.side).toBe(0);
    expect(rnd.side).toBe(1);
    expect(ai.moves.length + rnd.moves.length).toBe(log.length);
    for (const s of a.sides) {
      expect(s.scale).toBe('value');
      expect(s.placements).toBeNull();
      s.moves.forEach((v, i) => {
        expect(v.n).toBe(i + 1);
        expect(log[v.at - 1]!.side).toBe(s.side);
        expect(log[v.at - 1]!.direction).toBe(v.played);
      });
    }
    expect(rnd.moves.length).toBeGreaterThan(20);
    expect(ai.agreement).toBeGreaterThanOrEqual(95);
    expect(rnd.agreement).toBeLessThan(60);
    expect(rnd.accuracy).toBeLessThan(ai.accuracy - 15);
  }, 60_000);
});

describe('analyseDuel', () => {
  it("judges slides by the AI and placements by the placer's search", () => {
    const pick = picker(7);
    const start = newDuel({ seed: 7, size: 4 });
    if (!start.ok) throw new Error(start.error.message);
    let d: Duel = start.value;
    // Round 1: random slides against the placer's own placements; round 2: the AI's slides
    // against random placements (cut after 120 actions: the AI outlasts random tiles).
    const states: Duel[] = [d];
    let round2 = 0;
    while (d.phase !== 'over' && (d.round === 0 || round2++ < 120)) {
      const next =
        d.phase === 'slide'
          ? duelSlide(d, d.round === 0 ? pick(legal(d.game)) : aiMove(d.game)!)
          : d.round === 0
            ? (() => {
                const p = choosePlacement(d.game.cells)!;
                return duelPlace(d, p.at, p.value);
              })()
            : duelPlace(d, pick(emptyCells(d.game.cells)), pick([2, 2, 2, 4]));
      if (!next.ok) throw new Error(next.error.message);
      d = next.value;
      states.push(d);
    }
    expect(d.round).toBe(1);
    const a = analyseDuel(states);
    expect(a.kind).toBe('duel');
    const first = whoIs(start.value).slider;
    const randomSlider = a.sides[first];
    const aiSlider = a.sides[first === 0 ? 1 : 0];
    expect(randomSlider.moves.length).toBeGreaterThan(10);
    expect(aiSlider.moves.length).toBeGreaterThan(50);
    expect(aiSlider.agreement).toBeGreaterThanOrEqual(95);
    expect(randomSlider.agreement).toBeLessThan(60);
    expect(randomSlider.accuracy).toBeLessThan(aiSlider.accuracy - 10);
    // The placer's own placements (by the round-1 placer, who slides with the AI in round 2).
    const own = aiSlider.placements!;
    const rnd = randomSlider.placements!;
    expect(own.moves.length).toBeGreaterThan(10);
    expect(rnd.moves.length).toBeGreaterThan(50);
    expect(own.agreement).toBeGreaterThanOrEqual(95);
    expect(rnd.agreement).toBeLessThan(30);
    expect(rnd.accuracy).toBeLessThan(own.accuracy - 15);
    const log = d.log;
    for (const m of [...own.moves, ...rnd.moves]) {
      const action = log[m.at - 1]!;
      expect(action).toEqual({ kind: 'place', at: m.played.at, value: m.played.value });
      const agrees =
        m.best.at.row === m.played.at.row &&
        m.best.at.col === m.played.at.col &&
        m.best.value === m.played.value;
      expect(m.loss).toBe(agrees ? 0 : placementLoss(m.outcomes.best, m.outcomes.played));
      // The placer's choice leaves the slider no better off than the placement played.
      expect(m.outcomes.best).toBeLessThanOrEqual(m.outcomes.played);
      expect(m.class).toBe(classify(m.loss, agrees, 'value'));
      expect(m.accuracy).toBeCloseTo(moveAccuracy(m.loss, 'value'), 10);
    }
  }, 120_000);

  it.each([4, 5])(
    "judges the placer's own placement (%i wide) as its best, with the same outcome",
    (size) => {
      const pick = picker(size);
      let cells = Array.from({ length: size }, () => new Array<number>(size).fill(0));
      for (let k = 0; k < size * 2; k++) {
        const at = pick(emptyCells(cells));
        cells = cells.map((r, row) =>
          r.map((v, col) => (row === at.row && col === at.col ? pick([2, 4, 8, 16]) : v)),
        );
      }
      const own = choosePlacement(cells)!;
      const j = judgePlacement(cells, own)!;
      expect(j.best).toEqual(own);
      expect(j.playedOutcome).toBe(j.bestOutcome);
      // Any other placement leaves the slider at least as well off.
      const other = emptyCells(cells).find((p) => p.row !== own.at.row || p.col !== own.at.col)!;
      const o = judgePlacement(cells, { at: other, value: own.value })!;
      expect(o.best).toEqual(own);
      expect(o.playedOutcome).toBeGreaterThanOrEqual(o.bestOutcome);
      expect(() => judgePlacement(cells, { at: { row: -1, col: 0 }, value: 2 })).toThrow();
    },
  );

  it('turns two outcomes into a placement loss', () => {
    expect(placementLoss(1_000_000, 1_000_000)).toBe(0);
    expect(placementLoss(990_000, 1_000_000)).toBeCloseTo(1, 10);
    expect(placementLoss(-1e10 - 2, 1_000_000)).toBe(100);
    expect(placementLoss(-1e10 - 3, -1e10 - 1)).toBe(0);
  });
});

function emptyCells(cells: readonly (readonly number[])[]): Pos[] {
  const out: Pos[] = [];
  cells.forEach((r, row) => {
    r.forEach((v, col) => {
      if (v === 0) out.push({ row, col });
    });
  });
  return out;
}
