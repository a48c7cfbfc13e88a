/**
 * Messages between the page and its two workers (the 2048 AI and the puzzle solver). Every
 * request carries an id; every reply names the id it answers, so stale answers are dropped.
 * Both sides check what they receive: a worker answers a malformed request with an error, and
 * the page ignores a malformed reply.
 *
 * The AI worker speaks the AI's own protocol (src/solvers/ai2048/protocol.ts, the one the Node
 * worker threads speak): a `move` request answered by `answerAiRequest`. The page adds a cancel
 * (a request not yet started is skipped) and the worker says which build of the search answered.
 */

import { DIRECTIONS, type Direction, isDirection } from '../../engine/types.ts';
import type { AnalysisMatchView } from '../../front/modelAnalysis.ts';
import { ADVICE_PRESETS, type AdvicePurpose } from '../../front/ports.ts';
import type { SearchBackend } from '../../solvers/ai2048/player.ts';
import type { PresetName } from '../../solvers/ai2048/presets.ts';
import type { ErrorReply, MoveReply, MoveRequest } from '../../solvers/ai2048/protocol.ts';
import type {
  Analysis2048,
  MoveClass,
  MoveVerdict2048,
} from '../../solvers/analysis/analyse2048.ts';
import type { AnalysisPuzzle, MoveVerdictPuzzle } from '../../solvers/analysis/analysePuzzle.ts';

export type Purpose = AdvicePurpose;

/** The AI's preset for each purpose (the same in every front-end). */
export const PRESET_FOR: Readonly<Record<Purpose, PresetName>> = ADVICE_PRESETS;

/** The AI request for a board and a purpose. */
export function aiMoveRequest(id: number, cells: number[][], purpose: Purpose): MoveRequest {
  return { type: 'move', id, cells, opts: { preset: PRESET_FOR[purpose] } };
}

/** Drops a request the worker has not started yet. */
export interface AiCancel {
  readonly type: 'cancel';
  readonly id: number;
}

/**
 * Judges every move of a shared game (a 2048 game to the AI worker, a puzzle to the solver
 * worker): the worker reads the code itself, with the engine, and answers with `progress`
 * replies, then an `analysis`. A cancel stops it: the AI worker between two moves; the solver
 * worker while its tables load (its search between two moves does not yield, so the page
 * stops a puzzle's analysis by ending the worker).
 */
export interface AnalyseRequest {
  readonly type: 'analyse';
  readonly id: number;
  readonly code: string;
}

export type AiWorkerRequest = MoveRequest | AiCancel | AnalyseRequest;

/** Which build of the AI's search answered: WebAssembly, or JavaScript where that is missing. */
export type AiEngine = SearchBackend;

/** How far an analysis has come: `done` of `total` steps of `stage` (a phrase for the page). */
export interface AnalysisProgressReply {
  readonly type: 'progress';
  readonly id: number;
  readonly stage: string;
  readonly done: number;
  readonly total: number;
}

/** The stage of an analysis while it judges the moves (tables come first for a 4×4 puzzle). */
export const ANALYSING = 'Analysing the moves';

/** A 2048 game's analysis (or a versus match's or a duel's), as the AI worker answers it. */
export interface Analysis2048Reply {
  readonly type: 'analysis';
  readonly id: number;
  readonly analysis: Analysis2048 | AnalysisMatchView;
}

/**
 * The AI's replies: to a move request, a move that also says which build of the search
 * answered; to an analysis, its progress and the analysis.
 */
export type AiWorkerReply =
  | (MoveReply & { readonly engine?: AiEngine })
  | AnalysisProgressReply
  | Analysis2048Reply
  | ErrorReply;

/** The message of the error reply to a request that is not one. */
export const MALFORMED_AI_REQUEST = 'the AI worker received a malformed request';

export type SolverRequest =
  | {
      readonly type: 'solve';
      readonly id: number;
      readonly tiles: number[];
      readonly width: number;
    }
  | { readonly type: 'cancel'; readonly id: number }
  /** Load or build what optimal solves of a width need (answered with `ready`). */
  | { readonly type: 'prepare'; readonly id: number; readonly width: number }
  | AnalyseRequest;

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
  /**
   * A puzzle's analysis; `note` says why its distances are lower bounds when they could have
   * been exact (the 4×4 tables could not be had), else null.
   */
  | {
      readonly type: 'analysis';
      readonly id: number;
      readonly analysis: AnalysisPuzzle;
      readonly note: string | null;
    }
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

