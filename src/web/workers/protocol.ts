/**
 * Messages between the page and its two workers (the 2048 AI and the puzzle solver). Every
 * request carries an id; every reply names the id it answers, so stale answers are dropped.
 * Both sides check what they receive: a worker answers a malformed request with an error, and
 * the page ignores a malformed reply.
 */
import { type Direction, isDirection } from '../../engine/types.ts';

export const PURPOSES = ['hint', 'autoplay'] as const;
export type Purpose = (typeof PURPOSES)[number];

export type AiRequest =
  | {
      readonly type: 'best-move';
      readonly id: number;
      readonly cells: number[][];
      readonly purpose: Purpose;
    }
  | { readonly type: 'cancel'; readonly id: number };

/** Which build of the AI's search answered: WebAssembly, or JavaScript where that is missing. */
export type AiEngine = 'wasm' | 'js';

export type AiReply =
  | {
      readonly type: 'move';
      readonly id: number;
      readonly dir: Direction | null;
      readonly engine?: AiEngine;
    }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

export type SolverRequest =
  | {
      readonly type: 'solve';
      readonly id: number;
      readonly tiles: number[];
      readonly width: number;
    }
  | { readonly type: 'cancel'; readonly id: number }
  /** Load or build what optimal solves of a width need (answered with `ready`). */
  | { readonly type: 'prepare'; readonly id: number; readonly width: number };

export type SolverReply =
  /** Tables are being built (or read back): `done` of `total` steps. */
  | {
      readonly type: 'progress';
      readonly id: number;
      readonly stage: string;
      readonly done: number;
      readonly total: number;
    }
  /** The tiles to slide, in order, from the position asked about to the goal. */
  | {
      readonly type: 'solution';
      readonly id: number;
      readonly tiles: number[];
      /** No shorter solution exists. */
      readonly optimal: boolean;
    }
  /** What a `prepare` asked for is ready. */
  | { readonly type: 'ready'; readonly id: number }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

function isId(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

function record(x: unknown): Record<string, unknown> | null {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
    ? (x as Record<string, unknown>)
    : null;
}

function isNumberGrid(x: unknown): x is number[][] {
  return (
    Array.isArray(x) && x.every((r) => Array.isArray(r) && r.every((v) => typeof v === 'number'))
  );
}

/** A request for the AI worker, or null (the board itself is checked by the engine there). */
export function parseAiRequest(x: unknown): AiRequest | null {
  const d = record(x);
  if (!d || !isId(d.id)) return null;
  if (d.type === 'cancel') return { type: 'cancel', id: d.id };
  if (d.type !== 'best-move' || !isNumberGrid(d.cells)) return null;
  if (!(PURPOSES as readonly unknown[]).includes(d.purpose)) return null;
  return { type: 'best-move', id: d.id, cells: d.cells, purpose: d.purpose as Purpose };
}

export function parseAiReply(x: unknown): AiReply | null {
  const d = record(x);
  if (!d || !isId(d.id)) return null;
  if (d.type === 'move' && (d.dir === null || isDirection(d.dir))) {
    const dir = d.dir as Direction | null;
    if (d.engine === 'wasm' || d.engine === 'js') {
      return { type: 'move', id: d.id, dir, engine: d.engine };
    }
    return { type: 'move', id: d.id, dir };
  }
  if (d.type === 'error' && typeof d.message === 'string') {
    return { type: 'error', id: d.id, message: d.message };
  }
  return null;
}

/** A request for the solver worker, or null (the tiles are checked by the engine there). */
export function parseSolverRequest(x: unknown): SolverRequest | null {
  const d = record(x);
  if (!d || !isId(d.id)) return null;
  if (d.type === 'cancel') return { type: 'cancel', id: d.id };
  if (d.type === 'prepare' && typeof d.width === 'number') {
    return { type: 'prepare', id: d.id, width: d.width };
  }
  if (d.type !== 'solve' || typeof d.width !== 'number') return null;
  if (!Array.isArray(d.tiles) || !d.tiles.every((t) => typeof t === 'number')) return null;
  return { type: 'solve', id: d.id, tiles: d.tiles as number[], width: d.width };
}

export function parseSolverReply(x: unknown): SolverReply | null {
  const d = record(x);
  if (!d || !isId(d.id)) return null;
  switch (d.type) {
    case 'progress':
      if (
        typeof d.stage !== 'string' ||
        typeof d.done !== 'number' ||
        typeof d.total !== 'number'
      ) {
        return null;
      }
      return { type: 'progress', id: d.id, stage: d.stage, done: d.done, total: d.total };
    case 'solution':
      if (!Array.isArray(d.tiles) || !d.tiles.every((t) => Number.isInteger(t))) return null;
      if (typeof d.optimal !== 'boolean') return null;
      return { type: 'solution', id: d.id, tiles: d.tiles as number[], optimal: d.optimal };
    case 'ready':
      return { type: 'ready', id: d.id };
    case 'error':
      return typeof d.message === 'string' ? { type: 'error', id: d.id, message: d.message } : null;
    default:
      return null;
  }
}
