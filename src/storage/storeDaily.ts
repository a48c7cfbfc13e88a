/**
 * The daily challenge on disk: the day's games in their own files (`daily-2048.json`,
 * `daily-puzzle.json`, replaced when a new day's game starts), and the counted attempts in the
 * stats file beside the records. The stores wrap the usual ones: every game still goes to the
 * records and the history; the first attempt of the day that ends is the day's result.
 */
import { join } from 'node:path';
import type { Game } from '../engine/game2048.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import { err, ok, problem, type Result } from '../engine/result.ts';
import { parseGame } from '../engine/save2048.ts';
import { parseSavedPuzzle } from '../engine/savePuzzle.ts';
import {
  type DailyKind,
  type DailyResult,
  dailyResultOf,
  dailySeed,
  givenUpResult,
  recordDaily,
} from '../front/daily.ts';
import type { HistoryEntry } from '../front/history.ts';
import { readMarks2048 } from '../front/model2048.ts';
import type { Store2048, StorePuzzle } from '../front/ports.ts';
import { type LoadedSave, loadSave, saveFailure } from './saves.ts';
import { updateRecords } from './stats.ts';
import { fileStore2048 } from './store2048.ts';
import { fileStorePuzzle } from './storePuzzle.ts';

export function dailyPath(dir: string, kind: DailyKind): string {
  return join(dir, `daily-${kind}.json`);
}

/**
 * The day's 2048 game in progress, whether the AI helped and whether it is in the history
 * already, or null (none, or an earlier day's).
 */
export function loadDaily2048(
  dir: string,
  day: string,
): LoadedSave<{ game: Game; assisted: boolean; recorded: boolean }> {
  const loaded = loadSave(dailyPath(dir, '2048'), (data) => {
    const g = parseGame(data);
    return g.ok ? ok({ game: g.value, ...readMarks2048(data, g.value) }) : g;
  });
  const today = loaded.value?.game.seed === dailySeed(day, '2048') ? loaded.value : null;
  return { value: today, notices: loaded.notices };
}

/** The day's puzzle in progress (clock paused) and whether the solver helped, or null. */
export function loadDailyPuzzle(
  dir: string,
  day: string,
): LoadedSave<{ puzzle: Puzzle; assisted: boolean }> {
  const loaded = loadSave(dailyPath(dir, 'puzzle'), (data) => {
    const p = parseSavedPuzzle(data);
    const assisted = (data as { assisted?: unknown }).assisted === true;
    return p.ok ? ok({ puzzle: p.value, assisted }) : p;
  });
  const today = loaded.value?.puzzle.seed === dailySeed(day, 'puzzle') ? loaded.value : null;
  return { value: today, notices: loaded.notices };
}

/** Counts a day's attempt if it is the first one to end; says whether it counted. */
export function recordDailyResult(
  dir: string,
  day: string,
  kind: DailyKind,
  result: DailyResult,
): Result<boolean> {
  let counted = false;
  try {
    updateRecords(dir, (r) => {
      const next = recordDaily(r.daily ?? {}, day, kind, result);
      counted = next.counted;
      return next.counted ? { ...r, daily: next.table } : r;
    });
    return ok(counted);
  } catch (e) {
    return err(problem('save-failed', saveFailure(e, dir, 'save the daily result')));
  }
}

/** What a daily store tells its front-end: the result that counted, once it has. */
export interface DailyOutcome {
  counted: DailyResult | null;
  /** Puzzle: gives up the day's attempt if one is under way (a new game was asked for). */
  giveUp?: () => void;
}

/** Records a finished game, and the day's result when it is the day's first to end. */
function recordWithDaily(
  base: (entry: HistoryEntry) => Result<void>,
  dir: string,
  day: string,
  kind: DailyKind,
  outcome: DailyOutcome,
): (entry: HistoryEntry) => Result<void> {
  return (entry) => {
    const h = base(entry);
    const result = dailyResultOf(entry, day, kind);
    if (!result) return h;
    const r = recordDailyResult(dir, day, kind, result);
    if (r.ok && r.value) outcome.counted = result;
    return r.ok ? h : r;
  };
}

/** The store of the day's 2048 game: its own file, the records, the history, the day's result. */
export function fileStoreDaily2048(dir: string, day: string, outcome: DailyOutcome): Store2048 {
  const base = fileStore2048(dir, false, dailyPath(dir, '2048'));
  return { ...base, recordGame: recordWithDaily(base.recordGame!, dir, day, '2048', outcome) };
}

/** The store of the day's puzzle: its own file, the records, the history, the day's result. */
export function fileStoreDailyPuzzle(dir: string, day: string, outcome: DailyOutcome): StorePuzzle {
  const base = fileStorePuzzle(dir, dailyPath(dir, 'puzzle'));
  let under: { puzzle: Puzzle; now: number; assisted: boolean } | null = null;
  outcome.giveUp = () => {
    const u = under;
    under = null;
    const given = u && givenUpResult(u.puzzle, day, u.now, u.assisted);
    if (!given) return;
    const r = recordDailyResult(dir, day, 'puzzle', given);
    if (r.ok && r.value) outcome.counted = given;
  };
  return {
    ...base,
    save(puzzle, now, assisted) {
      under = { puzzle, now, assisted };
      return base.save(puzzle, now, assisted);
    },
    recordGame: recordWithDaily(base.recordGame!, dir, day, 'puzzle', outcome),
  };
}
