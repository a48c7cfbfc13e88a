/**
 * The workers' analyses of shared games, without a worker: the AI handler judges a 2048 code
 * (any size), a versus match or a duel (as analyseMatch judges it) on a later task, reporting progress in whole percents, with the library's answer,
 * and skips one cancelled before it starts; the solver handler judges a puzzle code
 * (3×3 and 4×4 exact, with the tables; lower bounds, said so, when the tables cannot be had)
 * and drops an analysis cancelled while its tables load. Codes of the wrong kind or damaged
 * are answered with a sentence. (A running analysis is stopped by the page ending the worker:
 * the Chromium test shows it.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel } from '../../engine/duel.ts';
import { type Game, legalMoves, newGame, play } from '../../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../engine/puzzle.ts';
import { nextInt, type RngState, seedRng } from '../../engine/rng.ts';
import {
  encodeShared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../../engine/shareCode.ts';
import { readShareCode } from '../../engine/shareReplay.ts';
import { playPlaced } from '../../engine/spawn.ts';
import type { Direction } from '../../engine/types.ts';
import { newVersus, versusMove } from '../../engine/versus.ts';
import { matchView } from '../../front/modelAnalysis.ts';
import { choosePlacement } from '../../solvers/ai2048/placer.ts';
import { analyse } from '../../solvers/ai2048/player.ts';
import { analyse2048, MOVE_CLASSES } from '../../solvers/analysis/analyse2048.ts';
import { analyseDuel, analyseVersus } from '../../solvers/analysis/analyseMatch.ts';
import { analysePuzzle } from '../../solvers/analysis/analysePuzzle.ts';
import type { PatternDb } from '../../solvers/puzzle/pdb.ts';
import { patternDbs4 } from '../../solvers/puzzle/pdbProvider.ts';
import { memoryStore } from '../../solvers/puzzle/store.ts';
import { fileCache } from '../../storage/fileCache.ts';
import { TEST_CACHE_DIR } from '../../testutil/testCache.ts';
import { createAiHandler } from './aiHandler.ts';
import {
  type AiWorkerReply,
  ANALYSING,
  MOVE_CLASS_NAMES,
  parseAiReply,
  parseSolverReply,
  type SolverReply,
} from './protocol.ts';
import { STAGES } from './solverBackend.ts';
import { createSolverHandler } from './solverHandler.ts';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The moves played by the games and puzzles made here. */
const movesOf = new WeakMap<object, unknown[]>();
const dirsOf = (g: Game) => movesOf.get(g) as Direction[];
const tilesOf = (p: Puzzle) => movesOf.get(p) as number[];

/** A 4×4 game of `n` moves: the AI's move, or (one in three) a random legal one. */
function mixedGame(seed: number, n: number, size = 4): Game {
  const dirs: Direction[] = [];
  let g = newGame({ size, seed });
  let rng: RngState = seedRng(seed);
  for (let i = 0; i < n && !g.over; i++) {
    const legal = legalMoves(g.cells);
    const r = nextInt(rng, 3 * legal.length);
    rng = r.state;
    const dir = r.value < legal.length ? legal[r.value]! : analyse(g.cells).move!;
    g = play(g, dir);
    dirs.push(dir);
  }
  movesOf.set(g, dirs);
  return g;
}

function states2048(g: Game): Game[] {
  const out: Game[] = [];
  for (let x: Game | null = g; x; x = x.previous) out.push(x);
  return out.reverse();
}

/** `k` puzzle moves from a seeded shuffle, never sliding back the tile just moved. */
function puzzleLine(seed: number, width: number, k: number): Puzzle {
  let p = newPuzzle({ width, seed });
  let rng: RngState = seedRng(seed);
  const played: number[] = [];
  for (let i = 0; i < k; i++) {
    const tiles = movableTiles(p).filter((t) => t !== p.last?.tile);
    const r = nextInt(rng, tiles.length);
    rng = r.state;
    p = moveTile(p, tiles[r.value]!);
    played.push(tiles[r.value]!);
  }
  movesOf.set(p, played);
  return p;
}

function puzzleStates(p: Puzzle): Puzzle[] {
  const out: Puzzle[] = [];
  for (let q: Puzzle | null = p; q; q = q.previous) out.push(q);
  return out.reverse();
}