const WEB_PRESETS: readonly unknown[] = Object.values(PRESET_FOR);

/**
 * A request for the AI worker, or null: a cancel, or a move request as the page sends it (a
 * preset of {@link PRESET_FOR}; the board itself is checked by the AI).
 */
export function parseAiRequest(x: unknown): AiWorkerRequest | null {
  const d = record(x);
  if (!d || !isId(d.id)) return null;
  if (d.type === 'cancel') return { type: 'cancel', id: d.id };
  if (d.type === 'analyse') return typeof d.code === 'string' ? analyseRequest(d.id, d.code) : null;
  if (d.type !== 'move' || !isNumberGrid(d.cells)) return null;
  const opts = record(d.opts);
  if (!opts || Object.keys(opts).length !== 1 || !WEB_PRESETS.includes(opts.preset)) return null;
  return { type: 'move', id: d.id, cells: d.cells, opts: { preset: opts.preset as PresetName } };
}

function isValues(x: unknown): x is Record<Direction, number> {
  const d = record(x);
  return d !== null && DIRECTIONS.every((dir) => typeof d[dir] === 'number');
}

export function parseAiReply(x: unknown): AiWorkerReply | null {
  const d = record(x);
  if (!d || !isId(d.id)) return null;
  if (
    d.type === 'move' &&
    (d.move === null || isDirection(d.move)) &&
    isValues(d.values) &&
    typeof d.depth === 'number'
  ) {
    const reply: MoveReply = {
      type: 'move',
      id: d.id,
      move: d.move as Direction | null,
      values: d.values,
      depth: d.depth,
    };
    // An engine name it does not know is left out; the move still counts.
    return d.engine === 'wasm' || d.engine === 'js' ? { ...reply, engine: d.engine } : reply;
  }
  if (d.type === 'progress') return parseProgress(d.id, d);
  if (d.type === 'analysis') {
    const analysis = parseAnalysis2048(d.analysis) ?? parseAnalysisMatch(d.analysis);
    return analysis ? { type: 'analysis', id: d.id, analysis } : null;
  }
  if (d.type === 'error' && typeof d.message === 'string' && typeof d.name === 'string') {
    return {
      type: 'error',
      id: d.id,
      name: d.name,
      ...(typeof d.code === 'string' ? { code: d.code } : {}),
      message: d.message,
    };
  }
  return null;
}

/** A request for the solver worker, or null (the tiles are checked by the engine there). */
export function parseSolverRequest(x: unknown): SolverRequest | null {
  const d = record(x);
  if (!d || !isId(d.id)) return null;
  if (d.type === 'cancel') return { type: 'cancel', id: d.id };
  if (d.type === 'analyse') return typeof d.code === 'string' ? analyseRequest(d.id, d.code) : null;
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
      return parseProgress(d.id, d);
    case 'solution':
      if (!Array.isArray(d.tiles) || !d.tiles.every((t) => Number.isInteger(t))) return null;
      if (typeof d.optimal !== 'boolean') return null;
      return { type: 'solution', id: d.id, tiles: d.tiles as number[], optimal: d.optimal };
    case 'ready':
      return { type: 'ready', id: d.id };
    case 'analysis': {
      const analysis = parseAnalysisPuzzle(d.analysis);
      if (!analysis || (d.note !== null && typeof d.note !== 'string')) return null;
      return { type: 'analysis', id: d.id, analysis, note: d.note };
    }
    case 'error':
      return typeof d.message === 'string' ? { type: 'error', id: d.id, message: d.message } : null;
    default:
      return null;
  }
}

function analyseRequest(id: number, code: string): AnalyseRequest {
  return { type: 'analyse', id, code };
}

function parseProgress(id: number, d: Record<string, unknown>): AnalysisProgressReply | null {
  if (typeof d.stage !== 'string' || typeof d.done !== 'number' || typeof d.total !== 'number') {
    return null;
  }
  return { type: 'progress', id, stage: d.stage, done: d.done, total: d.total };
}

/** The classes of a 2048 move, best first (the analysis's own list, checked in a test). */
export const MOVE_CLASS_NAMES = [
  'best',
  'good',
  'inaccuracy',
  'mistake',
  'blunder',
] as const satisfies readonly MoveClass[];

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isClass = (x: unknown): x is MoveClass =>
  (MOVE_CLASS_NAMES as readonly unknown[]).includes(x);

