import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awaitingWinChoice, keepGoing, newGame, play } from '../../engine/game2048.ts';
import { out, pack, packExponents } from './board.ts';
import { analyse } from './player.ts';
import { FAST_WEIGHTS } from './presets.ts';
import { Expectimax, newRootResult, type SearchLimits } from './search.ts';
import { buildEvalTable } from './tables.ts';
import { WasmExpectimax } from './wasmSearch.ts';

/** Packed positions from a seeded game of the fast preset, every `every` moves. */
function gamePositions(seed: number, count: number, every: number): [number, number][] {
  const list: [number, number][] = [];
  let game = newGame({ seed });
  while (!game.over && list.length < count) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    if (game.moves % every === every - 1) {
      pack(game.cells);
      list.push([out.a | 0, out.b | 0]);
    }
    const move = analyse(game.cells, { preset: 'fast' }).move;
    if (!move) break;
    game = play(game, move);
  }
  return list;
}

const table = buildEvalTable();

/** Both searchers' results for one board and limits, each in a fresh search. */
function both(js: Expectimax, wasm: WasmExpectimax, a: number, b: number, limits: SearchLimits) {
  const r1 = newRootResult();
  const r2 = newRootResult();
  js.newSearch();
  wasm.newSearch();
  const e1 = js.evaluated;
  const e2 = wasm.evaluated;
  js.searchRoot(a, b, limits, r1);
  wasm.searchRoot(a, b, limits, r2);
  return { js: r1, wasm: r2, jsEvaluated: js.evaluated - e1, wasmEvaluated: wasm.evaluated - e2 };
}

describe('WebAssembly search kernel', () => {
  it('runs here (Node has WebAssembly)', () => {
    expect(WasmExpectimax.create(table)).not.toBeNull();
  });

  it('returns exactly the JavaScript search values, moves and work on game positions', () => {
    const boards = [...gamePositions(3, 20, 97), ...gamePositions(8, 20, 113)];
    expect(boards.length).toBe(40);
    const settings: SearchLimits[] = [
      { depth: 3, minProb: 0.008, deadline: Infinity, ttBits: 16 },
      { depth: 4, minProb: 0.002, deadline: Infinity },
      { depth: 2, minProb: 0, deadline: Infinity, mask: 0b0101 },
      { depth: 4, minProb: 0.01, deadline: Infinity, ttBits: 6 },
    ];
    for (const ttBits of [0, 16]) {
      const js = new Expectimax(table, ttBits);
      const wasm = WasmExpectimax.create(table, ttBits)!;
      for (const limits of settings) {
        for (const [a, b] of boards) {
          const r = both(js, wasm, a, b, limits);
          expect(Array.from(r.wasm.values)).toEqual(Array.from(r.js.values));
          expect(r.wasm.move).toBe(r.js.move);
          expect(r.wasm.complete).toBe(true);
          expect(r.wasmEvaluated).toBe(r.jsEvaluated);
        }
      }
    }
  });

  it('agrees with the JavaScript search on any board, including full and stuck ones', () => {
    const js = new Expectimax(table, 12);
    const wasm = WasmExpectimax.create(table, 12)!;
    const cell = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 15 }));
    const grid = fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), {
      minLength: 4,
      maxLength: 4,
    });
    fc.assert(
      fc.property(grid, fc.integer({ min: 1, max: 3 }), (g, depth) => {
        packExponents(g);
        const a = out.a | 0;
        const b = out.b | 0;
        expect(wasm.evaluate(a, b)).toBe(js.evaluate(a, b));
        const r = both(js, wasm, a, b, { depth, minProb: 0.01, deadline: Infinity });
        expect(Array.from(r.wasm.values)).toEqual(Array.from(r.js.values));
        expect(r.wasm.move).toBe(r.js.move);
      }),
      { numRuns: 300 },
    );
  });

  it('switches evaluation tables like the JavaScript search', () => {
    const fast = buildEvalTable(FAST_WEIGHTS);
    const js = new Expectimax(table, 16);
    const wasm = WasmExpectimax.create(table, 16)!;
    const [a, b] = gamePositions(5, 1, 400)[0]!;
    const limits = { depth: 3, minProb: 0.004, deadline: Infinity };
    const before = both(js, wasm, a, b, limits);
    js.useEvalTable(fast);
    wasm.useEvalTable(fast);
    const after = both(js, wasm, a, b, limits);
    expect(Array.from(after.wasm.values)).toEqual(Array.from(after.js.values));
    expect(Array.from(after.wasm.values)).not.toEqual(Array.from(before.wasm.values));
  });

  it('gives up at the deadline and says so', () => {
    const wasm = WasmExpectimax.create(table)!;
    const [a, b] = gamePositions(9, 1, 800)[0]!;
    const r = newRootResult();
    wasm.newSearch();
    wasm.searchRoot(a, b, { depth: 12, minProb: 0, deadline: performance.now() - 1 }, r);
    expect(r.complete).toBe(false);
    wasm.newSearch();
    wasm.searchRoot(a, b, { depth: 2, minProb: 0, deadline: Infinity }, r);
    expect(r.complete).toBe(true);
  });

  it('is the build of its source (npm run build:wasm after changing kernel.as.ts)', async () => {
    // @ts-expect-error: a plain ES module script without types
    const { compileKernel, kernelModule } = await import('../../../scripts/buildWasm.mjs');
    const { readFileSync } = await import('node:fs');
    const committed = readFileSync(new URL('./wasm/kernelBytes.ts', import.meta.url), 'utf8');
    expect(kernelModule(await compileKernel())).toBe(committed);
  });
});
