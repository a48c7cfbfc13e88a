/**
 * Saving and restoring a duel. A save holds the options and the action log; restoring replays
 * the log through the rules, so a save can never smuggle in a board or a result.
 */

import { show } from './describe.ts';
import { type Duel, type DuelAction, type Player, replayDuel } from './duel.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import type { Seed } from './rng.ts';
import type { Direction } from './types.ts';

export const DUEL_SAVE_KIND = 'slidebox/duel';
export const DUEL_SAVE_VERSION = 1;

/** The JSON form of a saved duel. */
export interface SavedDuel {
  kind: typeof DUEL_SAVE_KIND;
  version: typeof DUEL_SAVE_VERSION;
  seed: Seed;
  size: number;
  /**
   * Actions separated by spaces: a slide is a letter (u, d, l, r); a placement is row, column
   * and value, as in `12:4` (a 4 at row 1, column 2).
   */
  log: string;
  /** What the log leads to, checked on restore. */
  end: { scores: number[]; winner: Player | 'draw' | null };
}

export type DuelSaveProblem = Problem<'bad-save' | 'future-version'>;

const LETTER: Record<Direction, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };
const FROM_LETTER: Record<string, Direction> = { u: 'up', d: 'down', l: 'left', r: 'right' };

function token(a: DuelAction): string {
  return a.kind === 'slide' ? LETTER[a.direction] : `${a.at.row}${a.at.col}:${a.value}`;
}

/** The slider scores of the finished rounds, then the current round's score. */
function scores(duel: Duel): number[] {
  const done = duel.rounds.map((r) => r.score);
  return duel.phase === 'over' ? done : [...done, duel.game.score];
}

/** The JSON-ready form of a duel. */
export function serializeDuel(duel: Duel): SavedDuel {
  return {
    kind: DUEL_SAVE_KIND,
    version: DUEL_SAVE_VERSION,
    seed: duel.seed,
    size: duel.size,
    log: duel.log.map(token).join(' '),
    end: { scores: scores(duel), winner: duel.winner },
  };
}

function bad(message: string): { ok: false; error: DuelSaveProblem } {
  return err(problem('bad-save', message));
}

function parseToken(t: string): DuelAction | null {
  const slide = FROM_LETTER[t];
  if (slide) return { kind: 'slide', direction: slide };
  const m = /^([0-7])([0-7]):([24])$/.exec(t);
  if (!m) return null;
  return {
    kind: 'place',
    at: { row: Number(m[1]), col: Number(m[2]) },
    value: m[3] === '2' ? 2 : 4,
  };
}

/** Restores a duel from untrusted data (a parsed save), replaying its log. */
export function parseDuel(data: unknown): Result<Duel, DuelSaveProblem> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad(`a saved duel must be an object, got ${show(data)}`);
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== DUEL_SAVE_KIND) return bad(`not a slidebox duel save (kind is ${show(d.kind)})`);
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 1) {
    return bad(`save version must be a whole number from 1, got ${show(d.version)}`);
  }
  if (d.version > DUEL_SAVE_VERSION) {
    return err(
      problem(
        'future-version',
        `the save was written by a newer slidebox (format ${d.version}; this one reads up to ${DUEL_SAVE_VERSION})`,
      ),
    );
  }
  if ((typeof d.seed !== 'number' && typeof d.seed !== 'string') || typeof d.size !== 'number')
    return bad('save has no seed or size');
  if (typeof d.log !== 'string') return bad(`save's log must be a string, got ${show(d.log)}`);
  const tokens = d.log === '' ? [] : d.log.split(' ');
  const log: DuelAction[] = [];
  for (const t of tokens) {
    const a = parseToken(t);
    if (!a) return bad(`save's log has a bad action ${show(t)}`);
    log.push(a);
  }
  const duel = replayDuel({ seed: d.seed, size: d.size }, log);
  if (!duel.ok) return bad(`save does not replay: ${duel.error.message}`);
  const end = d.end as Record<string, unknown> | null;
  if (typeof end !== 'object' || end === null) return bad('save has no end');
  const want = scores(duel.value);
  const got = end.scores;
  if (
    !Array.isArray(got) ||
    got.length !== want.length ||
    want.some((s, i) => got[i] !== s) ||
    end.winner !== duel.value.winner
  ) {
    return bad("save's actions do not lead to its saved end");
  }
  return ok(duel.value);
}
