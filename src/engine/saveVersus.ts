/**
 * Saving and restoring a versus match. A save holds the rules and the move log; restoring
 * replays the log through the rules, so a save can never smuggle in a board, a queue or a
 * winner the rules would not produce.
 */

import { show } from './describe.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import type { Seed } from './rng.ts';
import type { Direction } from './types.ts';
import { replayVersus, type Side, type VersusMatch } from './versus.ts';

export const VERSUS_SAVE_KIND = 'slidebox/versus';
export const VERSUS_SAVE_VERSION = 1;

/** The JSON form of a saved match. */
export interface SavedVersus {
  kind: typeof VERSUS_SAVE_KIND;
  version: typeof VERSUS_SAVE_VERSION;
  seed: Seed;
  size: number;
  target: number;
  attackCap: number | null;
  /** One letter a move: u, d, l, r for side 0, U, D, L, R for side 1. */
  log: string;
  /** What the log leads to, checked on restore. */
  end: { scores: [number, number]; moves: [number, number]; winner: Side | 'draw' | null };
}

export type VersusSaveProblem = Problem<'bad-save' | 'future-version'>;

const LETTER: Record<Direction, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };
const FROM_LETTER: Record<string, Direction> = { u: 'up', d: 'down', l: 'left', r: 'right' };

/** The JSON-ready form of a match. */
export function serializeVersus(match: VersusMatch): SavedVersus {
  const { seed, size, target, attackCap } = match.rules;
  const [a, b] = match.games;
  return {
    kind: VERSUS_SAVE_KIND,
    version: VERSUS_SAVE_VERSION,
    seed,
    size,
    target,
    attackCap,
    log: match.log
      .map((m) => (m.side === 0 ? LETTER[m.direction] : LETTER[m.direction].toUpperCase()))
      .join(''),
    end: { scores: [a.score, b.score], moves: [a.moves, b.moves], winner: match.winner },
  };
}

function bad(message: string): { ok: false; error: VersusSaveProblem } {
  return err(problem('bad-save', message));
}

/** Restores a match from untrusted data (a parsed save), replaying its log. */
export function parseVersus(data: unknown): Result<VersusMatch, VersusSaveProblem> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad(`a saved match must be an object, got ${show(data)}`);
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== VERSUS_SAVE_KIND) {
    return bad(`not a slidebox versus save (kind is ${show(d.kind)})`);
  }
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 1) {
    return bad(`save version must be a whole number from 1, got ${show(d.version)}`);
  }
  if (d.version > VERSUS_SAVE_VERSION) {
    return err(
      problem(
        'future-version',
        `the save was written by a newer slidebox (format ${d.version}; this one reads up to ${VERSUS_SAVE_VERSION})`,
      ),
    );
  }
  if (typeof d.seed !== 'number' && typeof d.seed !== 'string') return bad('save has no seed');
  for (const field of ['size', 'target'] as const) {
    if (typeof d[field] !== 'number') return bad(`save has no ${field}`);
  }
  if (typeof d.log !== 'string' || !/^[udlrUDLR]*$/.test(d.log)) {
    return bad('save has a bad move list (only the letters u, d, l, r and U, D, L, R)');
  }
  const log = [...d.log].map((c) => ({
    side: (c === c.toLowerCase() ? 0 : 1) as Side,
    direction: FROM_LETTER[c.toLowerCase()]!,
  }));
  const match = replayVersus(
    {
      seed: d.seed,
      size: d.size as number,
      target: d.target as number,
      attackCap: d.attackCap as number | null,
    },
    log,
  );
  if (!match.ok) return bad(`save does not replay: ${match.error.message}`);
  const end = d.end as Record<string, unknown> | null;
  if (typeof end !== 'object' || end === null) return bad('save has no end position');
  const [a, b] = match.value.games;
  const same = (x: unknown, p: number, q: number) => Array.isArray(x) && x[0] === p && x[1] === q;
  if (
    !same(end.scores, a.score, b.score) ||
    !same(end.moves, a.moves, b.moves) ||
    end.winner !== match.value.winner
  ) {
    return bad("save's moves do not lead to its saved end");
  }
  return ok(match.value);
}
