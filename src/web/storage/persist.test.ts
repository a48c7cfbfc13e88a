import { describe, expect, it } from 'vitest';
import { newGame, play } from '../../engine/game2048.ts';
import { moveTile, newPuzzle, resumeClock } from '../../engine/puzzle.ts';
import { serializeGame } from '../../engine/save2048.ts';
import { playPlaced } from '../../engine/spawn.ts';
import { EMPTY_RECORDS, raiseBest2048, recordSolve } from '../../front/records.ts';
import { memoryStore } from './keyValue.ts';
import {
  KEYS,
  type KeyValueStore,
  load2048,
  loadPicture,
  loadPuzzle,
  loadRecords,
  loadSettings,
  parseStoredRecords,
  save2048,
  savedMarks2048,
  savePuzzle,
  saveRecords,
  saveSettings,
} from './persist.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

/** A store whose every call throws, as a browser with storage disabled does. */
const broken: KeyValueStore = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('2048 saves', () => {
  it('round-trips a game with its undo history through the engine parser', () => {
    const s = memoryStore();
    let g = newGame({ size: 5, seed: 3 });
    for (const d of ['left', 'up', 'right', 'down', 'left'] as const) g = play(g, d);
    expect(save2048(s, g)).toBeNull();
    const back = load2048(s, 5);
    expect(back.notice).toBeNull();
    expect(back.value?.cells).toEqual(g.cells);
    expect(back.value?.score).toBe(g.score);
    expect(back.value?.previous?.cells).toEqual(g.previous?.cells);
  });

  it('gives nothing and no notice when there is no save', () => {
    expect(load2048(memoryStore(), 4)).toEqual({ value: null, notice: null });
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON of another kind', '{"kind":"chess","version":1}'],
    ['a tampered score', null],
    ['an array', '[1,2,3]'],
  ])('drops %s with one sentence', (_name, text) => {
    const s = memoryStore();
    let data = text;
    if (data === null) {
      const saved = serializeGame(play(newGame({ seed: 9 }), 'left'));
      data = JSON.stringify({ ...saved, end: { ...saved.end, score: 999999 } });
    }
    s.setItem(KEYS.game2048(4), data);
    const r = load2048(s, 4);
    expect(r.value).toBeNull();
    expect(r.notice).toMatch(
      /^The saved 4×4 2048 game could not be restored \(.+\), so a new game has started\.$/,
    );
    // The damaged entry is gone, so the notice is shown once.
    expect(s.map.has(KEYS.game2048(4))).toBe(false);
  });

  it('refuses a save filed under the wrong size', () => {
    const s = memoryStore();
    s.setItem(KEYS.game2048(4), JSON.stringify(serializeGame(newGame({ size: 3, seed: 1 }))));
    expect(load2048(s, 4).notice).toMatch(/board size does not match/);
  });

  it('never throws when the browser refuses storage', () => {
    expect(load2048(broken, 4).notice).toMatch(/refused/);
    expect(save2048(broken, newGame({ seed: 1 }))).toMatch(
      /^Could not save in this browser \(QuotaExceededError\)/,
    );
    expect(loadSettings(broken).value).toEqual(DEFAULT_SETTINGS);
    expect(loadRecords(broken).value).toEqual(EMPTY_RECORDS);
  });
});

describe('puzzle saves', () => {
  it('round-trips a game; the clock comes back paused with its time', () => {
    const s = memoryStore();
    let p = newPuzzle({ width: 3, seed: 4 });
    const movable = p.tiles.find((_, i) => {
      const b = p.tiles.indexOf(0);
      return (
        Math.abs(i - b) === 3 || (Math.abs(i - b) === 1 && Math.floor(i / 3) === Math.floor(b / 3))
      );
    })!;
    p = moveTile(p, movable, 1000);
    expect(savePuzzle(s, p, 6000)).toBeNull();
    const back = loadPuzzle(s, 3);
    expect(back.value?.tiles).toEqual(p.tiles);
    expect(back.value?.clock.paused).toBe(true);
    expect(back.value?.clock.elapsedMs).toBe(5000);
    expect(resumeClock(back.value!, 0).clock.paused).toBe(false);
  });

  it('drops a damaged puzzle with one sentence', () => {
    const s = memoryStore();
    s.setItem(KEYS.puzzle(4), '{"kind":"slidebox/puzzle","version":1,"width":4,"start":[1,1]}');
    const r = loadPuzzle(s, 4);
    expect(r.value).toBeNull();
    expect(r.notice).toMatch(
      /^The saved 4×4 puzzle could not be restored \(.+\), so a new puzzle has started\.$/,
    );
  });
});

