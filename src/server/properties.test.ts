/**
 * Properties of `slidebox serve`'s API, on SQLite and on a real PostgreSQL (fast-check): every
 * random legal game of a ranked kind and size is stored with exactly the figures of the engine
 * and listed; every one-character change of a valid code is refused and stores nothing; the
 * figures a body claims are ignored; codes of kinds that are not ranked are refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duelSlide, newDuel } from '../engine/duel.ts';
import { maxTile } from '../engine/game2048.ts';
import {
  encodeShared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../engine/shareCode.ts';
import { DIRECTIONS } from '../engine/types.ts';
import { verifyCode } from '../engine/verify.ts';
import { newVersus, versusMove } from '../engine/versus.ts';
import { dailySeed, utcDay } from '../front/daily.ts';
import type { SubmittedEntry } from '../net/api.ts';
import { play2048, playPuzzle, testPlayerKey } from '../testing/games.ts';
import { tableCounts } from '../testing/serverChecks.ts';
import { BACKENDS, type Backend, serverForBlock } from '../testing/serverHarness.ts';
import { rankGame } from './boards/boards.ts';
import { copies, type GameIdentity, gameIdentity } from './boards/gameIdentity.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Powers of two a 2048 board may be ranked with: reached on small boards, and far off. */
const TARGETS = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 2 ** 15, 2 ** 20];

type ErrorBody = { error: { code: string; message: string } };

