/**
 * The daily challenge in the browser: today's plan (the UTC day, the seed, where the day's game
 * is kept) and the store wrapper that keeps the day's first finished game as its result in the
 * records, like the terminal's stats file. The games themselves are the usual 2048 and puzzle
 * screens in daily mode.
 */

import { ok, type Result } from '../../engine/result.ts';
import {
  type DailyKind,
  type DailyResult,
  dailyLine,
  dailyNotice,
  dailyResultOf,
  dailySeed,
  recordDaily,
  utcDay,
} from '../../front/daily.ts';
import type { HistoryEntry } from '../../front/history.ts';
import { type KeyValueStore, saveRecords } from './persist.ts';
import type { RecordsBox } from './webStores.ts';

export interface DailyPlan {
  readonly day: string;
  readonly kind: DailyKind;
  readonly seed: number;
  /** Where the day's game in progress is kept. */
  readonly key: string;
}

/** Today's plan for a kind of game. */
export function dailyPlan(kind: DailyKind, now = Date.now()): DailyPlan {
  const day = utcDay(now);
  return { day, kind, seed: dailySeed(day, kind), key: `slidebox:daily:${kind}` };
}

/** The notice a daily game opens with: the first game to end counts, or this is practice. */
export function dailyNoticeFor(plan: DailyPlan, records: RecordsBox): string {
  return dailyNotice(records.value.daily ?? {}, plan.day, plan.kind);
}

/** Keeps a day's result if it is the day's first; says its line when it counted. */
export function countDaily(
  plan: DailyPlan,
  result: DailyResult,
  kv: KeyValueStore,
  records: RecordsBox,
): string | null {
  const next = recordDaily(records.value.daily ?? {}, plan.day, plan.kind, result);
  if (!next.counted) return null;
  records.value = { ...records.value, daily: next.table };
  saveRecords(kv, records.value);
  return dailyLine(plan.day, plan.kind, result);
}

/**
 * A store whose finished games also count for the day: the first of the day's game to end is
 * its result (`counted` hears its line), later ones are practice.
 */
export function withDaily<S extends { recordGame?(entry: HistoryEntry): Result<void> }>(
  store: S,
  plan: DailyPlan,
  kv: KeyValueStore,
  records: RecordsBox,
  counted: (line: string) => void,
): S {
  return {
    ...store,
    recordGame(entry: HistoryEntry): Result<void> {
      const h = store.recordGame?.(entry) ?? ok(undefined);
      const result = dailyResultOf(entry, plan.day, plan.kind);
      const line = result && countDaily(plan, result, kv, records);
      if (line) counted(line);
      return h;
    },
  };
}
