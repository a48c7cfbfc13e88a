/**
 * The rooms' protocol: codes, actions as texts, the referee's rules for who may act, and the
 * reading of client messages (everything else is refused).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duelPlace, newDuel, whoIs } from '../engine/duel.ts';
import { DIRECTIONS } from '../engine/types.ts';
import { versusMove } from '../engine/versus.ts';
import {
  actionText,
  applyAction,
  applyDealt,
  dealtBy,
  dealtText,
  loggedText,
  newRoomCode,
  previewAction,
  ROOM_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_PROTOCOL,
  type RoomAction,
  type RoomMatch,
  readAction,
  readClientMessage,
  readDealt,
  readLogged,
  readRoomCode,
  replayDealt,
  replayLog,
  type SeededRules,
  startFrom,
  startMatch,
  startOf,
} from './rooms.ts';

/** A match as a player sees it: boards, scores, queues or rounds, whose turn, the winner. */
function seen(m: RoomMatch) {
  if (m.kind === 'duel') {
    const { first, round, phase, rounds, winner, log } = m.duel;
    return {
      cells: m.duel.game.cells,
      score: m.duel.game.score,
      first,
      round,
      phase,
      rounds,
      winner,
      log,
    };
  }
  const { games, queues, winner, over, log } = m.match;
  return {
    cells: games.map((g) => g.cells),
    scores: games.map((g) => g.score),
    queues,
    winner,
    over,
    log,
  };
}

describe('dealing without the seed', () => {
  const versus = (seed: number): SeededRules => ({
    kind: 'versus',
    size: 3,
    seed,
    target: 64,
    attackCap: null,
  });

  it('a client that has the start and each dealt tile follows the seeded match exactly, and the texts carry no more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000_000, max: 2 ** 32 - 1 }),
        fc.array(fc.tuple(fc.constantFrom(0, 1), fc.constantFrom(...DIRECTIONS)), {
          maxLength: 120,
        }),
        (seed, moves) => {
          const rules = versus(seed);
          const truth = startMatch(rules);
          if (!truth.ok) throw new Error(truth.error.message);
          const { seed: _kept, ...open } = rules;
          const client = startFrom(open, startOf(truth.value));
          if (!client.ok) throw new Error(client.error.message);
          let server = truth.value;
          let mine = client.value;
          const texts: string[] = [];
          for (const [side, dir] of moves as [0 | 1, (typeof DIRECTIONS)[number]][]) {
            const next = applyAction(server, side, { kind: 'slide', dir });
            if (!next.ok || next.value === server) continue;
            const text = dealtText(
              { side, action: { kind: 'slide', dir } },
              dealtBy(next.value, side),
            );
            texts.push(text);
            const d = readDealt(text)!;
            expect(d.tile).not.toBe(null);
            const followed = applyDealt(mine, d.side, d.action, d.tile);
            if (!followed.ok) throw new Error(followed.error.message);
            server = next.value;
            mine = followed.value;
            expect(seen(mine)).toEqual(seen(server));
          }
          const replayed = replayDealt(open, startOf(truth.value), texts);
          expect(replayed.ok && seen(replayed.value)).toEqual(seen(server));
          // Nothing in what a client is sent is the seed.
          expect(JSON.stringify([startOf(truth.value), texts])).not.toContain(String(seed));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a dealt tile the rules do not allow, a slide without its tile, and a tile on a duel action', () => {
    const rules = versus(5);
    const truth = startMatch(rules);
    if (!truth.ok || truth.value.kind !== 'versus') throw new Error('versus');
    const { seed: _kept, ...open } = rules;
    const m = startFrom(open, startOf(truth.value));
    if (!m.ok) throw new Error(m.error.message);
    const dir = DIRECTIONS.find((d) => {
      const n = applyAction(truth.value, 0, { kind: 'slide', dir: d });
      return n.ok && n.value !== truth.value;
    })!;
    const slid = applyAction(truth.value, 0, { kind: 'slide', dir });
    if (!slid.ok) throw new Error('slide');
    const tile = dealtBy(slid.value, 0)!;
    const slide = { kind: 'slide', dir } as const;
    expect(applyDealt(m.value, 0, slide, tile).ok).toBe(true);
    expect(applyDealt(m.value, 0, slide, null).ok).toBe(false);
    expect(applyDealt(m.value, 0, slide, { ...tile, value: 8 }).ok).toBe(false);
    // A cell the slide left holding a tile.
    const full = previewAction(m.value, 0, slide);
    if (!full.ok || full.value.kind !== 'versus') throw new Error('preview');
    const cells = full.value.match.games[0].cells;
    const row = cells.findIndex((r) => r.some((v) => v !== 0));
    const col = cells[row]!.findIndex((v) => v !== 0);
    expect(applyDealt(m.value, 0, slide, { at: { row, col }, value: 2 }).ok).toBe(false);
    const duel = startMatch({ kind: 'duel', size: 3, seed: 5, target: null, attackCap: null });
    if (!duel.ok || duel.value.kind !== 'duel') throw new Error('duel');
    const placer = whoIs(duel.value.duel).placer;
    const place = { kind: 'place', row: 0, col: 0, value: 2 } as const;
    expect(applyDealt(duel.value, placer, place, { at: { row: 0, col: 0 }, value: 2 }).ok).toBe(
      false,
    );
    expect(applyDealt(duel.value, placer, place, null).ok).toBe(true);
  });

  it('a duel starts from its first slider alone, and its actions deal nothing', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rules: SeededRules = { kind: 'duel', size: 3, seed, target: null, attackCap: null };
      const truth = startMatch(rules);
      if (!truth.ok || truth.value.kind !== 'duel') throw new Error('duel');
      const start = startOf(truth.value);
      expect(Object.keys(start).sort()).toEqual(['first', 'kind']);
      const { seed: _kept, ...open } = rules;
      const m = startFrom(open, start);
      expect(m.ok && seen(m.value)).toEqual(seen(truth.value));
      const placer = whoIs(truth.value.duel).placer;
      const placed = applyAction(truth.value, placer, { kind: 'place', row: 1, col: 1, value: 4 });
      expect(placed.ok && dealtBy(placed.value, placer)).toBe(null);
    }
  });

  it('reads the texts of dealt actions, and nothing else', () => {
    expect(readDealt('0l/232')).toEqual({
      side: 0,
      action: { kind: 'slide', dir: 'left' },
      tile: { at: { row: 2, col: 3 }, value: 2 },
    });
    expect(readDealt('1u/07128')!.tile).toEqual({ at: { row: 0, col: 7 }, value: 128 });
    expect(readDealt('1p234')).toEqual({
      side: 1,
      action: { kind: 'place', row: 2, col: 3, value: 4 },
      tile: null,
    });
    for (const bad of ['0l/', '0l/23', '0l/2302', '0l/8', '0l/882', '0x/232', '2l/232', 7]) {
      expect(readDealt(bad), String(bad)).toBe(null);
    }
  });
});