describe('settings', () => {
  it('round-trips', () => {
    const s = memoryStore();
    const mine = {
      ...DEFAULT_SETTINGS,
      game: 'puzzle' as const,
      width: 5,
      picture: 'builtin' as const,
    };
    saveSettings(s, mine);
    expect(loadSettings(s)).toEqual({ value: mine, notice: null });
  });

  it('keeps the good fields of partly bad settings and says which were reset', () => {
    const s = memoryStore();
    s.setItem(
      KEYS.settings,
      JSON.stringify({
        kind: 'slidebox/web-settings',
        version: 1,
        game: 'puzzle',
        size: 99,
        target: 3,
      }),
    );
    const r = loadSettings(s);
    expect(r.value.game).toBe('puzzle');
    expect(r.value.size).toBe(DEFAULT_SETTINGS.size);
    expect(r.notice).toMatch(/size, target/);
  });
});

describe('settings of versus, duel and spawns', () => {
  it('settings saved before these fields existed load quietly with their defaults', () => {
    const s = memoryStore();
    const old: Record<string, unknown> = { kind: 'slidebox/web-settings', version: 1 };
    for (const k of ['game', 'size', 'target', 'width', 'picture', 'numbers', 'speed'] as const) {
      old[k] = DEFAULT_SETTINGS[k];
    }
    old.size = 5;
    s.setItem(KEYS.settings, JSON.stringify(old));
    expect(loadSettings(s)).toEqual({ value: { ...DEFAULT_SETTINGS, size: 5 }, notice: null });
  });

  it('keeps chosen values and resets bad ones with a notice naming them', () => {
    const s = memoryStore();
    const mine = {
      ...DEFAULT_SETTINGS,
      game: 'duel' as const,
      spawns: 'evil' as const,
      versusOpponent: 'hard' as const,
      versusTarget: 128,
      versusCap: 8,
      duelSlider: 'ai' as const,
      duelPlacer: 'human' as const,
    };
    saveSettings(s, mine);
    expect(loadSettings(s)).toEqual({ value: mine, notice: null });
    s.setItem(
      KEYS.settings,
      JSON.stringify({ ...JSON.parse(s.getItem(KEYS.settings)!), versusCap: 7, spawns: 'mean' }),
    );
    const r = loadSettings(s);
    expect(r.value).toEqual({ ...mine, versusCap: 0, spawns: 'natural' });
    expect(r.notice).toBe(
      'Settings were reset: some saved settings were invalid (spawns, versusCap).',
    );
  });
});

describe('settings of the puzzle’s controls, relays and marathons', () => {
  it('keeps the hover control, inverted arrows, the relay’s size and the marathon’s count', () => {
    const s = memoryStore();
    const mine = {
      ...DEFAULT_SETTINGS,
      puzzleControl: 'hover' as const,
      puzzleInvert: true,
      relayUpTo: 7,
      marathonCount: 25,
    };
    saveSettings(s, mine);
    expect(loadSettings(s)).toEqual({ value: mine, notice: null });
  });

  it('defaults to clicks, arrows sliding tiles, a relay to 5×5 and a marathon of 10', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      puzzleControl: 'click',
      puzzleInvert: false,
      relayUpTo: 5,
      marathonCount: 10,
    });
  });

  it('resets bad values with a notice naming them', () => {
    const s = memoryStore();
    saveSettings(s, DEFAULT_SETTINGS);
    const saved = JSON.parse(s.getItem(KEYS.settings)!);
    const bad = { ...saved, puzzleControl: 'drag', relayUpTo: 3, marathonCount: 1000 };
    s.setItem(KEYS.settings, JSON.stringify(bad));
    const r = loadSettings(s);
    expect(r.value).toEqual(DEFAULT_SETTINGS);
    expect(r.notice).toBe(
      'Settings were reset: some saved settings were invalid (puzzleControl, relayUpTo, marathonCount).',
    );
  });
});

describe('2048 with evil spawns', () => {
  it('is saved apart from the natural game and needs the placer to load', () => {
    const s = memoryStore();
    // A stand-in placer: the first empty cell, a 2 (the engine replays whatever it chooses).
    const place = (cells: readonly (readonly number[])[]) => {
      for (let row = 0; row < cells.length; row++) {
        const col = cells[row]!.indexOf(0);
        if (col >= 0) return { at: { row, col }, value: 2 };
      }
      return null;
    };
    let g = newGame({ size: 4, seed: 8 });
    for (const d of ['left', 'up'] as const) g = playPlaced(g, d, place);
    expect(save2048(s, g, true)).toBeNull();
    expect([...s.map.keys()]).toEqual([KEYS.game2048(4, true)]);
    expect(load2048(s, 4)).toEqual({ value: null, notice: null });
    const back = load2048(s, 4, place);
    expect(back.notice).toBeNull();
    expect(back.value?.cells).toEqual(g.cells);
  });
});

