import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../storage/keyValue.ts';
import { forgetSeat, loadSeat, SEAT_ROOMS_KEY, SEATS_KEPT, saveSeat, seatKey } from './seats.ts';

function memoryStore(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  const store: KeyValueStore = {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
  return { map, store };
}

const token = (n: number) => `t${String(n).padStart(42, '0')}`;
const code = (n: number) => `ROOM${String(n).padStart(3, '0')}`;

describe('seat tokens kept in the browser', () => {
  it('keeps a room’s token under slidebox:seat:CODE and reads it back', () => {
    const { map, store } = memoryStore();
    expect(loadSeat(store, 'ACDE479')).toBeNull();
    expect(saveSeat(store, 'ACDE479', token(1))).toBeNull();
    expect(JSON.parse(map.get('slidebox:seat:ACDE479')!)).toBe(token(1));
    expect(loadSeat(store, 'ACDE479')).toBe(token(1));
    expect(JSON.parse(map.get(SEAT_ROOMS_KEY)!)).toEqual(['ACDE479']);
  });

  it('reads anything that is not a token as no token', () => {
    for (const bad of ['"short"', 'not json', '42', `"${'x'.repeat(20)} ${'y'.repeat(20)}"`]) {
      const { store } = memoryStore({ [seatKey('ACDE479')]: bad });
      expect(loadSeat(store, 'ACDE479'), bad).toBeNull();
    }
  });

  it(`keeps the newest ${SEATS_KEPT} rooms: a room saved again becomes the newest`, () => {
    const { map, store } = memoryStore();
    for (let i = 0; i < SEATS_KEPT; i++) saveSeat(store, code(i), token(i));
    // Room 0 is used again: room 1 is now the oldest.
    saveSeat(store, code(0), token(100));
    saveSeat(store, code(SEATS_KEPT), token(SEATS_KEPT));
    expect(loadSeat(store, code(1))).toBeNull();
    expect(map.has(seatKey(code(1)))).toBe(false);
    expect(loadSeat(store, code(0))).toBe(token(100));
    expect(loadSeat(store, code(SEATS_KEPT))).toBe(token(SEATS_KEPT));
    const list = JSON.parse(map.get(SEAT_ROOMS_KEY)!) as string[];
    expect(list).toHaveLength(SEATS_KEPT);
    expect(list.slice(-2)).toEqual([code(0), code(SEATS_KEPT)]);
    expect([...map.keys()].filter((k) => k.startsWith('slidebox:seat:'))).toHaveLength(SEATS_KEPT);
  });

  it('starts the list again when it is unreadable, and forgets a room’s seat', () => {
    const { map, store } = memoryStore({ [SEAT_ROOMS_KEY]: '{"not":"a list"}' });
    saveSeat(store, 'ACDE479', token(1));
    saveSeat(store, 'ACDE47A', token(2));
    forgetSeat(store, 'ACDE479');
    expect(loadSeat(store, 'ACDE479')).toBeNull();
    expect(JSON.parse(map.get(SEAT_ROOMS_KEY)!)).toEqual(['ACDE47A']);
  });

  it('says so when the browser refuses to keep the seat', () => {
    const store: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(saveSeat(store, 'ACDE479', token(1))).toBe(
      'This browser would not keep your seat: if the page is closed, the seat cannot be taken back.',
    );
  });
});
