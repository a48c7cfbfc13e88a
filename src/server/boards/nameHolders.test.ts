/**
 * The names' holders themselves (nameHolders.ts), on a real database: a claim gives a free name
 * to the key, answers again for the key that holds it, and refuses every other key, look-alikes
 * included; a read says whether another key holds a name, and claims nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testPlayerKey } from '../../testing/games.ts';
import { BACKENDS, newDatabaseTarget } from '../../testing/serverHarness.ts';
import { type Database, openDatabase } from '../db.ts';
import { sha256 } from '../hash.ts';
import { NameHolders, nameTakenMessage } from './nameHolders.ts';

const owner = sha256(testPlayerKey(1));
const thief = sha256(testPlayerKey(2));

for (const backend of BACKENDS) {
  describe(`a name's holder on ${backend}`, () => {
    let database: Database | null = null;
    afterEach(async () => {
      await database?.close();
      database = null;
    });

    async function holders(): Promise<NameHolders | null> {
      const target = await newDatabaseTarget(backend);
      if (typeof target !== 'string') return null;
      database = await openDatabase(target);
      return new NameHolders(database.db);
    }

    async function heldRows(): Promise<{ skeleton: string; key_hash: string }[]> {
      return database!.db
        .selectFrom('name_holders')
        .select(['skeleton', 'key_hash'])
        .orderBy('skeleton')
        .execute();
    }

    it('gives a free name to the first key, again to it, and to no other key', async (ctx) => {
      const names = await holders();
      if (!names) return ctx.skip('PostgreSQL left out');
      expect(await names.heldByAnother('Champion', owner)).toBe(false);
      expect(await names.heldByAnother('Champion', thief)).toBe(false);
      expect(await names.claim('Champion', owner, 1000)).toBe(true);
      // Its holder may use it again, and so may a look-alike of it.
      expect(await names.claim('Champion', owner, 2000)).toBe(true);
      expect(await names.claim('CHAMPI0N', owner, 2000)).toBe(true);
      for (const name of ['Champion', 'champion', '\u0421hampion', 'Champ1on']) {
        expect(await names.claim(name, thief, 3000), name).toBe(false);
        expect(await names.heldByAnother(name, thief), name).toBe(true);
        expect(await names.heldByAnother(name, owner), name).toBe(false);
      }
      // A refused claim wrote nothing: one row, the first claim's.
      const rows = await heldRows();
      expect(rows.map((r) => r.key_hash)).toEqual([owner]);
      const first = await database!.db
        .selectFrom('name_holders')
        .select('created_ms')
        .executeTakeFirstOrThrow();
      expect(Number(first.created_ms)).toBe(1000);
      // Another name is free for the other key.
      expect(await names.claim('Challenger', thief, 4000)).toBe(true);
      expect((await heldRows()).map((r) => r.key_hash).sort()).toEqual([owner, thief].sort());
    });

    it('claims nothing when it only reads', async (ctx) => {
      const names = await holders();
      if (!names) return ctx.skip('PostgreSQL left out');
      expect(await names.heldByAnother('Champion', thief)).toBe(false);
      expect(await heldRows()).toEqual([]);
    });

    // `claim` skips the insert when the name already has a holder. Without that early answer
    // (`if (held !== null)` made `if (false)`, a mutant that survives) the insert finds the
    // name taken and does nothing, and the holder read after it gives the same answer: the
    // early answer saves a write, and no test of what a claim answers or stores can tell it.
  });
}

describe('the sentence of a refused name', () => {
  it('names the name and says what to do', () => {
    expect(nameTakenMessage('Champion')).toBe(
      'the name "Champion" (or one that looks the same) belongs to another player: choose another',
    );
  });
});