/** The AI handler, its later tasks run when the test says. */
function aiHarness() {
  const posted: AiWorkerReply[] = [];
  const tasks: (() => void)[] = [];
  const handle = createAiHandler({
    post: (r) => posted.push(r),
    later: (task) => tasks.push(task),
  });
  const run = () => {
    while (tasks.length > 0) tasks.shift()!();
  };
  return { posted, tasks, handle, run };
}

describe('the AI worker analyses a 2048 code', () => {
  const game = mixedGame(4101, 40);
  const code = encodeShared(unwrap(shared2048(game)));

  it('reports its progress in whole percents, then answers the library’s analysis', () => {
    expect(game.moves).toBe(40);
    const h = aiHarness();
    h.handle({ type: 'analyse', id: 9, code });
    // Nothing before its task runs (a cancel can still skip it).
    expect(h.posted).toEqual([]);
    h.run();
    const progress = h.posted.filter((r) => r.type === 'progress');
    // 40 moves: a report at each whole percent reached, from 0 to 40 of 40.
    expect(progress.map((r) => r.type === 'progress' && r.done)).toEqual(
      Array.from({ length: 41 }, (_, i) => i),
    );
    expect(progress.every((r) => r.type === 'progress' && r.total === 40)).toBe(true);
    expect(progress.every((r) => r.type === 'progress' && r.stage === ANALYSING)).toBe(true);
    const last = h.posted.at(-1)!;
    expect(h.posted.indexOf(last)).toBe(progress.length);
    const whole = unwrap(analyse2048(states2048(game), dirsOf(game)));
    expect(last).toEqual({ type: 'analysis', id: 9, analysis: whole });
    // What the worker posts, the page reads back as it was.
    const sent = JSON.parse(JSON.stringify(last));
    expect(parseAiReply(sent)).toEqual(sent);
  });

  it('reports each whole percent once on a long game', () => {
    const long = mixedGame(4102, 250);
    const h = aiHarness();
    h.handle({ type: 'analyse', id: 2, code: encodeShared(unwrap(shared2048(long))) });
    h.run();
    const done = h.posted.flatMap((r) => (r.type === 'progress' ? [r.done] : []));
    const pct = done.map((d) => Math.floor((d / long.moves) * 100));
    expect(new Set(pct).size).toBe(pct.length);
    expect(pct.length).toBeGreaterThan(50);
    expect(done.at(-1)).toBe(long.moves);
    expect(h.posted.at(-1)?.type).toBe('analysis');
  });

  it('skips an analysis cancelled before it starts, and answers the others', () => {
    const h = aiHarness();
    const short = encodeShared(unwrap(shared2048(mixedGame(77, 6))));
    h.handle({ type: 'analyse', id: 1, code });
    h.handle({ type: 'analyse', id: 2, code: short });
    h.handle({ type: 'cancel', id: 1 });
    h.run();
    expect(new Set(h.posted.map((r) => r.id))).toEqual(new Set([2]));
    expect(h.posted.at(-1)?.type).toBe('analysis');
  });

  it('judges an evil game (the placer chose its tiles) on the value scale', () => {
    const place = (cells: readonly (readonly number[])[]) =>
      choosePlacement(cells.map((row) => [...row]));
    let g = newGame({ seed: 34 });
    for (let i = 0; i < 20 && !g.over; i++) {
      g = playPlaced(g, analyse(g.cells, { depth: 1 }).move!, place);
    }
    const h = aiHarness();
    h.handle({ type: 'analyse', id: 6, code: encodeShared(unwrap(shared2048(g, { evil: true }))) });
    h.run();
    const last = h.posted.at(-1);
    expect(last).toMatchObject({ type: 'analysis', id: 6, analysis: { scale: 'value' } });
    // The positions of the same game with random spawns are judged on the chance scale.
    const plain = unwrap(analyse2048(states2048(game), dirsOf(game)));
    expect(plain.scale).toBe('chance');
  });

  it('judges other sizes too', () => {
    const small = mixedGame(5, 12, 3);
    const h = aiHarness();
    h.handle({ type: 'analyse', id: 5, code: encodeShared(unwrap(shared2048(small))) });
    h.run();
    expect(h.posted.at(-1)).toEqual({
      type: 'analysis',
      id: 5,
      analysis: unwrap(analyse2048(states2048(small), dirsOf(small))),
    });
  });

  it.each([
    ['a puzzle', encodeShared(unwrap(sharedPuzzle(puzzleLine(3, 3, 4)))), /AI judges 2048 games/],
    ['a damaged code', 'sb.AAAA', /cannot be analysed/],
  ])('answers %s with an error that says why', (_name, c, why) => {
    const h = aiHarness();
    h.handle({ type: 'analyse', id: 4, code: c });
    h.run();
    expect(h.posted).toEqual([
      expect.objectContaining({ type: 'error', id: 4, code: 'not-analysed' }),
    ]);
    expect((h.posted[0] as { message: string }).message).toMatch(why);
  });

  it('knows the analysis’s classes', () => {
    expect([...MOVE_CLASS_NAMES]).toEqual([...MOVE_CLASSES]);
  });
});

