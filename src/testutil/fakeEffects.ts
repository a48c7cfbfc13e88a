/** Fakes of the controllers' effects: an AI and a solver that answer when told, and stores. */
import type { Game } from '../engine/game2048.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import { err, ok, problem, type Result } from '../engine/result.ts';
import type { Direction } from '../engine/types.ts';
import { type HistoryEntry, withOptimal } from '../front/history.ts';
import type { Marks2048 } from '../front/model2048.ts';
import type {
  AdvicePurpose,
  Advisor,
  PuzzleSolver,
  Solution,
  SolveRecords,
  Store2048,
  StorePuzzle,
} from '../front/ports.ts';
import {
  EMPTY_RECORDS,
  type Records,
  recordSeries,
  recordSolve,
  solveRecords,
} from '../front/records.ts';

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
}

interface Deferred<T> {
  resolve(v: T): void;
  reject(e: Error): void;
}

/** An AI whose answers the test gives, request by request (or at once, with `auto`). */
export class FakeAdvisor implements Advisor {
  readonly asked: {
    cells: number[][];
    purpose: AdvicePurpose;
    signal: AbortSignal;
    answer: Deferred<Direction | null>;
  }[] = [];
  closed = false;
  /** Answers every request at once with this function's move. */
  auto: ((cells: number[][]) => Direction | null) | null = null;

  bestMove(cells: number[][], purpose: AdvicePurpose, signal: AbortSignal) {
    return new Promise<Direction | null>((resolve, reject) => {
      this.asked.push({ cells, purpose, signal, answer: { resolve, reject } });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      if (this.auto) resolve(this.auto(cells));
    });
  }

  close(): void {
    this.closed = true;
  }

  /** The last request. */
  get last() {
    return this.asked.at(-1)!;
  }
}

/** A solver whose answers the test gives; `prepare` resolves when the test says. */
export class FakeSolver implements PuzzleSolver {
  readonly asked: {
    tiles: readonly number[];
    width: number;
    cancelled: boolean;
    answer: Deferred<Solution>;
  }[] = [];
  readonly prepared: number[] = [];
  private ready: Deferred<void> | null = null;
  closed = false;

  solve(tiles: readonly number[], width: number) {
    let answer!: Deferred<Solution>;
    const promise = new Promise<Solution>((resolve, reject) => {
      answer = { resolve, reject };
    });
    const req = { tiles: [...tiles], width, cancelled: false, answer };
    this.asked.push(req);
    return {
      promise,
      cancel: () => {
        req.cancelled = true;
        answer.reject(new DOMException('cancelled', 'AbortError'));
      },
    };
  }

  prepare(width: number): Promise<void> {
    this.prepared.push(width);
    return new Promise((resolve, reject) => {
      this.ready = { resolve, reject };
    });
  }

  /** What `lowerBound` answers (and the positions it was asked about). */
  bound = 7;
  readonly bounded: (readonly number[])[] = [];

  lowerBound(tiles: readonly number[]): Promise<number> {
    this.bounded.push([...tiles]);
    return Promise.resolve(this.bound);
  }

  /** The tables asked for by `prepare` are ready. */
  tablesReady(): void {
    this.ready?.resolve();
  }

  close(): void {
    this.closed = true;
  }

  get last() {
    return this.asked.at(-1)!;
  }
}

/** A game history in memory that can be told to fail. */
export class MemoryHistory {
  readonly games: HistoryEntry[] = [];
  failing = false;

  recordGame(entry: HistoryEntry): Result<void> {
    if (this.failing) {
      return err(problem('save-failed', 'Could not add the game to your history (disk full).'));
    }
    this.games.push(entry);
    return ok(undefined);
  }
}

/** A 2048 store in memory that can be told to fail. */
export class MemoryStore2048 implements Store2048 {
  readonly saves: { game: Game; best: number; assisted: boolean; recorded: boolean }[] = [];
  readonly history = new MemoryHistory();
  failing = false;

  recordGame(entry: HistoryEntry): Result<void> {
    return this.history.recordGame(entry);
  }

  save(game: Game, best: number, marks: Marks2048): Result<void> {
    if (this.failing) return err(problem('save-failed', 'Could not save the game (disk full).'));
    this.saves.push({ game, best, ...marks });
    return ok(undefined);
  }
}

/** A puzzle store in memory that can be told to fail. */
export class MemoryStorePuzzle implements StorePuzzle {
  readonly saves: { puzzle: Puzzle; assisted: boolean }[] = [];
  readonly history = new MemoryHistory();
  records: Records = EMPTY_RECORDS;
  failing = false;

  recordGame(entry: HistoryEntry): Result<void> {
    return this.history.recordGame(entry);
  }

  recordSeries(key: string, timeMs: number, moves: number) {
    const r = recordSeries(this.records, key, timeMs, moves);
    this.records = r.records;
    return ok({ best: r.best, newBest: r.newBest });
  }

  seriesBest(key: string) {
    return this.records.series?.[key] ?? null;
  }

  recordOptimal(
    entry: Pick<HistoryEntry, 'date' | 'code'>,
    optimal: { readonly moves: number; readonly exact: boolean },
  ): Result<void> {
    const h = withOptimal({ entries: this.history.games, rolledUp: [] }, entry, optimal);
    this.history.games.splice(0, this.history.games.length, ...h.entries);
    return ok(undefined);
  }

  save(puzzle: Puzzle, _now: number, assisted: boolean): Result<void> {
    if (this.failing) return err(problem('save-failed', 'Could not save the game (disk full).'));
    this.saves.push({ puzzle, assisted });
    return ok(undefined);
  }

  recordSolve(width: number, moves: number, timeMs: number | null): Result<SolveRecords> {
    const r = recordSolve(this.records, width, moves, timeMs);
    this.records = r.records;
    return ok(solveRecords(r, width));
  }
}
