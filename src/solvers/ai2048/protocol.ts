/**
 * Messages between a front-end and an AI worker (Node worker_threads or a browser Web Worker):
 * plain data, so both kinds of worker answer them with {@link answerAiRequest}. Internal: the
 * library's users call `bestMove` of `slidebox/ai` in a worker of their own.
 */
import { type Problem, problem } from '../../engine/result.ts';
import type { Direction } from '../../engine/types.ts';
import { type AiOptions, checkAiOptions } from './options.ts';
import { analyse } from './player.ts';
import { type GameRecord, playGame } from './selfplay.ts';

/** Options that cross a worker boundary: the search options, which are plain data. */
export type AiWireOptions = AiOptions;

/** Find the best move for `cells`. */
export interface MoveRequest {
  type: 'move';
  id: number;
  cells: readonly (readonly number[])[];
  opts: AiWireOptions;
}

/** Play whole seeded games (the benchmark); progress messages come every `progressEvery` moves. */
export interface GameRequest {
  type: 'game';
  id: number;
  seed: number;
  opts: AiWireOptions;
  maxMoves?: number;
  progressEvery?: number;
}

export type AiRequest = MoveRequest | GameRequest;

export interface MoveReply {
  type: 'move';
  id: number;
  move: Direction | null;
  values: Record<Direction, number>;
  depth: number;
}

export interface GameReply {
  type: 'game';
  id: number;
  record: GameRecord;
}

export interface ProgressReply {
  type: 'progress';
  id: number;
  moves: number;
  score: number;
  maxTile: number;
}

export interface ErrorReply {
  type: 'error';
  id: number;
  name: string;
  code?: string;
  message: string;
}

export type AiReply = MoveReply | GameReply | ProgressReply | ErrorReply;

/**
 * Answers one request. Anything that is not an {@link AiRequest} (it may come from another
 * thread or page) and errors (an invalid board, say) come back as an `error` reply, never a
 * throw; the reply's `id` is the request's, or -1 when it has none. `post` receives progress
 * replies of a game request while it runs.
 */
export function answerAiRequest(
  req: AiRequest | unknown,
  post?: (r: ProgressReply) => void,
): AiReply {
  const r = isObject(req) ? req : null;
  const id = r !== null && typeof r.id === 'number' ? r.id : -1;
  if (r === null || (r.type !== 'move' && r.type !== 'game')) {
    return refused(
      id,
      problem('bad-request', 'An AI request is an object whose type is "move" or "game".'),
    );
  }
  const opts = checkAiOptions(r.opts);
  if (!opts.ok) return refused(id, opts.error);
  try {
    if (r.type === 'move') {
      const a = analyse(r.cells as number[][], opts.value);
      return { type: 'move', id, move: a.move, values: a.values, depth: a.depth };
    }
    const record = playGame(r.seed as number, {
      ...opts.value,
      maxMoves: r.maxMoves as number | undefined,
      progressEvery: r.progressEvery as number | undefined,
      onProgress: post ? (p) => post({ type: 'progress', id, ...p }) : undefined,
    });
    return { type: 'game', id, record };
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    const code = (error as { code?: unknown }).code;
    return {
      type: 'error',
      id,
      name: error.name,
      ...(typeof code === 'string' ? { code } : {}),
      message: error.message,
    };
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function refused(id: number, p: Problem): ErrorReply {
  return { type: 'error', id, name: 'SlideboxError', code: p.code, message: p.message };
}
