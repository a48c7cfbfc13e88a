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
import { answeringLater } from '../../testing/laterAnswers.ts';
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
    await sql`delete from kysely_migration where name = '0016-room-epochs'`.execute(d.db);
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
    for (const table of ['games', 'ranked_games', 'rooms']) {
      await d.db.schema.alterTable(table).dropColumn('long_seed').execute();
    }
    await sql`delete from kysely_migration where name = '0014-long-seeds'`.execute(d.db);
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

/**
 * Twenty pairs of keys, each pair after one name: its spelling for the first key, the same or a
 * look-alike for the second.
 */
const RACES = Array.from({ length: 20 }, (_, i) => {
  const name = `Racer ${String.fromCharCode(65 + i)}${i}`;
  const alike = [
    name,
    name.toUpperCase(),
    name.replace('a', '\u0430'), // Cyrillic а
    name.replace('e', '\u0435').replace('c', '\u0441'), // Cyrillic е and с
    name.replace('e', '\u03b5'), // Greek ε
  ][i % 5]!;
  if (nameSkeleton(alike) !== nameSkeleton(name)) throw new Error(`${alike} is not like ${name}`);
  return { name, alike, first: testPlayerKey(1100 + 2 * i), second: testPlayerKey(1101 + 2 * i) };
});

for (const backend of BACKENDS) {
  describe(`two keys racing for one name on ${backend}`, () => {
    // SQLite's answers on later turns of the event loop, so that requests interleave (they do
    // not on one process otherwise: laterAnswers.ts).
    const block = serverForBlock(backend, {}, backend === 'sqlite' ? answeringLater : undefined);
    let seed = 9000;
    const submit = (name: string, playerKey: string) =>
      block.post({ code: play2048(seed++, 30).code, name, playerKey });
    const rename = (name: string, playerKey: string) =>
      call(block.server().url, 'PUT', '/api/players/me', { name, playerKey });
    /** The name on the player's line of the self-reported 2048 board. */
    const lineName = async (playerKey: string) =>
      (await block.board(`board=2048&source=self-reported&playerKey=${playerKey}`)).you?.name;
    const holder = async (name: string) =>
      (
        await block
          .server()
          .database.db.selectFrom('name_holders')
          .select('key_hash')
          .where('skeleton', '=', nameSkeleton(name))
          .execute()
      ).map((r) => r.key_hash);

    it("refuses a look-alike rename before renaming anything: the thief's line keeps its name", async () => {
      const owner = testPlayerKey(1001);
      const thief = testPlayerKey(1002);
      expect((await submit('Keeper', owner)).status).toBe(201);
      expect((await submit('Sneak', thief)).status).toBe(201);
      for (const name of ['Keeper', 'KEEPER', 'K\u0435\u0435per', 'Κeeper', 'Keep\u0435r']) {
        const r = await rename(name, thief);
        expect(r.status, name).toBe(409);
        expect(r.body).toMatchObject({ error: { code: 'name-taken' } });
        expect(await lineName(thief), name).toBe('Sneak');
      }
      expect(await lineName(owner)).toBe('Keeper');
      expect(await holder('Keeper')).toEqual([sha256(owner)]);
      // A key with no player yet is told so, and holds nothing.
      const stranger = testPlayerKey(1003);
      expect((await rename('Nobody Yet', stranger)).status).toBe(404);
      expect(await holder('Nobody Yet')).toEqual([]);
    });

    it("gives a name renamed to by two keys at once to exactly one, the other's line untouched", async () => {
      for (const [i, r] of RACES.entries()) {
        expect((await submit(`First ${i}`, r.first)).status).toBe(201);
        expect((await submit(`Second ${i}`, r.second)).status).toBe(201);
      }
      const answers = await Promise.all(
        RACES.flatMap((r) => [rename(r.name, r.first), rename(r.alike, r.second)]),
      );
      for (const [i, r] of RACES.entries()) {
        const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!];
        expect([a.status, b.status].sort(), `${r.name} / ${r.alike}`).toEqual([200, 409]);
        const [winner, loser] = a.status === 200 ? [r.first, r.second] : [r.second, r.first];
        const lost = a.status === 200 ? `Second ${i}` : `First ${i}`;
        expect(await holder(r.name), r.name).toEqual([sha256(winner)]);
        // As the name is stored: NFKC-normalised (checkName).
        const sent = a.status === 200 ? r.name : r.alike;
        expect(await lineName(winner)).toBe(sent.normalize('NFKC'));
        expect(await lineName(loser), r.name).toBe(lost);
      }
    });

    it('gives a new name sent with games by two keys at once to exactly one; the other stores nothing', async () => {
      const games = RACES.map(() => [play2048(seed++, 30).code, play2048(seed++, 30).code]);
      const fresh = (name: string) => `${name}!`;
      const answers = await Promise.all(
        RACES.flatMap((r, i) => [
          block.post({
            code: games[i]![0],
            name: fresh(r.name),
            playerKey: testPlayerKey(1200 + i),
          }),
          block.post({
            code: games[i]![1],
            name: fresh(r.alike),
            playerKey: testPlayerKey(1300 + i),
          }),
        ]),
      );
      for (const [i, r] of RACES.entries()) {
        const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!];
        expect([a.status, b.status].sort(), fresh(r.name)).toEqual([201, 409]);
        const [winner, loser] =
          a.status === 201
            ? [testPlayerKey(1200 + i), testPlayerKey(1300 + i)]
            : [testPlayerKey(1300 + i), testPlayerKey(1200 + i)];
        expect(await holder(fresh(r.name))).toEqual([sha256(winner)]);
        expect(await lineName(loser)).toBeUndefined();
      }
    });
  });
}
