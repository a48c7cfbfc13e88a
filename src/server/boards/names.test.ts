/**
 * Names belong to players: the first key to use a name holds it; another key cannot take it,
 * nor a name that looks the same (Cyrillic or Greek letters, fullwidth forms, case, 0 for o),
 * and invisible characters are refused — on submit, rename and ranked start, on SQLite and
 * PostgreSQL; the migration gives each stored name to its oldest player.
 */

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkName } from '../../net/api.ts';
import { nameSkeleton } from '../../net/nameSkeleton.ts';
import { play2048, testPlayerKey } from '../../testing/games.ts';
import { BACKENDS, call, newDatabaseTarget, serverForBlock } from '../../testing/serverHarness.ts';
import { openDatabase } from '../db.ts';
import { sha256 } from '../hash.ts';

describe('a name and its skeleton', () => {
  it('gives look-alikes one skeleton and different names different ones', () => {
    const alike = [
      'Champion',
      'CHAMPION',
      'champion',
      '\u0421hampion', // Cyrillic С
      'Champi\u043en', // Cyrillic о
      'Champ1on',
      'Champi0n',
      'Ch\u0391mpion', // Greek Α
      'Chanpion'.replace('n', 'rn').replace('Charnpion', 'Charnpion'),
    ];
    const skeleton = nameSkeleton('Champion');
    for (const name of alike.slice(0, 8)) expect(nameSkeleton(name), name).toBe(skeleton);
    expect(nameSkeleton('Charnpion')).toBe(skeleton);
    for (const other of ['Champions', 'Chimpanzee', 'Bob', 'Zoë']) {
      expect(nameSkeleton(other)).not.toBe(skeleton);
    }
    expect(nameSkeleton('Zoë')).not.toBe(nameSkeleton('Zoe'));
    expect(nameSkeleton('Zoe\u0308')).toBe(nameSkeleton('Zoë'));
  });

  it('reads a name NFKC-normalised and refuses invisible characters', () => {
    expect(checkName('\uff21\uff4c\uff49\uff43\uff45')).toEqual({ ok: true, value: 'Alice' });
    expect(checkName('Al  ice ')).toEqual({ ok: true, value: 'Al ice' });
    for (const bad of [
      'Al\u200bice',
      'Alice\u200d',
      'A\u2060lice',
      '\u3164',
      'Al\u00adice',
      'A\u{e0041}',
    ]) {
      const r = checkName(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/invisible/);
    }
    expect(checkName('Heart \u2764\ufe0f').ok).toBe(true);
  });
});

for (const backend of BACKENDS) {
  describe(`names belong to players on ${backend}`, () => {
    const block = serverForBlock(backend);
    const owner = testPlayerKey(901);
    const thief = testPlayerKey(902);
    let seed = 7000;
    const submit = (name: string, playerKey: string) =>
      block.post({ code: play2048(seed++, 40).code, name, playerKey });

    it('refuses a name held by another key, and every look-alike of it, with 409 name-taken', async () => {
      expect((await submit('Champion', owner)).status).toBe(201);
      for (const name of [
        'Champion',
        'champion',
        '\u0421hampion',
        'Ch\u0391mpion',
        '\uff23hampion',
        'Champ1on',
      ]) {
        const r = await submit(name, thief);
        expect(r.status, name).toBe(409);
        expect(r.body).toEqual({
          error: {
            code: 'name-taken',
            message: expect.stringMatching(/belongs to another player: choose another/),
          },
        });
      }
      const invisible = await submit('Cham\u200bpion', thief);
      expect(invisible.status).toBe(400);
      expect(invisible.body).toMatchObject({ error: { code: 'bad-name' } });
      // The holder uses it in any look; the other key under its own name.
      expect([200, 201]).toContain((await submit('CHAMPION', owner)).status);
      expect((await submit('Challenger', thief)).status).toBe(201);
      const board = await block.board('board=2048&source=self-reported');
      expect(board.entries.filter((e) => /hampion/i.test(e.name)).length).toBeGreaterThan(0);
    });

    it("refuses a rename and a ranked start to another key's name, and keeps old names with their key", async () => {
      const url = block.server().url;
      const renamed = await call(url, 'PUT', '/api/players/me', {
        name: 'Champi0n',
        playerKey: thief,
      });
      expect(renamed.status).toBe(409);
      expect(renamed.body).toMatchObject({ error: { code: 'name-taken' } });
      const ranked = await call(url, 'POST', '/api/ranked', {
        kind: '2048',
        name: '\u0421HAMPION',
        playerKey: thief,
      });
      expect(ranked.status).toBe(409);
      expect(ranked.body).toMatchObject({ error: { code: 'name-taken' } });
      // The owner renames; the old name stays theirs.
      expect(
        (await call(url, 'PUT', '/api/players/me', { name: 'Victor', playerKey: owner })).status,
      ).toBe(200);
      expect((await submit('Champion', thief)).status).toBe(409);
      expect([200, 201]).toContain((await submit('Champion', owner)).status);
    });
  });
}

describe('the migration of stored names', () => {
  it('gives each name to the player who has had it longest', async () => {
    const target = (await newDatabaseTarget('sqlite')) as string;
    let d = await openDatabase(target);
    const rows = [
      { key_hash: sha256(testPlayerKey(1)), name: '\u0421hampion', created_ms: 2000 },
      { key_hash: sha256(testPlayerKey(2)), name: 'Champion', created_ms: 1000 },
      { key_hash: sha256(testPlayerKey(3)), name: 'Other', created_ms: 3000 },
    ];
    await d.db.insertInto('players').values(rows).execute();
    // As before 0009: no holders, the migration not applied.
    await d.db.schema.dropTable('name_holders').execute();
    await sql`delete from kysely_migration where name = '0009-name-holders'`.execute(d.db);
    // And the migrations after it.
    await d.db.schema.alterTable('rooms').dropColumn('epoch').execute();
    await sql`delete from kysely_migration where name = '0014-room-epochs'`.execute(d.db);
    await d.db.schema.dropTable('game_analyses').execute();
    for (const index of [
      'entries_game',
      'entries_accuracy',
      'entries_agreement',
      'entries_ai_like',
    ]) {
      await d.db.schema.dropIndex(index).execute();
    }
    for (const column of ['accuracy', 'agreement', 'ai_like']) {
      await d.db.schema.alterTable('entries').dropColumn(column).execute();
    }
    await sql`delete from kysely_migration where name = '0010-game-analyses'`.execute(d.db);
    await d.db.schema.dropTable('ranked_daily_starts').execute();
    await sql`delete from kysely_migration where name = '0013-ranked-daily-starts'`.execute(d.db);
    for (const column of ['epoch', 'paused_ms', 'interrupted_ms', 'interruptions', 'stopped']) {
      await d.db.schema.alterTable('ranked_games').dropColumn(column).execute();
    }
    await d.db.schema.alterTable('games').dropColumn('interrupted_ms').execute();
    await sql`delete from kysely_migration where name = '0012-ranked-owner'`.execute(d.db);
    await d.close();
    d = await openDatabase(target);
    const holders = await d.db
      .selectFrom('name_holders')
      .select(['skeleton', 'key_hash'])
      .orderBy('skeleton')
      .execute();
    await d.close();
    expect(holders).toEqual([
      { skeleton: nameSkeleton('Champion'), key_hash: sha256(testPlayerKey(2)) },
      { skeleton: nameSkeleton('Other'), key_hash: sha256(testPlayerKey(3)) },
    ]);
  });
});
