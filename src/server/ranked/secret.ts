/**
 * The ranked daily's seeds: HMAC-SHA256 of the server's secret and "ranked-daily:KIND:DAY",
 * its first 128 bits as a long seed (dealt through ChaCha20) — the same for every player of the
 * day, and unknown to every client (the offline daily's seed follows from the date alone; this
 * one needs the secret).
 *
 * The secret is `SLIDEBOX_SECRET` when set, else made once (32 random bytes) and kept in the
 * database (server_secrets), so it survives restarts and every process on one PostgreSQL
 * database shares it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../db.ts';

const SECRET_NAME = 'ranked-daily';

/** The server's secret: the environment's, or the database's (made on first use). */
export async function serverSecret(
  database: Database,
  env: string | undefined = process.env.SLIDEBOX_SECRET,
): Promise<string> {
  if (env !== undefined && env !== '') return env;
  const read = async () =>
    (
      await database.db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', SECRET_NAME)
        .executeTakeFirst()
    )?.value;
  const known = await read();
  if (known !== undefined) return known;
  // Two processes starting at once: the first insert wins, and both read it back.
  await database.db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const made = await read();
  if (made === undefined) throw new Error('the server secret could not be stored');
  return made;
}

/**
 * The seed of a day's ranked daily of a kind: a long seed, the HMAC's first 16 bytes as hex
 * (128 bits, dealt through ChaCha20).
 */
export function rankedDailySeed(secret: string, kind: '2048' | 'puzzle', day: string): string {
  const mac = createHmac('sha256', secret).update(`ranked-daily:${kind}:${day}`).digest();
  return mac.subarray(0, 16).toString('hex');
}
