/**
 * Test support: SQLite's queries answered on a later turn of the event loop. better-sqlite3
 * answers within the turn that asked, so one request's queries all run before the next
 * request is read, and two requests never interleave on one process; a networked database's
 * answers arrive on later turns, and there they do. With this plugin every query's answer waits
 * for the next turn, so concurrent requests interleave on SQLite as on PostgreSQL, and a race
 * between them (two keys claiming one name) is run on SQLite's own statements too.
 */
import type { KyselyPlugin } from 'kysely';
import type { Database } from '../server/db.ts';

const laterAnswers: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setImmediate(resolve));
    return args.result;
  },
};

/** `database` with every query builder's answer given on a later turn of the event loop. */
export function answeringLater(database: Database): Database {
  return { ...database, db: database.db.withPlugin(laterAnswers), close: () => database.close() };
}
