/**
 * SQLite's faults, answered for what they are. A write that fails for a full disk or an I/O
 * error (SQLITE_FULL, SQLITE_IOERR) makes SQLite roll its transaction back itself; Kysely's
 * `rollback` after it then failed with "cannot rollback - no transaction is active", and that
 * error took the place of the real one. Here that rollback is let be, so the request's error is
 * the write's own. And a file with a damaged page is found before the server starts (SQLite's
 * quick check), with one sentence.
 */
import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect } from 'kysely';

/** SQLite's answer to a rollback after it rolled the transaction back itself. */
const NO_TRANSACTION = /no transaction is active/i;

/** Kysely's SQLite dialect whose rollback after SQLite's own leaves the first error standing. */
export class HonestSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      try {
        await rollback(connection);
      } catch (e) {
        if (!(e instanceof Error && NO_TRANSACTION.test(e.message))) throw e;
      }
    };
    return driver;
  }
}

/** SQLite's error codes of a file that is damaged or not a database. */
const DAMAGED = /^SQLITE_(CORRUPT|NOTADB)/;

/** Whether an error says the file is damaged (or not a database at all). */
export function damaged(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' && DAMAGED.test(code);
}

/** The sentence that refuses a damaged file. */
export function damagedSentence(path: string, what: string): string {
  return `the database ${path} is damaged (${what}): restore it from a backup, or move it aside to start an empty one.`;
}

/**
 * SQLite's quick check of the whole file (every page's structure, not the indexes' contents):
 * null when it is sound, else the sentence that refuses it.
 */
export function quickCheck(file: SQLite.Database, path: string): string | null {
  let rows: unknown[];
  try {
    rows = file.pragma('quick_check(1)') as unknown[];
  } catch (e) {
    if (damaged(e)) return damagedSentence(path, (e as Error).message);
    throw e;
  }
  const first = rows[0] as { quick_check?: unknown } | undefined;
  // One line: SQLite's first finding, without its "*** in database main ***" heading.
  const said = String(first?.quick_check ?? 'no answer')
    .replace(/\*\*\* in database \w+ \*\*\*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return said === 'ok'
    ? null
    : damagedSentence(path, `SQLite's quick check: ${said.slice(0, 200)}`);
}
