/**
 * Messages between a front-end and an AI worker (Node worker_threads or a browser Web Worker):
 * plain data, so both kinds of worker answer them with {@link answerAiRequest}.
 *
 * A browser worker is three lines:
 * ```ts
 * import { answerAiRequest } from 'slidebox/ai';
 * self.onmessage = (e) => self.postMessage(answerAiRequest(e.data));
 * ```
 */
import type { Direction } from '../../engine/types.ts';
import type { AiOptions } from './options.ts';
import { analyse } from './player.ts';
import { type GameRecord, playGame } from './selfplay.ts';

/** Options that cross a worker boundary: the search options, which are plain data. */
export type AiWireOptions = AiOptions;

/** Find the best move for `cells`. */
export interface MoveRequest {
  type: 'move';
  id: number;
  cells: number[][];
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
 * Answers one request. Errors (an invalid board, say) come back as an `error` reply. `post`
 * receives progress replies of a game request while it runs.
 */
export function answerAiRequest(req: AiRequest, post?: (r: ProgressReply) => void): AiReply {
  try {
    if (req.type === 'move') {
      const a = analyse(req.cells, req.opts);
      return { type: 'move', id: req.id, move: a.move, values: a.values, depth: a.depth };
    }
    const record = playGame(req.seed, {
      ...req.opts,
      maxMoves: req.maxMoves,
      progressEvery: req.progressEvery,
      onProgress: post ? (p) => post({ type: 'progress', id: req.id, ...p }) : undefined,
    });
    return { type: 'game', id: req.id, record };
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    const code = (error as { code?: unknown }).code;
    return {
      type: 'error',
      id: req.id,
      name: error.name,
      ...(typeof code === 'string' ? { code } : {}),
      message: error.message,
    };
  }
}
