import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel } from '../../engine/duel.ts';
import { legalMoves } from '../../engine/game2048.ts';
import type { Direction } from '../../engine/types.ts';
import { newVersus, type VersusMatch, versusMove } from '../../engine/versus.ts';
import { initialModelDuel } from '../../front/modelDuel.ts';
import { initialModelVersus } from '../../front/modelVersus.ts';
import { describeDuel, describeVersus, turnLine } from './announceMatch.ts';

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays side 0 then side 1 alternately (first legal move) until a move sends an attack. */
function untilAttack(m: VersusMatch): { before: VersusMatch; after: VersusMatch } {
  for (let i = 0; i < 200; i++) {
    const side = (i % 2) as 0 | 1;
    const dir = legalMoves(m.games[side].cells as number[][])[0] as Direction;
    const next = must(versusMove(m, side, dir));
    if (next.log.at(-1)!.sent !== null) return { before: m, after: next };
    m = next;
  }
  throw new Error('no attack in 200 moves');
}

describe('describeVersus', () => {
  it('names the mover, the move, the score and the attack sent', () => {
    const { before, after } = untilAttack(must(newVersus({ seed: 3 })));
    const opp = { kind: 'human' } as const;
    const last = after.log.at(-1)!;
    const name = last.side === 0 ? 'Player 1' : 'Player 2';
    const other = last.side === 0 ? 'Player 2' : 'Player 1';
    const text = describeVersus(initialModelVersus(before, opp), initialModelVersus(after, opp));
    expect(text).toContain(
      `${name}: ${last.direction}, score ${after.games[last.side].score}. Sends ${last.sent} to ${other}.`,
    );
  });

  it('says where an attack landed on the receiver’s board', () => {
    let { after: m } = untilAttack(must(newVersus({ seed: 5 })));
    const receiver = (1 - m.log.at(-1)!.side) as 0 | 1;
    const value = m.queues[receiver][0]!;
    const dir = legalMoves(m.games[receiver].cells as number[][])[0] as Direction;
    const before = m;
    m = must(versusMove(m, receiver, dir));
    const at = m.games[receiver].spawned[0]!.at;
    expect(m.games[receiver].cells[at.row]![at.col]).toBeGreaterThanOrEqual(value);
    const opp = { kind: 'ai', level: 'easy' } as const;
    expect(describeVersus(initialModelVersus(before, opp), initialModelVersus(m, opp))).toContain(
      `${value} landed at row ${at.row + 1}, column ${at.col + 1}.`,
    );
  });

  it('is silent when nothing changed and announces a new match', () => {
    const a = initialModelVersus(must(newVersus({ seed: 1, target: 64 })), { kind: 'human' });
    expect(describeVersus(a, a)).toBe('');
    const b = initialModelVersus(must(newVersus({ seed: 2, target: 64 })), { kind: 'human' });
    expect(describeVersus(a, b)).toBe('New match: first to 64 wins.');
  });
});

describe('describeDuel', () => {
  const start = (): Duel => must(newDuel({ seed: 4 }));

  it('tells a placement and whose turn is next', () => {
    const d = start();
    const players = d.first === 0 ? (['human', 'ai'] as const) : (['ai', 'human'] as const);
    const placed = must(duelPlace(d, { row: 0, col: 1 }, 4));
    const text = describeDuel(initialModelDuel(d, players), initialModelDuel(placed, players));
    expect(text).toBe(
      `Placed a 4 at row 1, column 2. ${turnLine(initialModelDuel(placed, players))}`,
    );
    expect(turnLine(initialModelDuel(placed, players))).toBe('AI places a 2 or a 4.');
  });

  it('tells a slide with the score, and the person’s turn in the second person', () => {
    let d = start();
    d = must(duelPlace(d, { row: 0, col: 0 }, 2));
    d = must(duelPlace(d, { row: 0, col: 1 }, 2));
    const players = d.first === 0 ? (['human', 'ai'] as const) : (['ai', 'human'] as const);
    expect(turnLine(initialModelDuel(d, players))).toBe('You slide.');
    const slid = must(duelSlide(d, 'left'));
    expect(describeDuel(initialModelDuel(d, players), initialModelDuel(slid, players))).toBe(
      'Slid left, score 4. AI places a 2 or a 4.',
    );
  });
});
