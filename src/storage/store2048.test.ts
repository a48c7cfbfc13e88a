import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Game, newGame, play } from '../engine/game2048.ts';
import { DIRECTIONS } from '../engine/types.ts';
import { tempDir } from '../testing/tempDir.ts';
import { loadRecords, statsPath, updateRecords } from './stats.ts';
import { load2048, save2048, savePath2048 } from './store2048.ts';

const tmp = () => tempDir('slidebox-store-');

function playSome(seed: number, n: number): Game {
  let g = newGame({ seed });
  for (let i = 0; i < n && !g.over; i++) g = play(g, DIRECTIONS[(i * 7 + seed) % 4]!);
  return g;
}

describe('2048 saves', () => {
  it('round-trip the game, its undo history and the best score', () => {
    const dir = tmp();
    const game = playSome(11, 60);
    save2048(dir, game, 0);
    const loaded = load2048(dir, 4);
    expect(loaded.notices).toEqual([]);
    expect(loaded.game?.cells).toEqual(game.cells);
    expect(loaded.game?.score).toBe(game.score);
    expect(loaded.game?.moves).toBe(game.moves);
    expect(loaded.game?.rng).toEqual(game.rng);
    expect(loaded.game?.previous?.cells).toEqual(game.previous?.cells);
    expect(loaded.best).toBe(game.score);
  });

  it('keep whether the AI helped, so a resumed game still says so', () => {
    const dir = tmp();
    const game = playSome(12, 10);
    save2048(dir, game, 0, false, undefined, { assisted: true, recorded: false });
    expect(load2048(dir, 4).assisted).toBe(true);
    save2048(dir, game, 0);
    expect(load2048(dir, 4).assisted).toBe(false);
  });

  it('keep whether the game is in the history already (taken back from its end by undo)', () => {
    const dir = tmp();
    const game = playSome(12, 10);
    expect(game.over).toBe(false);
    save2048(dir, game, 0, false, undefined, { assisted: false, recorded: true });
    expect(JSON.parse(readFileSync(savePath2048(dir, 4), 'utf8')).recorded).toBe(true);
    expect(load2048(dir, 4)).toMatchObject({ recorded: true, assisted: false });
    save2048(dir, game, 0);
    expect(JSON.parse(readFileSync(savePath2048(dir, 4), 'utf8'))).not.toHaveProperty('recorded');
    expect(load2048(dir, 4).recorded).toBe(false);
  });

  it('keep one save per board size', () => {
    const dir = tmp();
    save2048(dir, newGame({ size: 3, seed: 1 }), 0);
    save2048(dir, newGame({ size: 5, seed: 2 }), 0);
    expect(load2048(dir, 3).game?.size).toBe(3);
    expect(load2048(dir, 5).game?.size).toBe(5);
    expect(load2048(dir, 4).game).toBeNull();
  });

  it('never lower the best score', () => {
    const dir = tmp();
    const good = playSome(3, 80);
    save2048(dir, good, 0);
    save2048(dir, newGame({ seed: 4 }), good.score);
    expect(load2048(dir, 4).best).toBe(good.score);
  });

  const damaged: [string, (real: string) => string, RegExp][] = [
    ['garbage', () => 'this is not json {{{', /not valid JSON/],
    ['truncated', (real) => real.slice(0, Math.floor(real.length / 2)), /not valid JSON/],
    ['empty', () => '', /empty/],
    ['future version', (real) => real.replace('"version":1', '"version":99'), /newer slidebox/],
    ['tampered score', (real) => real.replace(/"score":(\d+)}/, '"score":999999}'), /do not lead/],
    ['wrong kind', () => '{"kind":"something-else"}', /not a slidebox 2048 save/],
  ];
  for (const [name, damage, reason] of damaged) {
    it(`move a ${name} save aside, say so in one line, and start fresh`, () => {
      const dir = tmp();
      save2048(dir, playSome(5, 30), 0);
      const path = savePath2048(dir, 4);
      const bytes = damage(readFileSync(path, 'utf8'));
      writeFileSync(path, bytes);
      const loaded = load2048(dir, 4);
      expect(loaded.game).toBeNull();
      expect(loaded.notices).toHaveLength(1);
      expect(loaded.notices[0]).toMatch(reason);
      expect(loaded.notices[0]).not.toContain('\n');
      const aside = readdirSync(dir).filter((f) => f.startsWith('2048-4x4.json.corrupt-'));
      expect(aside).toHaveLength(1);
      expect(loaded.notices[0]).toContain(aside[0]);
      expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(bytes);
      expect(existsSync(path)).toBe(false);
    });
  }

  it('move a save of the wrong size aside', () => {
    const dir = tmp();
    save2048(dir, newGame({ size: 5, seed: 1 }), 0);
    writeFileSync(savePath2048(dir, 4), readFileSync(savePath2048(dir, 5)));
    const loaded = load2048(dir, 4);
    expect(loaded.game).toBeNull();
    expect(loaded.notices[0]).toMatch(/size/);
  });
});

describe('stats file', () => {
  it('moves a damaged stats file aside and reports it', () => {
    const dir = tmp();
    writeFileSync(statsPath(dir), '{"kind":"slidebox/stats","version":1,"best2048":{"4":-5}}');
    const r = loadRecords(dir);
    expect(r.records.best2048).toEqual({});
    expect(r.notices[0]).toMatch(/best scores could not be loaded/);
    expect(readdirSync(dir).some((f) => f.startsWith('stats.json.corrupt-'))).toBe(true);
  });

  it('merges updates from two writers, keeping every record', () => {
    const dir = tmp();
    updateRecords(dir, (s) => ({ ...s, best2048: { ...s.best2048, '4': 100 } }));
    updateRecords(dir, (s) => ({ ...s, best2048: { ...s.best2048, '5': 50 } }));
    updateRecords(dir, (s) => ({ ...s, puzzle: { '3': { moves: 22, timeMs: 5000 } } }));
    expect(loadRecords(dir).records).toEqual({
      best2048: { '4': 100, '5': 50 },
      puzzle: { '3': { moves: 22, timeMs: 5000 } },
    });
  });

  it('does not overwrite a damaged stats file while updating (the next load reports it)', () => {
    const dir = tmp();
    writeFileSync(statsPath(dir), 'garbage');
    updateRecords(dir, (s) => ({ ...s, best2048: { '4': 1 } }));
    expect(readFileSync(statsPath(dir), 'utf8')).toBe('garbage');
  });
});
