/**
 * The identity of a game and the copy rule (gameIdentity.ts), on real games' codes: one
 * identity however a code is written, another for another target or other moves; a copy
 * shares 64 moves and half of the stored game's, or all of its moves.
 */
import { describe, expect, it } from 'vitest';
import { crc32, fromBase64Url, toBase64Url } from '../../engine/codeBits.ts';
import type { Game } from '../../engine/game2048.ts';
import { encodeShared, SHARE_PREFIX, shared2048, sharedPuzzle } from '../../engine/shareCode.ts';
import { cornerGame, mustShare, playPuzzle } from '../../testing/games.ts';
import { copies, type GameIdentity, gameIdentity, OPENING_MOVES } from './gameIdentity.ts';

const codeOf = (g: Game, players = '', assisted = false) =>
  encodeShared({ ...mustShare(shared2048(g, { assisted })), players });
const id = (code: string): GameIdentity => gameIdentity(code)!;

/** A code's body changed by `edit`, with a new checksum. */
function rewritten(code: string, edit: (body: number[]) => number[]): string {
  const bytes = fromBase64Url(code.slice(SHARE_PREFIX.length))!;
  const body = Uint8Array.from(edit([...bytes.subarray(0, bytes.length - 4)]));
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, crc32(body));
  return SHARE_PREFIX + toBase64Url(out);
}

/** The game `n` moves back. */
function back(g: Game, n: number): Game {
  let out = g;
  for (let i = 0; i < n; i++) out = out.previous!;
  return out;
}

describe('game identity', () => {
  const game = cornerGame(6, 77, 300);
  const code = codeOf(game);

  it('is one for every way of writing a game, and another for another target or moves', () => {
    const seedAt = 4 + 2;
    const same = [
      codeOf(game, 'x'),
      codeOf(game, 'human,ai', true),
      rewritten(code, (b) => b.map((v, i) => (i === 2 ? v | 4 : v))),
      rewritten(code, (b) => {
        let end = seedAt;
        while (b[end]! & 0x80) end++;
        return [...b.slice(0, end), b[end]! | 0x80, 0, ...b.slice(end + 1)];
      }),
      ` ${code}\n`,
    ];
    for (const c of same) {
      expect(c).not.toBe(code);
      expect(id(c).gameHash).toBe(id(code).gameHash);
    }
    const otherTarget = rewritten(code, (b) => b.map((v, i) => (i === 5 ? 12 : v)));
    expect(id(otherTarget).target).toBe(4096);
    expect(id(otherTarget).gameHash).not.toBe(id(code).gameHash);
    expect(id(otherTarget).openingHash).toBe(id(code).openingHash);
    expect(id(codeOf(back(game, 1))).gameHash).not.toBe(id(code).gameHash);
    expect(gameIdentity('sb.nothing')).toBeNull();
  });

  it('names a puzzle by its tiles moved, not its times', async () => {
    const { puzzle } = await playPuzzle(5, { width: 3 });
    const a = encodeShared(mustShare(sharedPuzzle(puzzle, { timeMs: 60_000 })));
    const b = encodeShared(mustShare(sharedPuzzle(puzzle, { timeMs: null, assisted: true })));
    expect(a).not.toBe(b);
    expect(id(a).gameHash).toBe(id(b).gameHash);
    expect(id(a).kind).toBe('puzzle');
  });

  it('compares a puzzle by its path: a detour that comes back to a position is cut out', async () => {
    const { code: solved } = await playPuzzle(11, { width: 4, wander: 40 });
    const leader = id(solved);
    expect(leader.path.length).toBeGreaterThanOrEqual(OPENING_MOVES);
    const tiles = [...leader.moves];
    const puzzleCode = (t: number[]) =>
      encodeShared({
        game: { kind: 'puzzle', width: 4, seed: 11, tiles: t, timeMs: null },
        assisted: false,
        players: '',
      });
    const t0 = tiles[0]!;
    const t29 = tiles[29]!;
    for (const detoured of [
      [t0, t0, ...tiles],
      [...tiles.slice(0, 30), t29, t29, t29, t29, ...tiles.slice(30)],
    ]) {
      const copy = id(puzzleCode(detoured));
      expect(copy.gameHash).not.toBe(leader.gameHash);
      expect([...copy.path]).toEqual([...leader.path]);
      expect(copy.openingHash).toBe(leader.openingHash);
      expect(copies(copy, leader)).toBe(true);
    }
    // Another path from the start is another game.
    const t1 = tiles[1]!;
    expect(copies(id(puzzleCode([t1, ...tiles.slice(1)])), leader)).toBe(false);
  });

  it('finds a copy in a game that plays on from, or cuts short, a stored one', () => {
    const stored = id(code);
    expect(game.moves).toBe(300);
    // Plays on: every stored move and more.
    expect(copies(id(codeOf(cornerGame(6, 77, 400))), stored)).toBe(true);
    // Cut short to half of it, or to 64 moves of a game of 128: a copy; below either: not.
    expect(copies(id(codeOf(back(game, 150))), stored)).toBe(true);
    expect(copies(id(codeOf(back(game, 151))), stored)).toBe(false);
    const short = id(codeOf(back(game, 300 - 2 * OPENING_MOVES)));
    expect(copies(id(codeOf(back(game, 300 - OPENING_MOVES))), short)).toBe(true);
    expect(copies(id(codeOf(back(game, 300 - OPENING_MOVES + 1))), short)).toBe(false);
    // The same moves under another target: a copy, however short; no moves: none.
    const few = codeOf(back(game, 290));
    const retargeted = rewritten(few, (b) => b.map((v, i) => (i === 5 ? 12 : v)));
    expect(copies(id(retargeted), id(few))).toBe(true);
    const none = codeOf(back(game, 300));
    expect(copies(id(rewritten(none, (b) => b.map((v, i) => (i === 5 ? 12 : v)))), id(none))).toBe(
      false,
    );
    // Another seed or size is another game, whatever its moves.
    expect(copies(id(codeOf(cornerGame(6, 78, 300))), stored)).toBe(false);
    expect(copies(id(codeOf(cornerGame(7, 77, 300))), stored)).toBe(false);
  });
});
