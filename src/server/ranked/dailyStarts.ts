/**
 * The ranked daily's new attempts per client address, per UTC day and kind (`slidebox serve
 * --daily-starts N`, default {@link DEFAULT_DAILY_STARTS}). The ranked daily deals every player
 * the same board, so one address that starts it under many player keys can look at the board
 * with one key and play it with another; past its N starts of the day, a start of a new attempt
 * is refused (429, Retry-After until the next UTC day). A resume of a key's own attempt is not a
 * new start and is never refused here.
 *
 * Counted in the database (`ranked_daily_starts`, migration 0013: dailyStartsMigration.ts), so the bound holds across
 * the processes on one PostgreSQL and across restarts. A row is a day, a kind and the
 * address's hash: HMAC-SHA256 of the server's secret and the day with the address (an IPv6
 * client by its /64, as the socket limits count it) — never the address itself, and the hashes
 * of two days cannot be linked. Rows of days gone are deleted.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { RankedKind } from '../../net/ranked.ts';
import type { Database } from '../db.ts';
import { addressKey } from '../socketLimits.ts';

/** New ranked daily attempts a day per client address and kind, unless told otherwise. */
export const DEFAULT_DAILY_STARTS = 3;

/** The seconds from `now` (ms) to the end of its UTC day: a refusal's Retry-After. */
export function secondsToNextDay(now: number): number {
  const next = (Math.floor(now / 86_400_000) + 1) * 86_400_000;
  return Math.max(1, Math.ceil((next - now) / 1000));
}

/** The starts of the ranked daily counted per address (one per server). */
export class DailyStarts {
  /** The last day whose older rows were deleted by this process. */
  private swept: string | null = null;

  constructor(
    private readonly database: Database,
    /** New attempts a day per address and kind. */
    readonly max: number,
    /** The server's secret (ranked/secret.ts): the key of the addresses' hashes. */
    private readonly secret: () => Promise<string>,
  ) {}

  private async hashOf(address: string | undefined, day: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`ranked-daily-starts:${day}:${addressKey(address)}`)
      .digest('base64url');
  }

  /**
   * Takes one of the starts of `kind` left to `address` on `day`: false when it has none left.
   * One statement, so two processes taking the last one at once cannot both have it.
   */
  async take(address: string | undefined, kind: RankedKind, day: string): Promise<boolean> {
    await this.sweep(day);
    const hash = await this.hashOf(address, day);
    const r = await sql<{ starts: number }>`
      insert into ranked_daily_starts (day, kind, address_hash, starts)
      values (${day}, ${kind}, ${hash}, 1)
      on conflict (day, kind, address_hash) do update
        set starts = ranked_daily_starts.starts + 1
        where ranked_daily_starts.starts < ${this.max}
      returning starts`.execute(this.database.db);
    return r.rows.length > 0;
  }

  /** Gives back a start taken for an attempt that was not dealt after all. */
  async giveBack(address: string | undefined, kind: RankedKind, day: string): Promise<void> {
    const hash = await this.hashOf(address, day);
    await this.database.db
      .updateTable('ranked_daily_starts')
      .set((eb) => ({ starts: eb('starts', '-', 1) }))
      .where('day', '=', day)
      .where('kind', '=', kind)
      .where('address_hash', '=', hash)
      .where('starts', '>', 0)
      .execute();
  }

  /** Deletes the rows of the days before `day` (once a day per process). */
  private async sweep(day: string): Promise<void> {
    if (this.swept === day) return;
    this.swept = day;
    await this.database.db.deleteFrom('ranked_daily_starts').where('day', '<', day).execute();
  }
}