describe.each(BACKENDS)('properties of the API on %s', (backend: Backend) => {
  // A new player for every game, so that every game is an entry of its own.
  let players = 1000;
  const nextKey = () => testPlayerKey(++players);
  // The openings of the games sent so far (gameIdentity.ts): a game is sent once, and never one
  // that another copies (the same opening), so that each is an entry of its own.
  const sent = new Set<string>();
  const fresh = (code: string) => {
    const { openingHash } = gameIdentity(code)!;
    if (sent.has(openingHash)) return false;
    sent.add(openingHash);
    return true;
  };

  const block = serverForBlock(backend, { now: () => NOW });
  const { server, post, board } = block;
  /** Every line of a board (its ranks must be 1..n). */
  const wholeBoard = async (query: string) => {
    const lines = [];
    for (let offset = 0; offset < 10_000; offset += 100) {
      const page = await board(`${query}&limit=100&offset=${offset}`);
      lines.push(...page.entries);
      if (page.entries.length < 100) break;
    }
    expect(lines.map((e) => e.rank)).toEqual(lines.map((_, i) => i + 1));
    return lines;
  };

  it('stores random legal 2048 games of every size and target with the figures of the engine, and lists them', async () => {
    const boards = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
          size: fc.integer({ min: 3, max: 8 }),
          target: fc.constantFrom(...TARGETS),
          moves: fc.integer({ min: 0, max: 400 }),
          assisted: fc.boolean(),
          pick: fc.nat({ max: 1000 }),
        }),
        async ({ seed, size, target, moves, assisted, pick }) => {
          const { game, code } = play2048(seed, moves, { size, target, assisted, pick });
          // A game drawn twice (fast-check may repeat values) is tested once.
          fc.pre(fresh(code));
          const playerKey = nextKey();
          const name = `Prop${players}`;
          const r = await post({ code, name, playerKey });
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          const figures = {
            kind: '2048',
            size,
            score: game.score,
            moves: game.moves,
            maxTile: maxTile(game.cells),
            timeMs: null,
            assisted,
          };
          expect(r.body).toMatchObject({ ...figures, board: '2048', day: null, name });
          const v = verifyCode(code);
          expect(v.ok && v.value).toMatchObject({ score: game.score, moves: game.moves });
          const query = `source=self-reported&board=2048&size=${size}&target=${target}${assisted ? '&assisted=1' : ''}`;
          boards.add(query);
          const listed = await board(`${query}&playerKey=${playerKey}`);
          const { kind: _k, size: _s, ...line } = figures;
          expect(listed.you).toMatchObject({ ...line, code, name, day: null });
          expect(listed.you!.rank).toBe((r.body as SubmittedEntry).rank);
          // Sent again: the same entry, not stored twice.
          const again = await post({ code, name, playerKey });
          expect(again).toMatchObject({
            status: 200,
            body: { ...(r.body as SubmittedEntry), outcome: 'sent-before' },
          });
        },
      ),
      { numRuns: 60 },
    );
    // Every board touched is in order: higher scores first, then fewer moves.
    for (const query of boards) {
      const lines = await wholeBoard(query);
      for (let i = 1; i < lines.length; i++) {
        const [a, b] = [lines[i - 1]!, lines[i]!];
        expect(a.score > b.score || (a.score === b.score && a.moves <= b.moves), query).toBe(true);
      }
    }
  });

  it('stores random solved puzzles (3×3, and a few 4×4) with their figures, and lists them', async () => {
    const puzzle = (widths: number[], numRuns: number) =>
      fc.assert(
        fc.asyncProperty(
          fc.record({
            seed: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
            width: fc.constantFrom(...widths),
            wander: fc.integer({ min: 0, max: 40 }),
            // Milliseconds per tile moved (at least 40: 25 tiles a second), or no time known.
            perTile: fc.option(fc.integer({ min: 40, max: 20_000 }), { nil: null }),
            assisted: fc.boolean(),
          }),
          async ({ seed, width, wander, perTile, assisted }) => {
            const played = await playPuzzle(seed, { width, wander, timeMs: null });
            const p = played.puzzle;
            const timeMs = perTile === null ? null : p.moves * perTile;
            const shared = sharedPuzzle(p, { assisted, timeMs });
            if (!shared.ok) throw new Error(shared.error.message);
            const code = encodeShared(shared.value);
            fc.pre(fresh(code));
            const playerKey = nextKey();
            const name = `Solver${players}`;
            const r = await post({ code, name, playerKey });
            expect(r.status, JSON.stringify(r.body)).toBe(201);
            const figures = { score: 0, moves: p.moves, maxTile: null, timeMs, assisted };
            expect(r.body).toMatchObject({
              ...figures,
              kind: 'puzzle',
              size: width,
              board: 'puzzle',
            });
            const query = `source=self-reported&board=puzzle&size=${width}${assisted ? '&assisted=1' : ''}`;
            const listed = await board(`${query}&playerKey=${playerKey}`);
            expect(listed.you).toMatchObject({ ...figures, code, name });
          },
        ),
        { numRuns },
      );
    await puzzle([3], 30);
    await puzzle([4], 5);
    for (const query of [
      'source=self-reported&board=puzzle&size=3',
      'source=self-reported&board=puzzle&size=4&assisted=1',
    ]) {
      const lines = await wholeBoard(query);
      for (let i = 1; i < lines.length; i++) {
        const [a, b] = [lines[i - 1]!, lines[i]!];
        const time = (t: number | null) => t ?? Number.POSITIVE_INFINITY;
        expect(a.moves < b.moves || (a.moves === b.moves && time(a.timeMs) <= time(b.timeMs))).toBe(
          true,
        );
      }
    }
  });

  it("stores random games of the day's challenges on the daily boards (the first counts) and the all-time ones", async () => {
    const day = utcDay(NOW);
    // Each player's first game stored on each daily ladder (clean: unassisted; open: any), and
    // their best keys on each all-time ladder (lower first).
    const firsts = new Map<string, string>();
    const bests = new Map<string, [number, number]>();
    // The stored games, by identity: a game is stored once, its first sender's, and only when
    // it stands on a ladder; a game that copies another player's stored game is refused.
    const stored = new Map<
      string,
      { owner: number; identity: GameIdentity; figures: Record<string, unknown>; assisted: boolean }
    >();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          kind: fc.constantFrom('2048' as const, 'puzzle' as const),
          moves: fc.integer({ min: 0, max: 300 }),
          pick: fc.nat({ max: 10_000 }),
          player: fc.integer({ min: 0, max: 7 }),
          assisted: fc.boolean(),
        }),
        async ({ kind, moves, pick, player, assisted }) => {
          const seed = dailySeed(day, kind);
          let code: string;
          let figures: Record<string, unknown>;
          let keys: [number, number];
          if (kind === '2048') {
            const g = play2048(seed, moves, { pick, assisted });
            code = g.code;
            figures = { score: g.game.score, moves: g.game.moves, maxTile: maxTile(g.game.cells) };
            keys = [-g.game.score, g.game.moves];
          } else {
            const p = await playPuzzle(seed, { width: 4, wander: moves % 30, assisted });
            code = p.code;
            figures = { score: 0, moves: p.puzzle.moves, timeMs: p.puzzle.moves * 1000 };
            keys = [p.puzzle.moves, p.puzzle.moves * 1000];
          }
          const identity = gameIdentity(code)!;
          const r = await post({
            code,
            name: `D${player}`,
            playerKey: testPlayerKey(50_000 + player),
          });
          // The same game again (fast-check repeats values, with any player, and the assisted
          // mark is not the game) is the stored one, its first sender's.
          const known = stored.get(identity.gameHash);
          const copied = [...stored.values()].some(
            (s) =>
              s.owner !== player &&
              s.identity.gameHash !== identity.gameHash &&
              copies(identity, s.identity),
          );
          const ladders = assisted ? ['open'] : ['clean', 'open'];
          const better = (b: [number, number] | undefined) =>
            !b || keys[0] < b[0] || (keys[0] === b[0] && keys[1] < b[1]);
          const stands = ladders.some((l) => better(bests.get(`${kind} ${player} ${l}`)));
          const owner = known?.owner ?? player;
          if (known) {
            expect(r.status).toBe(200);
            expect(r.body).toMatchObject({ ...known.figures, kind, assisted: known.assisted });
          } else if (copied) {
            expect(r.status, JSON.stringify(r.body)).toBe(409);
            expect(r.body).toMatchObject({ error: { code: 'copied' } });
            return;
          } else {
            expect(r.status, JSON.stringify(r.body)).toBe(stands ? 201 : 200);
            expect(r.body).toMatchObject({
              ...figures,
              kind,
              board: `daily-${kind}`,
              day,
              assisted,
            });
          }
          expect((r.body as SubmittedEntry).name).toBe(`D${owner}`);
          if (r.status === 201) {
            stored.set(identity.gameHash, { owner: player, identity, figures, assisted });
            for (const l of ladders) {
              if (!firsts.has(`${kind} ${player} ${l}`)) firsts.set(`${kind} ${player} ${l}`, code);
              if (better(bests.get(`${kind} ${player} ${l}`)))
                bests.set(`${kind} ${player} ${l}`, keys);
            }
          }
          const playerKey = testPlayerKey(50_000 + owner);
          const marked = known?.assisted ?? assisted;
          const track = marked ? '&assisted=1' : '';
          const daily = await board(
            `source=self-reported&board=daily-${kind}&day=${day}${track}&playerKey=${playerKey}`,
          );
          // A player's line on a daily board is their first game of the day.
          const first = firsts.get(`${kind} ${owner} ${marked ? 'open' : 'clean'}`);
          expect(daily.you).toMatchObject({ day, name: `D${owner}`, code: first });
          const allTime = await board(
            `source=self-reported&board=${kind}${track}&playerKey=${playerKey}`,
          );
          expect(allTime.you).not.toBeNull();
        },
      ),
      { numRuns: 30 },
    );
    for (const kind of ['2048', 'puzzle']) {
      for (const track of ['', '&assisted=1']) {
        const lines = await wholeBoard(
          `source=self-reported&board=daily-${kind}&day=${day}${track}`,
        );
        expect(new Set(lines.map((e) => e.name)).size).toBe(lines.length);
      }
    }
  });

  it('refuses every one-character change of a valid code with 400, and stores nothing', async () => {
    const codes = [
      play2048(7001, 25, { size: 3, target: 64 }).code,
      play2048(7002, 90, { size: 5, assisted: true }).code,
      (await playPuzzle(7003, { width: 3, wander: 8 })).code,
      (await playPuzzle(7004, { width: 4 })).code,
    ];
    const watched = [
      'source=self-reported&board=2048&size=3&target=64',
      'source=self-reported&board=2048&size=5',
      'source=self-reported&board=puzzle&size=3',
      'source=self-reported&board=puzzle&size=4',
    ];
    const snapshot = async () => ({
      counts: await tableCounts(server().database),
      boards: await Promise.all(watched.map((q) => wholeBoard(`${q}&assisted=1`))),
    });
    const before = await snapshot();
    let accepted = 0;
    const tryChanged = async (changed: string) => {
      const v = verifyCode(changed);
      const r = await post({ code: changed, name: 'Eve', playerKey: testPlayerKey(7) });
      if (v.ok) {
        // Another valid code (the CRC makes this all but impossible): answered as a code.
        const ranked = rankGame(v.value, NOW);
        expect(r.status).toBe(ranked.ok ? 201 : 400);
        if (ranked.ok) accepted++;
        return;
      }
      expect(r.status, changed).toBe(400);
      expect((r.body as ErrorBody).error.code, changed).toBe(v.error.code);
    };
    // Every position (the prefix too), each replaced by another character of the alphabet.
    for (const [n, code] of codes.entries()) {
      for (let i = 0; i < code.length; i++) {
        const at = BASE64URL.indexOf(code[i]!);
        const other = BASE64URL[(Math.max(at, 0) + 1 + ((i * 7 + n) % 63)) % 64]!;
        expect(other).not.toBe(code[i]);
        await tryChanged(`${code.slice(0, i)}${other}${code.slice(i + 1)}`);
      }
    }
    // And random ones: any code, any position, any other character.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...codes),
        fc.nat(),
        fc.integer({ min: 1, max: 63 }),
        async (code, position, shift) => {
          const i = position % code.length;
          const other = BASE64URL[(Math.max(BASE64URL.indexOf(code[i]!), 0) + shift) % 64]!;
          if (other === code[i]) return;
          await tryChanged(`${code.slice(0, i)}${other}${code.slice(i + 1)}`);
        },
      ),
      { numRuns: 150 },
    );
    if (accepted === 0) expect(await snapshot()).toEqual(before);
  });

  it('stores the figures of the code, not those the body claims', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1000 }),
        fc.record({
          score: fc.oneof(fc.integer({ min: 1_000_000, max: 2 ** 40 }), fc.constant(1e300)),
          moves: fc.integer({ min: 0, max: 2 ** 31 }),
          maxTile: fc.constantFrom(2 ** 17, 2 ** 30, 3),
          timeMs: fc.integer({ min: 0, max: 2 ** 31 }),
          assisted: fc.boolean(),
          kind: fc.constantFrom('puzzle', '2048', 'versus'),
          size: fc.integer({ min: -1, max: 99 }),
          rank: fc.constant(1),
          id: fc.constant(1),
        }),
        async (pick, claims) => {
          // A new game every run (fast-check may repeat values while it shrinks).
          const seed = 80_000 + players;
          const { game, code } = play2048(seed, 40, {
            size: 4,
            target: 1024,
            assisted: true,
            pick,
          });
          const playerKey = nextKey();
          const r = await post({ ...claims, code, name: `Liar${players}`, playerKey });
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          expect(r.body).toMatchObject({
            kind: '2048',
            size: 4,
            score: game.score,
            moves: game.moves,
            maxTile: maxTile(game.cells),
            timeMs: null,
            assisted: true,
          });
          const listed = await board(
            `source=self-reported&board=2048&target=1024&assisted=1&limit=100`,
          );
          const line = listed.entries.find((e) => e.code === code);
          if (line) expect(line.score).toBe(game.score);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses versus matches, duels, evil games and unlisted targets as not-ranked, storing nothing', async () => {
    const before = await tableCounts(server().database);
    const vs = newVersus({ seed: 4 });
    if (!vs.ok) throw new Error(vs.error.message);
    let match = vs.value;
    for (let i = 0; i < 20; i++) {
      const r = versusMove(match, (i % 2) as 0 | 1, DIRECTIONS[(i >> 1) % 4]!);
      if (r.ok) match = r.value;
    }
    const du = newDuel({ seed: 5 });
    if (!du.ok) throw new Error(du.error.message);
    const slid = duelSlide(du.value, 'down');
    const evil = shared2048(play2048(6, 30).game, { evil: true });
    if (!evil.ok) throw new Error(evil.error.message);
    const codes = [
      encodeShared(sharedVersus(match, 'human')),
      encodeShared(sharedVersus(vs.value, 'human,ai')),
      encodeShared(sharedDuel(slid.ok ? slid.value : du.value, 'human,ai')),
      encodeShared(evil.value),
      // A target no board lists (the leaderboard's queries go up to 2^20).
      play2048(8, 30, { size: 8, target: 2 ** 21 }).code,
      play2048(9, 30, { size: 4, target: 2 ** 40 }).code,
    ];
    for (const code of codes) {
      const r = await post({ code, name: 'Vs', playerKey: nextKey() });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect((r.body as ErrorBody).error.code).toBe('not-ranked');
      expect((r.body as ErrorBody).error.message).toMatch(/rank/);
    }
    expect(await tableCounts(server().database)).toEqual(before);
  });
});