describe('the marks kept with a saved 2048 game', () => {
  it('whether the AI helped and whether the game is in the history already', () => {
    const s = memoryStore();
    const g = play(newGame({ seed: 3 }), 'left');
    const key = KEYS.game2048(4, false);
    expect(savedMarks2048(s, key, g)).toEqual({ assisted: false, recorded: false });
    save2048(s, g, false, key, { assisted: true, recorded: true });
    expect(JSON.parse(s.map.get(key)!)).toMatchObject({ assisted: true, recorded: true });
    expect(savedMarks2048(s, key, g)).toEqual({ assisted: true, recorded: true });
    save2048(s, g, false, key, { assisted: false, recorded: false });
    expect(JSON.parse(s.map.get(key)!)).not.toHaveProperty('recorded');
    expect(savedMarks2048(s, key, g)).toEqual({ assisted: false, recorded: false });
    // Junk in the fields is not a mark.
    s.map.set(key, JSON.stringify({ ...serializeGame(g), assisted: 'yes', recorded: 1 }));
    expect(savedMarks2048(s, key, g)).toEqual({ assisted: false, recorded: false });
  });
});

describe('records', () => {
  it('raises the best 2048 score only when beaten', () => {
    const b = raiseBest2048(EMPTY_RECORDS, 4, 100);
    expect(b.best2048).toEqual({ '4': 100 });
    expect(raiseBest2048(b, 4, 50)).toBe(b);
  });

  it('records fewest moves and fastest time separately', () => {
    const first = recordSolve(EMPTY_RECORDS, 3, 30, 20_000.4);
    expect(first).toMatchObject({ movesRecord: true, timeRecord: true });
    expect(first.records.puzzle['3']).toMatchObject({ moves: 30, timeMs: 20_000 });
    const slower = recordSolve(first.records, 3, 25, 40_000);
    expect(slower).toMatchObject({ movesRecord: true, timeRecord: false });
    expect(slower.records.puzzle['3']).toMatchObject({ moves: 25, timeMs: 20_000 });
    const worse = recordSolve(slower.records, 3, 40, 50_000);
    expect(worse).toMatchObject({ movesRecord: false, timeRecord: false });
  });

  it('round-trips and rejects bad tables', () => {
    const s = memoryStore();
    const b = recordSolve(raiseBest2048(EMPTY_RECORDS, 5, 1234), 4, 80, 61_000).records;
    saveRecords(s, b);
    expect(loadRecords(s)).toEqual({ value: b, notice: null });
    s.setItem(KEYS.bests, 'null');
    expect(loadRecords(s).notice).toBe(
      'Your records could not be read (not an object) and were reset.',
    );
  });

  it('reads records saved by earlier versions, and saves them byte for byte the same', () => {
    const s = memoryStore();
    const before =
      '{"kind":"slidebox/web-bests","version":1,"best2048":{"4":2048},"puzzle":{"3":{"moves":22,"timeMs":5000}}}';
    s.setItem('slidebox:bests', before);
    const loaded = loadRecords(s);
    expect(loaded).toEqual({
      value: { best2048: { '4': 2048 }, puzzle: { '3': { moves: 22, timeMs: 5000 } } },
      notice: null,
    });
    s.map.clear();
    expect(saveRecords(s, loaded.value)).toBeNull();
    expect([...s.map]).toEqual([['slidebox:bests', before]]);
  });

  it.each([
    ['not an object', null, 'not an object'],
    ['another kind', { kind: 'x', version: 1 }, 'not slidebox records'],
    ['a later version', { kind: 'slidebox/web-bests', version: 2 }, 'not slidebox records'],
    ['no tables', { kind: 'slidebox/web-bests', version: 1 }, 'the tables are missing'],
    [
      'a bad size',
      { kind: 'slidebox/web-bests', version: 1, best2048: { '9': 5 }, puzzle: {} },
      'its best score for size 9 is invalid',
    ],
    [
      'a bad puzzle record',
      { kind: 'slidebox/web-bests', version: 1, best2048: {}, puzzle: { '4': { moves: -1 } } },
      'its puzzle record for size 4 is invalid',
    ],
  ])('refuses %s with a bad-records problem', (_name, data, message) => {
    expect(parseStoredRecords(data)).toEqual({
      ok: false,
      error: { code: 'bad-records', message },
    });
    const s = memoryStore();
    s.setItem(KEYS.bests, JSON.stringify(data));
    expect(loadRecords(s)).toEqual({
      value: EMPTY_RECORDS,
      notice: `Your records could not be read (${message}) and were reset.`,
    });
    expect(s.map.has(KEYS.bests)).toBe(false);
  });
});

describe('picture', () => {
  it('accepts only image data URLs', () => {
    const s = memoryStore();
    s.setItem(KEYS.picture, JSON.stringify('data:image/jpeg;base64,AAAA'));
    expect(loadPicture(s)).toBe('data:image/jpeg;base64,AAAA');
    s.setItem(KEYS.picture, JSON.stringify('javascript:alert(1)'));
    expect(loadPicture(s)).toBeNull();
    s.setItem(KEYS.picture, JSON.stringify('data:image/svg+xml;base64,AAAA'));
    expect(loadPicture(s)).toBeNull();
  });
});
