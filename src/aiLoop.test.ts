/**
 * The loop a library user writes first, `while (!g.over) g = play(g, bestMove(g.cells))`, on
 * the engine and the AI (docs/examples/keepPlaying.ts is its public form): at the target `play`
 * changes nothing until `keepGoing`, so the loop must either start the game with
 * `keepPlaying: true` or call `keepGoing` at the win. Each loop is bounded: a loop that stalls
 * fails the test instead of hanging it.
 */
import { describe, expect, it } from 'vitest';
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  maxTile,
  newGame,
  play,
} from './engine/game2048.ts';
import { SlideboxError } from './engine/result.ts';
import { parseGame, serializeGame } from './engine/save2048.ts';
import { encodeShared, shared2048 } from './engine/shareCode.ts';
import { readShareCode } from './engine/shareReplay.ts';
import { bestMove } from './solvers/ai2048/player.ts';

const LIMIT = 5000;

/** The usual loop, with a bound: how many times it went round, and where it ended. */
function aiLoop(start: Game, atWin?: (g: Game) => Game): { game: Game; rounds: number } {
  let g = start;
  let rounds = 0;
  while (!g.over && rounds < LIMIT) {
    if (atWin && awaitingWinChoice(g)) g = atWin(g);
    g = play(g, bestMove(g.cells, { preset: 'fast' })!);
    rounds++;
  }
  return { game: g, rounds };
}

// A 3x3 board with a low target: the AI reaches it in a few dozen moves and loses soon after.
const OPTS = { size: 3, target: 64, seed: 2 } as const;

describe('the usual AI loop ends', () => {
  it('the trap: without keepPlaying or keepGoing, play changes nothing once the target is reached', () => {
    const { game, rounds } = aiLoop(newGame(OPTS));
    expect(rounds).toBe(LIMIT);
    expect(game.over).toBe(false);
    expect(game.won).toBe(true);
    expect(awaitingWinChoice(game)).toBe(true);
    expect(game.moves).toBeLessThan(rounds);
  });

  it('with newGame({ keepPlaying: true }): played past the target to the end, the win recorded', () => {
    const start = newGame({ ...OPTS, keepPlaying: true });
    expect(start.keepPlaying).toBe(true);
    expect(start.won).toBe(false);
    const { game, rounds } = aiLoop(start);
    expect(game.over).toBe(true);
    // Every round was a real move: the loop never stalled at the target.
    expect(game.moves).toBe(rounds);
    expect(game.won).toBe(true);
    expect(maxTile(game.cells)).toBeGreaterThan(OPTS.target);
    expect(awaitingWinChoice(game)).toBe(false);
  });

  it('with an explicit keepGoing at the win: the same game', () => {
    const { game, rounds } = aiLoop(newGame(OPTS), keepGoing);
    expect(game.over).toBe(true);
    expect(game.moves).toBe(rounds);
    expect(game.won).toBe(true);
    const kept = aiLoop(newGame({ ...OPTS, keepPlaying: true })).game;
    expect(kept.cells).toEqual(game.cells);
    expect(kept.score).toBe(game.score);
  });

  it('a keepPlaying game saves and restores as one (undo past the win still plays on), and its share code verifies', () => {
    const { game } = aiLoop(newGame({ ...OPTS, keepPlaying: true }));
    const saved = serializeGame(game);
    expect(saved.start.keepPlaying).toBe(true);
    const back = parseGame(JSON.parse(JSON.stringify(saved)));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.cells).toEqual(game.cells);
    let g = back.value;
    while (g.previous) {
      expect(g.keepPlaying).toBe(true);
      g = g.previous;
    }
    expect(g.keepPlaying).toBe(true);
    // A plain game's save is unchanged: no start flag.
    expect(serializeGame(newGame(OPTS)).start).not.toHaveProperty('keepPlaying');

    const shared = shared2048(game);
    if (!shared.ok) throw new Error(shared.error.message);
    const replay = readShareCode(encodeShared(shared.value));
    if (!replay.ok) throw new Error(replay.error.message);
    if (replay.value.kind !== '2048') throw new Error(`a ${replay.value.kind} code`);
    expect(replay.value.states.at(-1)!.cells).toEqual(game.cells);
  });

  it('keepPlaying must be true or false', () => {
    expect(() => newGame({ keepPlaying: 'yes' as never })).toThrow(SlideboxError);
    expect(() => newGame({ keepPlaying: 'yes' as never })).toThrow(
      /keepPlaying must be true or false, got "yes"/,
    );
  });
});