describe('room codes', () => {
  it('are drawn from letters and digits that cannot be mistaken for others', () => {
    for (const c of ['0', 'O', '1', 'I', 'L', '5', 'S', '8', 'B', '2', 'Z', 'U', 'V']) {
      expect(ROOM_ALPHABET).not.toContain(c);
    }
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const code = newRoomCode();
      expect(code).toHaveLength(ROOM_CODE_LENGTH);
      expect([...code].every((c) => ROOM_ALPHABET.includes(c))).toBe(true);
      seen.add(code);
    }
    expect(seen.size).toBe(500);
  });

  it('are read as typed or pasted: lower case, spaces, dashes, a link', () => {
    const code = newRoomCode();
    for (const typed of [
      code,
      code.toLowerCase(),
      ` ${code.slice(0, 3)}-${code.slice(3)} `,
      `http://127.0.0.1:8080/#room=${code}`,
      `https://example.org/app/#room=${code.toLowerCase()}&x=1`,
    ]) {
      expect(readRoomCode(typed)).toEqual({ ok: true, value: code });
    }
    for (const bad of ['', 'ACDE', 'ACDEFGHJ', 'ACDEF0H', '#room=', 42, null, '#room=%E0%A4%A']) {
      const r = readRoomCode(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/room code/);
    }
  });
});

describe('actions as texts', () => {
  it('round-trip every slide and placement', () => {
    const all: RoomAction[] = [
      ...DIRECTIONS.map((dir) => ({ kind: 'slide' as const, dir })),
      { kind: 'place', row: 0, col: 7, value: 2 },
      { kind: 'place', row: 7, col: 0, value: 4 },
    ];
    for (const a of all) {
      expect(readAction(actionText(a))).toEqual(a);
      for (const side of [0, 1] as const)
        expect(readLogged(loggedText({ side, action: a }))).toEqual({ side, action: a });
    }
    for (const bad of ['', 'x', 'p', 'p00', 'p008', 'p0a2', 'p802', 'lu', 'L', 7, null]) {
      expect(readAction(bad)).toBe(null);
    }
    for (const bad of ['2l', 'l', '0', '0x', '01']) expect(readLogged(bad)).toBe(null);
  });
});

