import { describe, expect, it } from 'vitest';
import { duelPlace, newDuel } from '../../engine/duel.ts';
import { legalMoves } from '../../engine/game2048.ts';
import { newVersus, versusMove } from '../../engine/versus.ts';
import { initialModelDuel } from '../../front/modelDuel.ts';
import { initialModelVersus } from '../../front/modelVersus.ts';
import { EMPTY_RECORDS } from '../../front/records.ts';
import { memoryStore } from './keyValue.ts';
import { KEYS, type KeyValueStore, loadRecords } from './persist.ts';
import { loadDuel, loadVersus, saveVersus, webStoreDuel, webStoreVersus } from './persistMatch.ts';

function playedMatch() {
  const r = newVersus({ seed: 21, target: 128, attackCap: 8 });
  if (!r.ok) throw new Error(r.error.message);
  let m = r.value;
  for (let i = 0; i < 12; i++) {
    const side = (i % 2) as 0 | 1;
    const dir = legalMoves(m.games[side].cells as number[][])[0]!;
    const next = versusMove(m, side, dir);
    if (!next.ok) throw new Error(next.error.message);
    m = next.value;
  }
  return m;
}

describe('versus in the browser', () => {
  it('keeps the match and its opponent through a save and a load (replayed by the engine)', () => {
    const kv = memoryStore();
    const match = playedMatch();
    const model = initialModelVersus(match, { kind: 'ai', level: 'hard' });
    expect(saveVersus(kv, model)).toBeNull();
    const back = loadVersus(kv);
    expect(back.notice).toBeNull();
    expect(back.value?.opponent).toEqual({ kind: 'ai', level: 'hard' });
    expect(back.value?.match.games.map((g) => g.cells)).toEqual(match.games.map((g) => g.cells));
    expect(back.value?.match.queues).toEqual(match.queues);
    expect(back.value?.match.rules).toEqual(match.rules);
  });

  it.each([
    ['not JSON', '{nope'],
    ['another kind', JSON.stringify({ kind: 'slidebox/duel-session' })],
    ['an unknown opponent', JSON.stringify({ kind: 'slidebox/versus-session', opponent: 'x' })],
  ])('drops a saved match that is %s, with a sentence saying so', (_what, text) => {
    const kv = memoryStore();
    kv.setItem(KEYS.versus, text);
    const back = loadVersus(kv);
    expect(back.value).toBeNull();
    expect(back.notice).toMatch(
      /^The saved versus match could not be restored \(.+\), so a new match has started\.$/,
    );
    expect(kv.map.has(KEYS.versus)).toBe(false);
  });

  it('a tampered log is refused: the end it claims is checked on replay', () => {
    const kv = memoryStore();
    saveVersus(kv, initialModelVersus(playedMatch(), { kind: 'human' }));
    const data = JSON.parse(kv.getItem(KEYS.versus)!);
    data.match.end.scores = [99999, 0];
    kv.setItem(KEYS.versus, JSON.stringify(data));
    expect(loadVersus(kv).value).toBeNull();
  });

  it('counts results by opponent in the shared records, read back by loadRecords', () => {
    const kv = memoryStore();
    const box = { value: EMPTY_RECORDS };
    const store = webStoreVersus(kv, box);
    expect(store.recordResult('ai-easy', 'win')).toEqual({
      ok: true,
      value: { wins: 1, losses: 0, draws: 0 },
    });
    store.recordResult('ai-easy', 'loss');
    store.recordResult('human', 'draw');
    expect(loadRecords(kv).value.versus).toEqual({
      'ai-easy': { wins: 1, losses: 1, draws: 0 },
      human: { wins: 0, losses: 0, draws: 1 },
    });
  });

  it('a browser that refuses to save says so as a sentence, and play goes on', () => {
    const full: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    const r = webStoreVersus(full, { value: EMPTY_RECORDS }).saveMatch!(
      initialModelVersus(playedMatch(), { kind: 'human' }),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^Could not save in this browser/);
  });
});

describe('duel in the browser', () => {
  it('keeps a duel mid-round with who plays, and the best round as slider', () => {
    const kv = memoryStore();
    const d0 = newDuel({ seed: 3 });
    if (!d0.ok) throw new Error(d0.error.message);
    const placed = duelPlace(d0.value, { row: 1, col: 2 }, 4);
    if (!placed.ok) throw new Error(placed.error.message);
    const box = { value: EMPTY_RECORDS };
    const store = webStoreDuel(kv, box);
    expect(store.saveDuel!(initialModelDuel(placed.value, ['human', 'ai'])).ok).toBe(true);
    const back = loadDuel(kv);
    expect(back.value?.players).toEqual(['human', 'ai']);
    expect(back.value?.duel.game.cells).toEqual(placed.value.game.cells);
    expect(back.value?.duel.phase).toBe(placed.value.phase);
    expect(store.recordRound(120)).toEqual({ ok: true, value: { best: 120, newBest: true } });
    expect(store.recordRound(80)).toEqual({ ok: true, value: { best: 120, newBest: false } });
    expect(loadRecords(kv).value.duelBest).toBe(120);
  });

  it('drops a damaged duel with a sentence', () => {
    const kv = memoryStore();
    kv.setItem(KEYS.duel, JSON.stringify({ kind: 'slidebox/duel-session', players: ['ai'] }));
    expect(loadDuel(kv)).toEqual({
      value: null,
      notice:
        'The saved duel could not be restored (its players are not people or the AI), so a new duel has started.',
    });
  });
});
