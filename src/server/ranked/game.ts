/**
 * One ranked game as the server plays it, in memory: the engine's game from the seed only the
 * server knows, each move applied as it arrives and stamped with the server's clock, the
 * answer of each move kept (a move sent again is answered again, the same), the board its
 * player may see (never the seed, never a tile to come), and at the end its share code, seed
 * revealed. Pure: no I/O, no clock of its own (times are given).
 */
import { type Game, newGame, play } from '../../engine/game2048.ts';
import { moveDurations } from '../../engine/moveTimes.ts';
import { moveTile, newPuzzle, type Puzzle } from '../../engine/puzzle.ts';
import type { Seed } from '../../engine/rng.ts';
import { encodeShared } from '../../engine/shareCode.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import {
  LETTER_DIRECTIONS,
  type RankedBoard,
  type RankedKind,
  type RankedServerMessage,
} from '../../net/ranked.ts';

export type Moved = Extract<RankedServerMessage, { type: 'moved' }>;
export type Refused = Extract<RankedServerMessage, { type: 'refused' }>;

/** What a ranked game is, apart from its moves. */
export interface RankedSetup {
  readonly id: string;
  readonly kind: RankedKind;
  readonly size: number;
  /** 2048: the target; puzzle: null. */
  readonly target: number | null;
  readonly day: string | null;
  readonly seed: Seed;
  /** The deal on the server's clock (ms since 1970). */
  readonly dealtMs: number;
  readonly keyHash: string;
  readonly name: string;
}

/** A move as stored: a direction's index (2048) or a tile (puzzle), and its time from the deal. */
export interface StoredMove {
  readonly move: number;
  readonly t: number;
}

export class RankedGame {
  private g2048: Game | null;
  private puzzle: Puzzle | null;
  /** Every move taken, in order (index n - 1). */
  readonly moves: StoredMove[] = [];
  /** The answer to each move taken (index n - 1). */
  private readonly answers: Moved[] = [];

  constructor(readonly setup: RankedSetup) {
    if (setup.kind === '2048') {
      this.g2048 = newGame({
        size: setup.size,
        target: setup.target!,
        seed: setup.seed,
        keepPlaying: true,
      });
      this.puzzle = null;
    } else {
      this.g2048 = null;
      this.puzzle = newPuzzle({ width: setup.size, seed: setup.seed });
    }
  }

  /** The game again from its stored moves (a server restart, another process). */
  static replayed(setup: RankedSetup, moves: readonly StoredMove[]): RankedGame {
    const g = new RankedGame(setup);
    for (const m of moves) {
      const n = g.moves.length + 1;
      const r =
        setup.kind === '2048'
          ? g.move2048(n, DIRECTIONS[m.move]!, m.t)
          : g.movePuzzle(n, m.move, m.t);
      if (r.type !== 'moved') throw new Error(`ranked game ${setup.id}: stored move ${n} refused`);
    }
    return g;
  }

  /** Moves taken. */
  get taken(): number {
    return this.moves.length;
  }

  /** No move is left (2048) or the puzzle is solved. */
  get over(): boolean {
    return this.g2048 ? this.g2048.over : this.puzzle!.solved;
  }

  /** Move `n` of the client: taken (once), answered again, or refused. */
  move(n: number, m: { d: 'u' | 'd' | 'l' | 'r' } | { tile: number }, t: number): Moved | Refused {
    if (n <= this.taken) return this.answers[n - 1]!;
    if (n !== this.taken + 1) {
      return refused(n, 'out-of-order', `move ${n} came before move ${this.taken + 1}`);
    }
    if (this.over) return refused(n, 'over', 'the game is over');
    if (this.setup.kind === '2048') {
      if (!('d' in m)) return refused(n, 'bad-move', 'a 2048 move is a direction (u, d, l, r)');
      return this.move2048(n, LETTER_DIRECTIONS[m.d], t);
    }
    if (!('tile' in m)) return refused(n, 'bad-move', 'a puzzle move names a tile');
    return this.movePuzzle(n, m.tile, t);
  }

  private move2048(n: number, d: Direction, t: number): Moved | Refused {
    const before = this.g2048!;
    const next = play(before, d);
    if (next === before) return refused(n, 'no-move', `nothing slides ${d}`);
    // The history is not kept: a long game would hold every position.
    this.g2048 = { ...next, previous: null };
    const s = next.spawned[0];
    const moved: Moved = {
      type: 'moved',
      n,
      tile: s ? { row: s.at.row, col: s.at.col, value: s.value } : null,
      t,
      score: next.score,
      over: next.over,
      won: next.won,
    };
    this.moves.push({ move: DIRECTIONS.indexOf(d), t });
    this.answers.push(moved);
    return moved;
  }

  private movePuzzle(n: number, tile: number, t: number): Moved | Refused {
    const before = this.puzzle!;
    const cells = before.width * before.width;
    if (!Number.isInteger(tile) || tile < 1 || tile >= cells) {
      return refused(n, 'bad-move', `a tile is a whole number from 1 to ${cells - 1}`);
    }
    const next = moveTile(before, tile);
    if (next === before) return refused(n, 'no-move', `tile ${tile} cannot move`);
    this.puzzle = { ...next, previous: null };
    const moved: Moved = {
      type: 'moved',
      n,
      tile: null,
      t,
      score: next.moves,
      over: next.solved,
      won: next.solved,
    };
    this.moves.push({ move: tile, t });
    this.answers.push(moved);
    return moved;
  }

  /** The board as its player may see it. */
  board(): RankedBoard {
    const s = this.setup;
    const elapsedMs = this.moves.at(-1)?.t ?? 0;
    const common = {
      kind: s.kind,
      size: s.size,
      target: s.target,
      day: s.day,
      moves: this.taken,
      elapsedMs,
    };
    if (this.g2048) {
      const g = this.g2048;
      return {
        ...common,
        cells: g.cells.map((row) => [...row]),
        tiles: null,
        score: g.score,
        over: g.over,
        won: g.won,
      };
    }
    const p = this.puzzle!;
    return {
      ...common,
      cells: null,
      tiles: [...p.tiles],
      score: p.moves,
      over: p.solved,
      won: p.solved,
    };
  }

  /**
   * The game's share code, seed revealed. A puzzle's carries the server's time of each move and
   * the time from the deal to the solving move (the last move's, unsolved). The 2048 code
   * format has no move times: they stay in the database (ranked_moves).
   */
  code(): string {
    const s = this.setup;
    if (s.kind === '2048') {
      const moves = this.moves.map((m) => DIRECTIONS[m.move]!);
      return encodeShared({
        game: { kind: '2048', size: s.size, target: s.target!, seed: s.seed, evil: false, moves },
        assisted: false,
        players: '',
      });
    }
    const tiles = this.moves.map((m) => m.move);
    const moveMs = moveDurations(this.moves.map((m) => m.t));
    const timeMs = this.moves.at(-1)?.t ?? 0;
    return encodeShared({
      game: {
        kind: 'puzzle',
        width: s.size,
        seed: s.seed,
        tiles,
        timeMs,
        ...(tiles.length > 0 ? { moveMs } : {}),
      },
      assisted: false,
      players: '',
    });
  }
}

function refused(n: number, code: string, message: string): Refused {
  return { type: 'refused', n, code, message };
}
