/**
 * Names belong to players: a name is held by the player key that first used it on this server
 * (kept as the name's skeleton, src/net/nameSkeleton.ts, against the SHA-256 of the key), and
 * no other key may use it or a name that looks the same. A key keeps the names it used after
 * it takes another.
 */
import type { Kysely } from 'kysely';
import { nameSkeleton } from '../../net/nameSkeleton.ts';
import type { Schema } from '../schema.ts';

/** The sentence of a refused name. */
export function nameTakenMessage(name: string): string {
  return `the name "${name}" (or one that looks the same) belongs to another player: choose another`;
}

/** The names' holders. */
export class NameHolders {
  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * Takes `name` for the key `keyHash` when no other key holds it (or a look-alike); true when
   * the key holds it now, false when another does.
   */
  async claim(name: string, keyHash: string, now: number): Promise<boolean> {
    const skeleton = nameSkeleton(name);
    const held = await this.holder(skeleton);
    if (held !== null) return held === keyHash;
    await this.db
      .insertInto('name_holders')
      .values({ skeleton, key_hash: keyHash, created_ms: now })
      .onConflict((oc) => oc.column('skeleton').doNothing())
      .execute();
    // Two keys at once: the one the database took first holds it.
    return (await this.holder(skeleton)) === keyHash;
  }

  /** Whether another key than `keyHash` holds `name` (or a look-alike): a read, no claim. */
  async heldByAnother(name: string, keyHash: string): Promise<boolean> {
    const held = await this.holder(nameSkeleton(name));
    return held !== null && held !== keyHash;
  }

  private async holder(skeleton: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('name_holders')
      .select('key_hash')
      .where('skeleton', '=', skeleton)
      .executeTakeFirst();
    return row?.key_hash ?? null;
  }
}
