import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { duelPlace, newDuel } from '../engine/duel.ts';
import { newVersus, versusMove } from '../engine/versus.ts';
import { initialModelDuel } from '../front/modelDuel.ts';
import { initialModelVersus } from '../front/modelVersus.ts';
import { tempDir } from '../testing/tempDir.ts';
import {
  duelPath,
  loadDuelSession,
  loadVersusSession,
  saveDuelSession,
  saveVersusSession,
  versusPath,
} from './storeMatches.ts';

function unwrapOk<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('versus and duel sessions on disk', () => {
  it('a versus match and its opponent come back as they were', () => {
    const dir = tempDir();
    let match = unwrapOk(newVersus({ seed: 4, target: 256, attackCap: 8 }));
    for (const [side, dir2] of [
      [0, 'left'],
      [1, 'up'],
      [0, 'down'],
    ] as const) {
      match = unwrapOk(versusMove(match, side, dir2));
    }
    saveVersusSession(dir, initialModelVersus(match, { kind: 'ai', level: 'hard' }));
    const back = loadVersusSession(dir);
    expect(back.notices).toEqual([]);
    expect(back.value?.opponent).toEqual({ kind: 'ai', level: 'hard' });
    expect(back.value?.match.games.map((g) => g.cells)).toEqual(match.games.map((g) => g.cells));
    expect(back.value?.match.rules).toEqual(match.rules);
  });

  it('a duel and its players come back as they were', () => {
    const dir = tempDir();
    const duel = unwrapOk(duelPlace(unwrapOk(newDuel({ seed: 2 })), { row: 1, col: 2 }, 4));
    saveDuelSession(dir, initialModelDuel(duel, ['ai', 'human']));
    const back = loadDuelSession(dir);
    expect(back.value?.players).toEqual(['ai', 'human']);
    expect(back.value?.duel.game.cells).toEqual(duel.game.cells);
  });

  it('a damaged file is moved aside with a notice, and nothing is resumed', () => {
    const dir = tempDir();
    writeFileSync(
      versusPath(dir),
      '{"kind":"slidebox/versus-session","opponent":{"kind":"ai","level":"godlike"}}',
    );
    writeFileSync(duelPath(dir), 'not json');
    const v = loadVersusSession(dir);
    const d = loadDuelSession(dir);
    expect(v.value).toBeNull();
    expect(v.notices.join()).toMatch(
      /could not be loaded \(its opponent is not a player or an AI level\)/,
    );
    expect(d.value).toBeNull();
    expect(d.notices).toHaveLength(1);
    expect(existsSync(versusPath(dir))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toHaveLength(2);
  });

  it('no file: nothing to resume, no notice', () => {
    const dir = tempDir();
    expect(loadVersusSession(dir)).toEqual({ value: null, notices: [] });
    expect(loadDuelSession(dir)).toEqual({ value: null, notices: [] });
  });
});
