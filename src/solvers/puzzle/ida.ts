/**
 * Iterative-deepening A* over sliding-puzzle positions, written as a resumable machine: the
 * search keeps its whole stack in typed arrays, so {@link IdaSearch.step} can stop after a
 * budget of nodes and continue later. That lets callers check a clock or an AbortSignal between
 * slices and yield to the event loop. Nothing is allocated while searching.
 *
 * With an admissible heuristic the first solution found is a shortest one.
 */
import { neighbourTable } from './grid.ts';
import type { Heuristic } from './heuristic.ts';

/** Longest solution searched for; far above any optimal solution of boards searched here. */
const MAX_DEPTH = 400;

export type StepResult = 'found' | 'running';

export class IdaSearch {
  /** Nodes generated so far (every slide tried). */
  nodes = 0;
  /** The current cost bound. */
  bound: number;
  /** Completed iterations (cost bounds tried in full). */
  iterations = 0;
  private readonly tiles: Uint8Array;
  private readonly nbr: Int8Array;
  private readonly blanks = new Int16Array(MAX_DEPTH + 2);
  private readonly dirs = new Int8Array(MAX_DEPTH + 2);
  private readonly moved = new Uint8Array(MAX_DEPTH + 2);
  private depth = 0;
  private nextBound = Number.POSITIVE_INFINITY;
  private solution: number[] | null = null;

  /**
   * @param tiles a solvable position (row-major, 0 = blank); not checked here.
   */
  constructor(
    tiles: readonly number[],
    width: number,
    height: number,
    private readonly heuristic: Heuristic,
  ) {
    this.tiles = Uint8Array.from(tiles);
    this.nbr = neighbourTable(width, height);
    this.bound = heuristic.reset(this.tiles);
    this.blanks[0] = this.tiles.indexOf(0);
    if (this.bound === 0) this.solution = [];
  }

  /** The tiles to slide, once {@link step} has returned 'found'. */
  get result(): number[] | null {
    return this.solution;
  }

  /** Searches until a solution is found or about `budget` more nodes have been generated. */
  step(budget: number): StepResult {
    if (this.solution) return 'found';
    const { tiles, nbr, blanks, dirs, moved, heuristic } = this;
    const limit = this.nodes + budget;
    let nodes = this.nodes;
    let d = this.depth;
    let bound = this.bound;
    let nextBound = this.nextBound;
    while (nodes < limit) {
      const dir = dirs[d]!;
      if (dir === 4) {
        if (d === 0) {
          // Iteration over: raise the bound to the smallest f that was cut off.
          if (nextBound > MAX_DEPTH) throw new Error('IDA*: no solution within the depth limit');
          bound = nextBound;
          nextBound = Number.POSITIVE_INFINITY;
          dirs[0] = 0;
          this.iterations++;
          continue;
        }
        // Backtrack: slide the tile that led here back.
        const t = moved[d - 1]!;
        const child = blanks[d]!;
        const parent = blanks[d - 1]!;
        tiles[child] = t;
        tiles[parent] = 0;
        heuristic.move(t, parent, child);
        d--;
        continue;
      }
      dirs[d] = dir + 1;
      const b = blanks[d]!;
      const nb = nbr[b * 4 + dir]!;
      if (nb < 0 || (d > 0 && nb === blanks[d - 1])) continue;
      const t = tiles[nb]!;
      tiles[b] = t;
      tiles[nb] = 0;
      const h = heuristic.move(t, nb, b);
      nodes++;
      const f = d + 1 + h;
      if (f > bound) {
        if (f < nextBound) nextBound = f;
        tiles[nb] = t;
        tiles[b] = 0;
        heuristic.move(t, b, nb);
        continue;
      }
      moved[d] = t;
      if (h === 0) {
        this.solution = Array.from(moved.subarray(0, d + 1));
        d++;
        blanks[d] = nb;
        this.save(nodes, d, bound, nextBound);
        return 'found';
      }
      d++;
      blanks[d] = nb;
      dirs[d] = 0;
    }
    this.save(nodes, d, bound, nextBound);
    return 'running';
  }

  private save(nodes: number, d: number, bound: number, nextBound: number): void {
    this.nodes = nodes;
    this.depth = d;
    this.bound = bound;
    this.nextBound = nextBound;
  }
}