describe('the referee', () => {
  const duelRules = { kind: 'duel' as const, size: 4, seed: 5, target: null, attackCap: null };
  const versusRules = { kind: 'versus' as const, size: 4, seed: 5, target: 512, attackCap: null };

  it('lets only the player whose turn it is act in a duel, in their role', () => {
    const start = startMatch(duelRules);
    if (!start.ok || start.value.kind !== 'duel') throw new Error('a duel');
    const turn = whoIs(start.value.duel);
    const place: RoomAction = { kind: 'place', row: 0, col: 0, value: 2 };
    const wrong = applyAction(start.value, turn.slider, place);
    expect(!wrong.ok && wrong.error.code).toBe('not-your-turn');
    const slide = applyAction(start.value, turn.placer, { kind: 'slide', dir: 'left' });
    expect(!slide.ok && slide.error.code).toBe('not-your-turn');
    const placed = applyAction(start.value, turn.placer, place);
    if (!placed.ok || placed.value.kind !== 'duel') throw new Error('placed');
    const twice = applyAction(placed.value, turn.placer, place);
    expect(!twice.ok && twice.error.code).toBe('illegal');
    // The engine's own duel after the same placement.
    const engine = newDuel({ seed: 5 });
    if (!engine.ok) throw new Error('duel');
    const own = duelPlace(engine.value, { row: 0, col: 0 }, 2);
    expect(own.ok && own.value).toEqual(placed.value.duel);
  });

  it('refuses a placement in versus and returns the same match for a move that changes nothing', () => {
    const start = startMatch(versusRules);
    if (!start.ok) throw new Error('versus');
    const r = applyAction(start.value, 0, { kind: 'place', row: 0, col: 0, value: 2 });
    expect(!r.ok && r.error.code).toBe('bad-action');
    // Over the start boards of many seeds, a slide that moves nothing gives the same match (as
    // the engine's versusMove does), and any other slide the engine's next match.
    let unchanged = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = startMatch({ ...versusRules, seed });
      if (!s.ok || s.value.kind !== 'versus') throw new Error('versus');
      const match = s.value.match;
      for (const dir of DIRECTIONS) {
        const m = applyAction(s.value, 0, { kind: 'slide', dir });
        const engine = versusMove(match, 0, dir);
        if (!m.ok || !engine.ok) throw new Error('a slide');
        expect(m.value === s.value).toBe(engine.value === match);
        if (m.value === s.value) unchanged++;
        else expect(m.value.kind === 'versus' && m.value.match).toEqual(engine.value);
      }
    }
    expect(unchanged).toBeGreaterThan(0);
  });

  it('replays a log to the match the actions made, and refuses one that changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(0, 1), fc.constantFrom(...DIRECTIONS)), {
          maxLength: 60,
        }),
        (moves) => {
          const start = startMatch(versusRules);
          if (!start.ok) throw new Error('versus');
          let m = start.value;
          const log = [];
          for (const [side, dir] of moves) {
            const next = applyAction(m, side as 0 | 1, { kind: 'slide', dir });
            if (!next.ok || next.value === m) continue;
            m = next.value;
            log.push({ side: side as 0 | 1, action: { kind: 'slide' as const, dir } });
          }
          const again = replayLog(versusRules, log);
          expect(again.ok && again.value).toEqual(m);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('client messages', () => {
  it('are read when they are exactly the protocol, and refused otherwise', () => {
    const good = [
      { type: 'hello', protocol: ROOM_PROTOCOL, room: 'ACDEFGH' },
      {
        type: 'hello',
        protocol: ROOM_PROTOCOL,
        room: 'ACDEFGH',
        seat: 'x'.repeat(43),
        name: 'Ada',
        watch: false,
      },
      { type: 'act', id: 1, a: 'l' },
      { type: 'act', id: 2 ** 40, a: 'p332' },
      { type: 'rematch' },
    ];
    for (const m of good) expect(readClientMessage(JSON.stringify(m))).toEqual(m);
    const bad = [
      'null',
      '[]',
      '"hello"',
      '{',
      JSON.stringify({ type: 'hello' }),
      // A client of another protocol version (one that expects the seed, say).
      JSON.stringify({ type: 'hello', room: 'ACDEFGH' }),
      JSON.stringify({ type: 'hello', protocol: ROOM_PROTOCOL - 1, room: 'ACDEFGH' }),
      JSON.stringify({ type: 'hello', protocol: String(ROOM_PROTOCOL), room: 'ACDEFGH' }),
      JSON.stringify({ type: 'hello', room: 1 }),
      JSON.stringify({ type: 'hello', room: 'A', seat: 1 }),
      JSON.stringify({ type: 'hello', room: 'A', watch: 'yes' }),
      JSON.stringify({ type: 'hello', room: 'A', admin: true }),
      JSON.stringify({ type: 'act', id: 0, a: 'l' }),
      JSON.stringify({ type: 'act', id: -1, a: 'l' }),
      JSON.stringify({ type: 'act', id: '1', a: 'l' }),
      JSON.stringify({ type: 'act', id: 1, a: 'left' }),
      JSON.stringify({ type: 'act', id: 1, a: 'l', side: 1 }),
      JSON.stringify({ type: 'rematch', now: true }),
      JSON.stringify({ type: 'state' }),
    ];
    for (const text of bad) expect(readClientMessage(text), text).toBe(null);
  });
});