describe('the AI worker analyses a versus match and a duel', () => {
  /** A versus match of 40 moves, the sides taking turns: the AI's move or a random one. */
  function versusCode(): string {
    let m = unwrap(newVersus({ seed: 31 }));
    let rng: RngState = seedRng(31);
    for (let i = 0; i < 40 && !m.over; i++) {
      const side = (i % 2) as 0 | 1;
      const legal = legalMoves(m.games[side].cells);
      if (legal.length === 0) break;
      const r = nextInt(rng, 2 * legal.length);
      rng = r.state;
      const dir = r.value < legal.length ? legal[r.value]! : analyse(m.games[side].cells).move!;
      m = unwrap(versusMove(m, side, dir));
    }
    return encodeShared(sharedVersus(m, 'human'));
  }

  /** A duel of 30 actions: random slides, placements the placer's own or a random empty cell. */
  function duelCode(): string {
    let d: Duel = unwrap(newDuel({ seed: 8, size: 4 }));
    let rng: RngState = seedRng(8);
    for (let i = 0; i < 30 && d.phase !== 'over'; i++) {
      const r = nextInt(rng, 8);
      rng = r.state;
      if (d.phase === 'slide') {
        const legal = legalMoves(d.game.cells);
        d = unwrap(duelSlide(d, legal[r.value % legal.length]!));
      } else if (r.value < 4) {
        const p = choosePlacement(d.game.cells)!;
        d = unwrap(duelPlace(d, p.at, p.value));
      } else {
        const empty = d.game.cells.flatMap((row, ri) =>
          row.flatMap((v, col) => (v === 0 ? [{ row: ri, col }] : [])),
        );
        d = unwrap(duelPlace(d, empty[r.value % empty.length]!, 2));
      }
    }
    return encodeShared(sharedDuel(d, 'human'));
  }

  it.each([
    ['versus', versusCode],
    ['duel', duelCode],
  ])('a %s code: progress, then analyseMatch’s answer as the viewers show it', (kind, make) => {
    const code = make();
    const r = unwrap(readShareCode(code, { place: choosePlacement }));
    const actions = r.states.length - 1;
    const here =
      r.kind === 'versus' ? analyseVersus(r.states) : analyseDuel(r.states as readonly Duel[]);
    expect(here.kind).toBe(kind);
    const h = aiHarness();
    h.handle({ type: 'analyse', id: 7, code });
    h.run();
    const progress = h.posted.filter((x) => x.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ done: actions, total: actions });
    const last = h.posted.at(-1)!;
    expect(last).toEqual({ type: 'analysis', id: 7, analysis: matchView(here, actions) });
    if (last.type !== 'analysis' || last.analysis.kind !== 'match') throw new Error('no match');
    // Every judged action is at its place, with its side's verdict.
    const judged = here.sides.reduce(
      (n, s) => n + s.moves.length + (s.placements?.moves.length ?? 0),
      0,
    );
    expect(last.analysis.moves.filter((m) => m !== null)).toHaveLength(judged);
    // What the worker posts, the page reads back as it was; a damaged one it refuses.
    const sent = JSON.parse(JSON.stringify(last));
    expect(parseAiReply(sent)).toEqual(sent);
    const bad = { ...sent, analysis: { ...sent.analysis, moves: [{ side: 3 }] } };
    expect(parseAiReply(bad)).toBeNull();
  });
});