/** Whether `x` is a judged 2048 move (its other fields, if any, are passed on as they are). */
function isVerdict2048(x: unknown): x is MoveVerdict2048 {
  const d = record(x);
  const values = record(d?.values);
  if (!d || !values || !isCount(d.n) || !isDirection(d.played) || !isDirection(d.best)) {
    return false;
  }
  if (!DIRECTIONS.every((dir) => values[dir] === null || isNum(values[dir]))) return false;
  if (d.scale !== undefined && d.scale !== 'chance' && d.scale !== 'value') return false;
  return isNum(d.loss) && isClass(d.class) && isNum(d.accuracy);
}

/**
 * A 2048 analysis as the AI worker sends it, or null when it is not one. The fields the page
 * uses are checked; the analysis's other fields are passed on as they are.
 */
export function parseAnalysis2048(x: unknown): Analysis2048 | null {
  const d = record(x);
  const counts = record(d?.counts);
  if (!d || !counts || d.kind !== '2048' || typeof d.preset !== 'string') return null;
  if (!isNum(d.accuracy) || !isNum(d.agreement) || !Array.isArray(d.moves)) return null;
  if (!MOVE_CLASS_NAMES.every((c) => isCount(counts[c]))) return null;
  if (!d.moves.every(isVerdict2048)) return null;
  return d as unknown as Analysis2048;
}

function isVerdictPuzzle(x: unknown): x is MoveVerdictPuzzle {
  const d = record(x);
  if (!d || !isCount(d.n) || !isCount(d.played) || !isCount(d.slid)) return false;
  if (!isCount(d.before) || !isCount(d.after) || typeof d.optimal !== 'boolean') return false;
  return d.best === null || isCount(d.best);
}

/**
 * A puzzle analysis as the solver worker sends it, or null when it is not one (checked as the
 * 2048 one is).
 */
export function parseAnalysisPuzzle(x: unknown): AnalysisPuzzle | null {
  const d = record(x);
  if (d?.kind !== 'puzzle' || !isCount(d.width) || typeof d.exact !== 'boolean') return null;
  if (!isCount(d.optimal) || !isCount(d.played) || !isCount(d.wasted)) return null;
  if (!Array.isArray(d.detours) || !d.detours.every(isCount) || !Array.isArray(d.moves)) {
    return null;
  }
  if (!d.moves.every(isVerdictPuzzle)) return null;
  return d as unknown as AnalysisPuzzle;
}

const isSide = (x: unknown): x is 0 | 1 => x === 0 || x === 1;

function isPlaced(x: unknown): boolean {
  const d = record(x);
  const at = record(d?.at);
  return !!at && isCount(at.row) && isCount(at.col) && (d!.value === 2 || d!.value === 4);
}

/** Whether `x` is a match action's mark (a slide's or a placement's). */
function isMarkMatch(x: unknown): boolean {
  const d = record(x);
  if (!d || !isSide(d.side) || !isCount(d.at) || !isCount(d.n)) return false;
  if (!isNum(d.loss) || !isClass(d.class)) return false;
  if (d.action === 'slide') return isDirection(d.played) && isDirection(d.best);
  return d.action === 'place' && isPlaced(d.played) && isPlaced(d.best);
}

function isFigures(x: unknown): boolean {
  const d = record(x);
  const counts = record(d?.counts);
  if (!d || !counts || !isNum(d.accuracy) || !isNum(d.agreement) || !isCount(d.judged)) {
    return false;
  }
  return MOVE_CLASS_NAMES.every((c) => isCount(counts[c]));
}

/**
 * A versus match's or a duel's analysis as the AI worker sends it (as the viewers show it), or
 * null when it is not one.
 */
export function parseAnalysisMatch(x: unknown): AnalysisMatchView | null {
  const d = record(x);
  if (d?.kind !== 'match' || (d.match !== 'versus' && d.match !== 'duel')) return null;
  if (typeof d.preset !== 'string' || !Array.isArray(d.sides) || d.sides.length !== 2) return null;
  const sideOk = (s: unknown, i: number) => {
    const r = record(s);
    return (
      !!r &&
      r.side === i &&
      isFigures(r.slides) &&
      (r.placements === null || isFigures(r.placements))
    );
  };
  if (!d.sides.every(sideOk) || !Array.isArray(d.moves)) return null;
  if (!d.moves.every((m) => m === null || isMarkMatch(m))) return null;
  return d as unknown as AnalysisMatchView;
}
