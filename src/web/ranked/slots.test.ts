import { describe, expect, it } from 'vitest';
import { ranked2048 } from '../../testing/rankedBoards.ts';
import { type KeyValueStore, memoryStore } from '../storage/keyValue.ts';
import {
  clearSlot,
  inPlay,
  type KeptRanked,
  parseKept,
  readSlot,
  slotHash,
  slotKey,
  slotOf,
  slotOfHash,
  writeSlot,
} from './slots.ts';

const BOARD = ranked2048([
  [2, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 2, 0],
  [0, 0, 0, 0],
]);

const KEPT: KeptRanked = {
  id: 'g1',
  token: 't'.repeat(40),
  kind: '2048',
  daily: false,
  size: 4,
  target: 2048,
  keepMs: 600_000,
  result: null,
  board: BOARD,
};

describe('ranked slots', () => {
  it('names a slot per kind of ranked game, and the screen of each', () => {
    expect(slotOf('2048', false)).toBe('2048');
    expect(slotOf('puzzle', true)).toBe('daily-puzzle');
    expect(slotHash('daily-2048')).toBe('ranked-daily-2048');
    expect(slotOfHash('ranked-puzzle')).toBe('puzzle');
    expect(slotOfHash('ranked-daily-2048')).toBe('daily-2048');
    expect(slotOfHash('ranked-chess')).toBeNull();
    expect(slotOfHash('2048')).toBeNull();
    expect(slotKey('puzzle')).toBe('slidebox:ranked:puzzle');
  });

  it('keeps a game in its slot, reads it back, and forgets it', () => {
    const kv = memoryStore();
    expect(readSlot(kv, '2048')).toBeNull();
    expect(writeSlot(kv, KEPT)).toBeNull();
    expect(kv.map.has('slidebox:ranked:2048')).toBe(true);
    expect(readSlot(kv, '2048')).toEqual(KEPT);
    expect(readSlot(kv, 'daily-2048')).toBeNull();
    const daily = { ...KEPT, id: 'd1', daily: true };
    writeSlot(kv, daily);
    expect(readSlot(kv, 'daily-2048')).toEqual(daily);
    clearSlot(kv, '2048');
    expect(readSlot(kv, '2048')).toBeNull();
    expect(readSlot(kv, 'daily-2048')).toEqual(daily);
  });

  it('is in play until the game has a result', () => {
    expect(inPlay(null)).toBe(false);
    expect(inPlay(KEPT)).toBe(true);
    const result = {
      code: 'C',
      entry: null,
      why: 'a game left with no move',
      reason: 'left' as const,
    };
    expect(inPlay({ ...KEPT, result })).toBe(false);
    expect(parseKept(JSON.parse(JSON.stringify({ ...KEPT, result })))?.result).toEqual(result);
    // A ranked daily's result, its code withheld while its day lasts.
    const daily = { ...result, code: null, codeAt: '2026-11-28T00:00:00.000Z' };
    const kept = { ...KEPT, daily: true, result: daily };
    expect(parseKept(JSON.parse(JSON.stringify(kept)))?.result).toEqual(daily);
    expect(inPlay(kept)).toBe(false);
  });

  it.each([
    ['not an object', 'text'],
    ['null', null],
    ['no id', { ...KEPT, id: '' }],
    ['no token', { ...KEPT, token: 7 }],
    ['another kind', { ...KEPT, kind: 'chess' }],
    ['daily not a flag', { ...KEPT, daily: 'yes' }],
    ['a size that is not a number', { ...KEPT, size: '4' }],
    ['a target that is text', { ...KEPT, target: '2048' }],
    ['no keeping time', { ...KEPT, keepMs: undefined }],
  ])('reads no game from a slot holding %s', (_name, data) => {
    expect(parseKept(data)).toBeNull();
  });

  it('drops a kept board without the fields of one, and a result that is not one', () => {
    expect(parseKept({ ...KEPT, board: { ...BOARD, cells: null } })?.board).toBeNull();
    expect(parseKept({ ...KEPT, board: { ...BOARD, over: 'no' } })?.board).toBeNull();
    expect(parseKept({ ...KEPT, board: 'board' })?.board).toBeNull();
    expect(parseKept({ ...KEPT, result: { code: 3 } })?.result).toBeNull();
    const puzzle = { ...BOARD, kind: 'puzzle', cells: null, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] };
    expect(parseKept({ ...KEPT, kind: 'puzzle', target: null, board: puzzle })?.board).toEqual(
      puzzle,
    );
  });

  it('reads no game from a store that refuses, or from data that is not JSON', () => {
    const kv = memoryStore();
    kv.map.set('slidebox:ranked:2048', '{not json');
    expect(readSlot(kv, '2048')).toBeNull();
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
      },
      removeItem: () => {},
    };
    expect(readSlot(refusing, '2048')).toBeNull();
    expect(writeSlot(refusing, KEPT)).toMatch(
      /^Could not save in this browser \(QuotaExceededError\)/,
    );
  });
});