describe('the solver worker analyses a puzzle code', () => {
  let dbs: readonly PatternDb[];
  beforeAll(async () => {
    dbs = (await patternDbs4(fileCache(TEST_CACHE_DIR))).dbs;
  }, 120_000);

  async function analyseCode(
    code: string,
    tables?: () => Promise<readonly PatternDb[]>,
    cancelAfter?: number,
  ): Promise<SolverReply[]> {
    const posted: SolverReply[] = [];
    let resolveEnd: () => void = () => {};
    const end = new Promise<void>((r) => {
      resolveEnd = r;
    });
    const handle = createSolverHandler({
      post: (r) => {
        posted.push(r);
        if (r.type !== 'progress') resolveEnd();
        if (cancelAfter !== undefined && posted.length === cancelAfter) {
          handle({ type: 'cancel', id: 6 });
        }
      },
      store: memoryStore(),
      tables: async (_store, onProgress) => {
        onProgress(STAGES.reading, 1, 2);
        await new Promise((r) => setTimeout(r, 10));
        onProgress(STAGES.reading, 2, 2);
        return tables ? tables() : dbs;
      },
    });
    handle({ type: 'analyse', id: 6, code });
    await Promise.race([end, new Promise((r) => setTimeout(r, 500))]);
    return posted;
  }

  it('judges a 3×3 puzzle as analysePuzzle does, with progress', async () => {
    const p = puzzleLine(31, 3, 30);
    const posted = await analyseCode(encodeShared(unwrap(sharedPuzzle(p))));
    const last = posted.at(-1)!;
    const want = analysePuzzle(puzzleStates(p), tilesOf(p));
    expect(last).toEqual({ type: 'analysis', id: 6, analysis: want, note: null });
    expect(want.exact).toBe(true);
    expect(want.detours.length).toBeGreaterThan(0);
    const progress = posted.filter((r) => r.type === 'progress');
    expect(progress.at(-1)).toEqual({
      type: 'progress',
      id: 6,
      stage: ANALYSING,
      done: 30,
      total: 30,
    });
    // No tables for 3×3.
    expect(progress.every((r) => r.type === 'progress' && r.stage === ANALYSING)).toBe(true);
    expect(parseSolverReply(JSON.parse(JSON.stringify(last)))).toEqual(last);
  });

  it('judges a 4×4 puzzle exactly with the tables, reading them first', async () => {
    const p = puzzleLine(32, 4, 12);
    const posted = await analyseCode(encodeShared(unwrap(sharedPuzzle(p))));
    const last = posted.at(-1)!;
    const want = analysePuzzle(puzzleStates(p), tilesOf(p), { dbs4: dbs });
    expect(last).toEqual({ type: 'analysis', id: 6, analysis: want, note: null });
    expect(want.exact).toBe(true);
    const stages = posted.flatMap((r) => (r.type === 'progress' ? [r.stage] : []));
    expect(stages.indexOf(STAGES.reading)).toBeLessThan(stages.indexOf(ANALYSING));
  }, 60_000);

  it('falls back to lower bounds, and says why, when the tables cannot be had', async () => {
    const p = puzzleLine(33, 4, 12);
    const posted = await analyseCode(encodeShared(unwrap(sharedPuzzle(p))), async () => {
      throw new Error('IndexedDB is full');
    });
    const last = posted.at(-1)!;
    expect(last.type).toBe('analysis');
    if (last.type !== 'analysis') return;
    expect(last.analysis.exact).toBe(false);
    expect(last.analysis).toEqual(analysePuzzle(puzzleStates(p), tilesOf(p)));
    expect(last.note).toMatch(/tables could not be had \(IndexedDB is full\).*lower bounds/);
  });

  it('drops an analysis cancelled while its tables load', async () => {
    const p = puzzleLine(34, 4, 12);
    const posted = await analyseCode(encodeShared(unwrap(sharedPuzzle(p))), undefined, 1);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((r) => r.type === 'progress' && r.stage === STAGES.reading)).toBe(true);
  });

  it('answers a 2048 code with an error that says why', async () => {
    const posted = await analyseCode(encodeShared(unwrap(shared2048(mixedGame(3, 3)))));
    expect(posted).toEqual([expect.objectContaining({ type: 'error', id: 6 })]);
    expect((posted[0] as { message: string }).message).toMatch(/solver judges puzzles/);
  });
});
