/**
 * The leaderboards in the database: storing a verified game on its boards (one transaction),
 * reading a board, a player's rank, renaming. The same queries on SQLite and PostgreSQL.
 */

import { type Kysely, sql, type Transaction } from 'kysely';
import type { Verified } from '../../engine/verify.ts';
import type { BoardEntry, BoardName, BoardSort, SubmittedEntry } from '../../net/api.ts';
import type { Database, Schema } from '../db.ts';
import { sha256 } from '../hash.ts';
import { seedColumns } from '../seedColumns.ts';
import {
  allTimeBoard,
  dailyBoard,
  LEVELS,
  type Placement,
  type Ranked,
  rankNodes,
  TOTAL_NODE,
  type Track,
} from './boards.ts';
import { copies, type GameIdentity, gameIdentity } from './gameIdentity.ts';

type Db = Kysely<Schema> | Transaction<Schema>;

interface EntryKey {
  readonly k1: number;
  readonly k2: number;
  readonly game_id: number;
}

const better = (a: EntryKey, b: EntryKey) =>
  a.k1 !== b.k1 ? a.k1 < b.k1 : a.k2 !== b.k2 ? a.k2 < b.k2 : a.game_id < b.game_id;

/** PostgreSQL's answers to transactions that met another: retried. */
const RETRIED = new Set(['40001', '40P01']);

/**
 * How long a page of a board read from the database is served from memory (ms): the boards
 * other instances change are at most this old here.
 */
export const PAGE_MS = 1000;
const PAGES_KEPT = 2000;
/** The most readers' own lines kept at once (all dropped when full, as the pages are). */
const LINES_KEPT = 20_000;

/** The most stored games with one opening that a code is compared with (the first stored). */
export const COPIES_READ = 100;

/**
 * How a page of a board is chosen besides its place: its order (the board's, or an analysis
 * figure, highest first, the games analysed only) and filters on the analysis (a filter
 * leaves out the games not analysed yet).
 */
export interface BoardView {
  readonly sort: BoardSort;
  readonly minAccuracy: number | null;
  readonly minAgreement: number | null;
  /** true: only games marked as playing like the AI; false: none of them; null: all. */
  readonly aiLike: boolean | null;
}

/** The board as it is: by rank, every line. */
export const PLAIN_VIEW: BoardView = {
  sort: 'rank',
  minAccuracy: null,
  minAgreement: null,
  aiLike: null,
};

const plain = (v: BoardView) =>
  v.sort === 'rank' && v.minAccuracy === null && v.minAgreement === null && v.aiLike === null;

export class Scores {
  /** Ladder ids by board and track: they never change once made, so any instance may keep them. */
  private readonly ladders = new Map<string, number>();

  /** Pages of boards read lately (see {@link page}), and how often each ladder changed here. */
  private readonly pages = new Map<string, { at: number; entries: BoardEntry[] }>();
  private readonly versions = new Map<number, number>();
  /** Readers' own lines read lately (see {@link yoursKept}), kept as the pages are. */
  private readonly readers = new Map<string, { at: number; line: BoardEntry | null }>();

  /**
   * Hears each game stored (its id): the analysis queue is told (analysisPool.ts). Called after
   * the transaction, never awaited: a request does not wait for anything it starts.
   */
  onStored: ((gameId: number) => void) | null = null;

  constructor(private readonly database: Database) {}

  /**
   * A game's figures changed (its analysis arrived): the pages and readers' lines of every
   * board it stands on are read afresh (their bytes and ETags with them).
   */
  async analysed(gameId: number): Promise<void> {
    const rows = await this.db
      .selectFrom('entries')
      .select('ladder_id')
      .where('game_id', '=', gameId)
      .execute();
    for (const r of rows) {
      const id = Number(r.ladder_id);
      this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    }
  }

  private get db(): Kysely<Schema> {
    return this.database.db;
  }

  /** The ladder's id, made on first use. */
  async ladderId(board: string, track: Track, create: boolean): Promise<number | null> {
    const key = `${board} ${track}`;
    const known = this.ladders.get(key);
    if (known !== undefined) return known;
    if (create) {
      await this.db
        .insertInto('ladders')
        .values({ board, track })
        .onConflict((oc) => oc.columns(['board', 'track']).doNothing())
        .execute();
    }
    const row = await this.db
      .selectFrom('ladders')
      .select('id')
      .where('board', '=', board)
      .where('track', '=', track)
      .executeTakeFirst();
    if (!row) return null;
    this.ladders.set(key, Number(row.id));
    return Number(row.id);
  }

  /**
   * The stored game of a code — the same game however its code is written (gameIdentity.ts) —
   * as its entry (the player's rank on its primary board), or null.
   */
  async existing(code: string): Promise<SubmittedEntry | null> {
    const identity = gameIdentity(code);
    if (!identity) return null;
    const game = await this.db
      .selectFrom('games')
      .innerJoin('players', 'players.id', 'games.player_id')
      .selectAll('games')
      .select('players.name as name')
      .where('game_hash', '=', identity.gameHash)
      .executeTakeFirst();
    if (!game) return null;
    const kind = game.kind as '2048' | 'puzzle';
    const board =
      game.day !== null
        ? dailyBoard(kind, game.day)
        : allTimeBoard(kind, Number(game.size), game.target === null ? null : Number(game.target));
    const track: Track = Number(game.ranked) ? 'ranked' : Number(game.assisted) ? 'open' : 'clean';
    const rank = await this.playerRank(this.db, board, track, Number(game.player_id));
    return submittedEntry(game, game.day !== null ? `daily-${kind}` : kind, rank);
  }

  /**
   * A stored game, of another player or under another 2048 target, that the game of `code`
   * copies (gameIdentity.ts `copies`: the same seed, and the same first 64 moves and half of
   * the stored game's, or all of them; a beaten game, whose code is dropped: the same opening),
   * as a sentence naming it; null when none. The first {@link COPIES_READ} games stored with
   * its opening are read.
   */
  async copied(code: string, keyHash: string): Promise<string | null> {
    const identity = gameIdentity(code);
    if (!identity) return null;
    const rows = await this.db
      .selectFrom('games')
      .innerJoin('players', 'players.id', 'games.player_id')
      .select(['games.code', 'games.game_hash', 'games.target', 'games.moves'])
      .select(['players.key_hash', 'players.name'])
      .where('games.opening_hash', '=', identity.openingHash)
      .orderBy('games.id')
      .limit(COPIES_READ)
      .execute();
    for (const row of rows) {
      // A beaten game's code is dropped: its opening is all that is known, and it is enough.
      const stored = row.code === '' ? null : gameIdentity(row.code);
      // The same game is not a copy: it is the stored one (a request sent twice at once).
      if (row.game_hash === identity.gameHash || (stored && !copies(identity, stored))) continue;
      const target = row.target === null ? null : Number(row.target);
      if (row.key_hash === keyHash && target === identity.target) continue;
      const whose = row.key_hash === keyHash ? 'your own game' : `a game of ${row.name}`;
      const played = `${Number(row.moves)} moves`;
      return target !== identity.target
        ? `this game continues ${whose} already on the boards (${played}) under target ${target}: a game has one target`
        : `this game continues ${whose} already on the boards (${played}): a copied game is not ranked`;
    }
    return null;
  }

  /**
   * Stores a verified game for the player (made on first use; the name is theirs from now on)
   * on every board it ranks on, in one transaction; `created` false when the game was stored
   * already (then nothing changes), or when a self-reported game would change none of the
   * player's entries: then it is not stored, and its entry gives the id of the game that
   * stands and the player's rank.
   */
  async submit(
    code: string,
    v: Verified,
    ranked: Ranked,
    keyHash: string,
    name: string,
    now: number,
    /** A ranked game's time left out of its clock after server faults (ms, 0: none). */
    extra: { readonly interruptedMs?: number } = {},
  ): Promise<{ entry: SubmittedEntry; created: boolean }> {
    const ladderIds = new Map<string, number>();
    for (const p of ranked.placements) {
      for (const t of ranked.tracks) {
        ladderIds.set(`${p.board} ${t}`, (await this.ladderId(p.board, t, true))!);
      }
    }
    const primary = ranked.placements[0]!;
    for (let attempt = 0; ; attempt++) {
      try {
        const stored = await this.db
          .transaction()
          .execute((tx) =>
            this.store(tx, { code, v, ranked, keyHash, name, now, ...extra }, ladderIds),
          );
        for (const id of ladderIds.values())
          this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
        if (stored?.created) this.onStored?.(stored.gameId);
        if (stored === null) {
          const again = await this.existing(code);
          if (again) return { entry: again, created: false };
          throw new Error('a stored code could not be read back');
        }
        const { score, moves, timeMs, maxTile, assisted } = v;
        const entry: SubmittedEntry = {
          id: stored.gameId,
          board: primary.name,
          kind: v.kind,
          size: v.size,
          ...{ score, moves, timeMs, maxTile, assisted },
          ranked: ranked.tracks.includes('ranked'),
          day: ranked.day,
          rank: stored.rank,
          name,
          outcome: stored.created ? 'stored' : 'not-better',
          ...interruption({ interrupted_ms: extra.interruptedMs ?? null }),
        };
        return { entry, created: stored.created };
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (attempt < 5 && typeof code === 'string' && RETRIED.has(code)) continue;
        throw e;
      }
    }
  }

  /**
   * The transaction of {@link submit}: null when the game is stored already; `created` false
   * when it was not stored (a self-reported game that changes none of the player's entries:
   * `gameId` is then the game that stands on its primary board).
   */
  private async store(
    tx: Transaction<Schema>,
    s: {
      code: string;
      v: Verified;
      ranked: Ranked;
      keyHash: string;
      name: string;
      now: number;
      interruptedMs?: number;
    },
    ladderIds: ReadonlyMap<string, number>,
  ): Promise<{ gameId: number; rank: number | null; created: boolean } | null> {
    const { v, ranked } = s;
    const player = await tx
      .insertInto('players')
      .values({ key_hash: s.keyHash, name: s.name, created_ms: s.now })
      .onConflict((oc) => oc.column('key_hash').doUpdateSet({ name: s.name }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const playerId = Number(player.id);
    const identity = gameIdentity(s.code);
    if (!identity) throw new Error('a verified code has no identity');
    const primary = `${ranked.placements[0]!.board} ${ranked.tracks[0]}`;
    if (!ranked.tracks.includes('ranked')) {
      const standing = await this.standing(tx, identity, ranked, playerId, ladderIds);
      if (standing !== null) {
        const rank = await this.rankOf(tx, ladderIds.get(primary)!, standing);
        return { gameId: standing.game_id, rank, created: false };
      }
    }
    const game = await tx
      .insertInto('games')
      .values({
        code_hash: sha256(s.code),
        game_hash: identity.gameHash,
        opening_hash: identity.openingHash,
        code: s.code,
        player_id: playerId,
        kind: v.kind,
        size: v.size,
        target: v.target,
        ...seedColumns(v.seed),
        assisted: v.assisted ? 1 : 0,
        score: v.score,
        moves: v.moves,
        time_ms: v.timeMs,
        max_tile: v.maxTile,
        over: v.over ? 1 : 0,
        won: v.won ? 1 : 0,
        day: ranked.day,
        created_ms: s.now,
        ranked: ranked.tracks.includes('ranked') ? 1 : 0,
        interrupted_ms: s.interruptedMs ? s.interruptedMs : null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!game) return null;
    const gameId = Number(game.id);
    const deltas: { ladder: number; k1: number; n: number }[] = [];
    const beaten = new Set<number>();
    const add = (ladder: number, k1: number, n: number, replaced?: number) => {
      deltas.push({ ladder, k1, n });
      if (replaced !== undefined) beaten.add(replaced);
    };
    const mine: EntryKey = { k1: ranked.k1, k2: ranked.k2, game_id: gameId };
    let ranking: EntryKey = mine;
    for (const p of ranked.placements) {
      for (const t of ranked.tracks) {
        const ladder = ladderIds.get(`${p.board} ${t}`)!;
        const entry = await this.place(tx, ladder, playerId, mine, p, add);
        if (`${p.board} ${t}` === primary) ranking = entry;
      }
    }
    // Ladder by ladder in one order, so that two transactions lock the counts alike.
    // The rank first: the entries ahead of the player's are the same before and after their
    // own counts change (their old entry, if replaced, was behind the new one). Then every
    // count in one statement, last: the counts near the top of a ladder are shared by every
    // game on it, so their locks are held the shortest time (PostgreSQL), taken ladder by
    // ladder and level by level in every transaction alike.
    const rank = await this.rankOf(tx, ladderIds.get(primary)!, ranking);
    if (beaten.size > 0) await this.dropCodes(tx, [...beaten]);
    if (deltas.length > 0) {
      const rows = sql.join(
        deltas.map(
          (d) =>
            sql`(cast(${d.ladder} as bigint), cast(${d.k1} as bigint), cast(${d.n} as bigint))`,
        ),
      );
      await sql`with d (ladder, k1, n) as (values ${rows})
        insert into rank_counts (ladder_id, node, n)
        select d.ladder,
          case when level = ${LEVELS} then cast(${TOTAL_NODE} as bigint)
            else level * cast(${2 ** LEVELS} as bigint) + (d.k1 >> level) end,
          sum(d.n)
        from d cross join rank_levels
        where true
        group by 1, 2
        order by 1, 2
        on conflict (ladder_id, node) do update set n = rank_counts.n + excluded.n`.execute(tx);
    }
    return { gameId, rank, created: true };
  }

  /**
   * When a game would change none of the player's entries (each of its ladders holds an entry
   * of theirs that it does not replace), the entry on its primary ladder; else null. Such a
   * game is not stored: the boards keep only games that stand on them. The game stored already
   * (the same identity) is not asked about here: its insert finds it.
   */
  private async standing(
    tx: Transaction<Schema>,
    identity: GameIdentity,
    ranked: Ranked,
    playerId: number,
    ladderIds: ReadonlyMap<string, number>,
  ): Promise<EntryKey | null> {
    const known = await tx
      .selectFrom('games')
      .select('id')
      .where('game_hash', '=', identity.gameHash)
      .executeTakeFirst();
    if (known) return null;
    // Any later game's id is larger than every stored one: a tie on both keys never replaces.
    const mine: EntryKey = { k1: ranked.k1, k2: ranked.k2, game_id: Number.MAX_SAFE_INTEGER };
    let first: EntryKey | null = null;
    for (const p of ranked.placements) {
      for (const t of ranked.tracks) {
        const current = await tx
          .selectFrom('entries')
          .select(['k1', 'k2', 'game_id'])
          .where('ladder_id', '=', ladderIds.get(`${p.board} ${t}`)!)
          .where('player_id', '=', playerId)
          .executeTakeFirst();
        if (!current) return null;
        const old = {
          k1: Number(current.k1),
          k2: Number(current.k2),
          game_id: Number(current.game_id),
        };
        if (!p.firstCounts && better(mine, old)) return null;
        first ??= old;
      }
    }
    return first;
  }

  /**
   * Drops the codes of self-reported games that no longer stand on any ladder (beaten by their
   * player's better game): the row stays, its player's — the game sent again is still theirs,
   * and a game that continues it is a copy ({@link copied}) — but its code, the bulk of it, goes.
   */
  private async dropCodes(tx: Transaction<Schema>, ids: number[]): Promise<void> {
    await tx
      .updateTable('games')
      .set({ code: '' })
      .where('id', 'in', ids)
      .where('ranked', '=', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('entries').select('game_id').whereRef('entries.game_id', '=', 'games.id'),
          ),
        ),
      )
      .execute();
  }

  /** Puts the game on one ladder when it is the player's first there, or better (all-time). */
  private async place(
    tx: Transaction<Schema>,
    ladder: number,
    playerId: number,
    mine: EntryKey,
    p: Placement,
    add: (ladder: number, k1: number, n: number, replaced?: number) => void,
  ): Promise<EntryKey> {
    const current = await tx
      .selectFrom('entries')
      .select(['k1', 'k2', 'game_id'])
      .where('ladder_id', '=', ladder)
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    if (!current) {
      await tx
        .insertInto('entries')
        .values({ ladder_id: ladder, player_id: playerId, ...mine })
        .execute();
      add(ladder, mine.k1, 1);
      return mine;
    }
    const old = {
      k1: Number(current.k1),
      k2: Number(current.k2),
      game_id: Number(current.game_id),
    };
    if (p.firstCounts || !better(mine, old)) return old;
    // A new game: not analysed yet.
    await tx
      .updateTable('entries')
      .set({ ...mine, accuracy: null, agreement: null, ai_like: 0 })
      .where('ladder_id', '=', ladder)
      .where('player_id', '=', playerId)
      .execute();
    add(ladder, old.k1, -1, old.game_id);
    add(ladder, mine.k1, 1);
    return mine;
  }

  /** The rank of an entry: 1 + the entries ahead of it (rank counts, then ties by index). */
  private async rankOf(db: Db, ladder: number, e: EntryKey): Promise<number> {
    const { add, subtract } = rankNodes(e.k1);
    // One statement: the counts of the nodes ahead, and the entries tied on the first key.
    const counted =
      add.length === 0
        ? sql<number>`0`
        : sql<number>`(select coalesce(sum(${
            subtract.length > 0
              ? sql`case when node in (${sql.join(subtract)}) then -n else n end`
              : sql`n`
          }), 0) from rank_counts
            where ladder_id = ${ladder} and node in (${sql.join([...add, ...subtract])}))`;
    const r = await sql<{ ahead: number; ties: number }>`select ${counted} as ahead,
      (select count(*) from entries
        where ladder_id = ${ladder} and k1 = ${e.k1}
          and (k2 < ${e.k2} or (k2 = ${e.k2} and game_id < ${e.game_id}))) as ties`.execute(db);
    const row = r.rows[0];
    return 1 + Number(row?.ahead ?? 0) + Number(row?.ties ?? 0);
  }

  /** A player's rank on a board and track, or null when they have no entry there. */
  async playerRank(db: Db, board: string, track: Track, playerId: number): Promise<number | null> {
    const ladder = await this.ladderId(board, track, false);
    if (ladder === null) return null;
    const e = await db
      .selectFrom('entries')
      .select(['k1', 'k2', 'game_id'])
      .where('ladder_id', '=', ladder)
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    if (!e) return null;
    return this.rankOf(db, ladder, {
      k1: Number(e.k1),
      k2: Number(e.k2),
      game_id: Number(e.game_id),
    });
  }

  /** A board's lines from `offset`, and the asking player's own line. */
  async leaderboard(
    board: string,
    track: Track,
    limit: number,
    offset: number,
    keyHash: string | null,
    view: BoardView = PLAIN_VIEW,
  ): Promise<{ entries: BoardEntry[]; you: BoardEntry | null }> {
    const ladder = await this.ladderId(board, track, false);
    if (ladder === null) return { entries: [], you: null };
    const entries = await this.page(ladder, limit, offset, view);
    const you = keyHash === null ? null : await this.yoursKept(ladder, board, keyHash);
    return { entries, you };
  }

  /**
   * The asking player's line ({@link yours}), kept as a page is: for up to {@link PAGE_MS}, and
   * read afresh once this process stores a game on the ladder. The same object while kept.
   */
  private async yoursKept(
    ladder: number,
    board: string,
    keyHash: string,
  ): Promise<BoardEntry | null> {
    const key = `${ladder} ${this.versions.get(ladder) ?? 0} ${keyHash}`;
    const kept = this.readers.get(key);
    const now = performance.now();
    if (kept && now - kept.at < PAGE_MS) return kept.line;
    const line = await this.yours(ladder, board, keyHash);
    if (this.readers.size >= LINES_KEPT) this.readers.clear();
    this.readers.set(key, { at: now, line });
    return line;
  }

  /**
   * The asking player's line and rank, in one statement: the counts of the nodes ahead of
   * their key are summed in the database (rank_levels gives the levels) — the nodes below the
   * key for a puzzle board (small keys), all entries less those from the key on for a 2048
   * board (keys near 2^40), as {@link rankNodes} would choose.
   */
  private async yours(ladder: number, board: string, keyHash: string): Promise<BoardEntry | null> {
    const span = sql.lit(2 ** LEVELS);
    const total = sql.lit(TOTAL_NODE);
    const fromAbove = board.startsWith('2048') || board.startsWith('daily-2048');
    const ahead = fromAbove
      ? sql<number>`case when e.k1 = 0 then 0 else
          (select coalesce(sum(n), 0) from rank_counts where ladder_id = e.ladder_id and node = ${total})
          - (select coalesce(sum(rc.n), 0) from rank_levels l join rank_counts rc
              on rc.ladder_id = e.ladder_id
              and rc.node = l.level * ${span} + ((e.k1 + (cast(1 as bigint) << l.level) - 1) >> l.level)
              where l.level < ${sql.lit(LEVELS)}
                and ((e.k1 + (cast(1 as bigint) << l.level) - 1) >> l.level) & 1 = 1)
          end`
      : sql<number>`(select coalesce(sum(rc.n), 0) from rank_levels l join rank_counts rc
          on rc.ladder_id = e.ladder_id and rc.node = l.level * ${span} + (e.k1 >> l.level) - 1
          where l.level < ${sql.lit(LEVELS)} and (e.k1 >> l.level) & 1 = 1)`;
    const r = await sql<
      LineRow & FiguresRow & KeyRow & { ahead: number; ties: number }
    >`select p.name, g.score, g.moves,
        g.time_ms, g.max_tile, g.assisted, g.code, g.day, g.interrupted_ms, a.accuracy,
        a.agreement, a.ai_like, a.optimal, a.wasted, g.ranked, p.created_ms as player_ms,
        (select min(h.created_ms) from name_holders h where h.key_hash = p.key_hash) as claimed_ms,
        ${ahead} as ahead,
        (select count(*) from entries t
          where t.ladder_id = e.ladder_id and t.k1 = e.k1
            and (t.k2 < e.k2 or (t.k2 = e.k2 and t.game_id < e.game_id))) as ties
      from players p
      join entries e on e.player_id = p.id and e.ladder_id = ${ladder}
      join games g on g.id = e.game_id
      left join game_analyses a on a.game_id = g.id and a.state = 'done'
      where p.key_hash = ${keyHash}`.execute(this.db);
    const row = r.rows[0];
    return row ? boardEntry(row, 1 + Number(row.ahead) + Number(row.ties)) : null;
  }

  /**
   * A page of a ladder's lines, kept for up to {@link PAGE_MS} (a board read often is read from
   * memory); a game stored by this process on the ladder makes it read afresh.
   */
  private async page(
    ladder: number,
    limit: number,
    offset: number,
    view: BoardView,
  ): Promise<BoardEntry[]> {
    const shape = plain(view)
      ? ''
      : ` ${view.sort} ${view.minAccuracy} ${view.minAgreement} ${view.aiLike}`;
    const key = `${ladder} ${this.versions.get(ladder) ?? 0} ${limit} ${offset}${shape}`;
    const kept = this.pages.get(key);
    const now = performance.now();
    if (kept && now - kept.at < PAGE_MS) return kept.entries;
    // The entries' own copies of the figures: each view reads an index of the ladder
    // (entries_accuracy, entries_agreement, entries_ai_like).
    let q = this.lines().where('entries.ladder_id', '=', ladder);
    // A lower bound is checked along the board's order (+x: not by the figure's index, which
    // would read every game above the bound and sort them all).
    const atLeast = (column: 'entries.accuracy' | 'entries.agreement', bound: number) =>
      sql<boolean>`+${sql.ref(column)} >= ${bound}`;
    if (view.minAccuracy !== null) q = q.where(atLeast('entries.accuracy', view.minAccuracy));
    if (view.minAgreement !== null) q = q.where(atLeast('entries.agreement', view.minAgreement));
    // Not marked: analysed and not marked, or not analysed yet.
    if (view.aiLike !== null) q = q.where('entries.ai_like', '=', view.aiLike ? 1 : 0);
    if (view.sort !== 'rank') {
      // Sorted by a figure: the games analysed, highest first.
      const figure = view.sort === 'accuracy' ? 'entries.accuracy' : 'entries.agreement';
      q = q.where(figure, 'is not', null).orderBy(figure, 'desc');
    }
    const rows = await q
      .orderBy('entries.k1')
      .orderBy('entries.k2')
      .orderBy('entries.game_id')
      .limit(limit)
      .offset(offset)
      .execute();
    // Sorted or filtered, a line keeps its rank on the board.
    const entries = plain(view)
      ? rows.map((r, i) => boardEntry(r, offset + i + 1))
      : await Promise.all(
          rows.map(async (r) =>
            boardEntry(
              r,
              await this.rankOf(this.db, ladder, {
                k1: Number(r.k1),
                k2: Number(r.k2),
                game_id: Number(r.game_id),
              }),
            ),
          ),
        );
    if (this.pages.size >= PAGES_KEPT) this.pages.clear();
    this.pages.set(key, { at: now, entries });
    return entries;
  }

  private lines() {
    return this.db
      .selectFrom('entries')
      .innerJoin('games', 'games.id', 'entries.game_id')
      .innerJoin('players', 'players.id', 'entries.player_id')
      .leftJoin('game_analyses', (j) =>
        j
          .onRef('game_analyses.game_id', '=', 'entries.game_id')
          .on('game_analyses.state', '=', 'done'),
      )
      .select([
        'entries.k1',
        'entries.k2',
        'entries.game_id',
        'players.name',
        'games.score',
        'games.moves',
        'games.time_ms',
        'games.max_tile',
        'games.assisted',
        'games.code',
        'games.day',
        'games.interrupted_ms',
        'game_analyses.accuracy',
        'game_analyses.agreement',
        'game_analyses.ai_like',
        'game_analyses.optimal',
        'game_analyses.wasted',
        'games.ranked',
        'players.created_ms as player_ms',
        // When the player's key first held a name (a ranked start, a game sent, a rename).
        (eb) =>
          eb
            .selectFrom('name_holders')
            .select((h) => h.fn.min('name_holders.created_ms').as('m'))
            .whereRef('name_holders.key_hash', '=', 'players.key_hash')
            .as('claimed_ms'),
      ]);
  }

  /** Whether a player has the key `keyHash` (a player is made by their first game stored). */
  async hasPlayer(keyHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('players')
      .select('id')
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Renames a player; false when no player has that key. */
  async rename(keyHash: string, name: string): Promise<boolean> {
    const r = await this.db
      .updateTable('players')
      .set({ name })
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
    this.pages.clear();
    this.readers.clear();
    return Number(r.numUpdatedRows) > 0;
  }
}

interface LineRow {
  name: string;
  score: number;
  moves: number;
  time_ms: number | null;
  max_tile: number | null;
  assisted: number;
  code: string;
  day: string | null;
  interrupted_ms?: number | string | null;
}

/** A line's analysis columns (left joined: null until the game is analysed). */
interface FiguresRow {
  accuracy: number | null;
  agreement: number | null;
  ai_like: number | null;
  optimal: number | null;
  wasted: number | null;
}

/** What a line needs to say whether its player's key is new on the day of its ranked daily. */
interface KeyRow {
  ranked: number;
  /** When the player was first stored, and when their key first held a name (ms). */
  player_ms: number | string;
  claimed_ms: number | string | null;
}

const orNull = (x: number | string | null) => (x === null ? null : Number(x));

/**
 * A ranked daily line whose player's key was first seen on its day or after (no name held nor
 * game stored by it before the day began): a key made for the day.
 */
function newKey(r: LineRow & KeyRow): boolean {
  if (r.day === null || Number(r.ranked) !== 1) return false;
  const seen = Math.min(
    Number(r.player_ms),
    r.claimed_ms === null ? Infinity : Number(r.claimed_ms),
  );
  return seen >= Date.parse(`${r.day}T00:00:00Z`);
}

function boardEntry(r: LineRow & FiguresRow & KeyRow, rank: number): BoardEntry {
  return {
    rank,
    name: r.name,
    score: Number(r.score),
    moves: Number(r.moves),
    timeMs: r.time_ms === null ? null : Number(r.time_ms),
    maxTile: r.max_tile === null ? null : Number(r.max_tile),
    assisted: Boolean(Number(r.assisted)),
    code: r.code,
    day: r.day,
    accuracy: orNull(r.accuracy),
    agreement: orNull(r.agreement),
    aiLike: Number(r.ai_like) === 1,
    optimal: orNull(r.optimal),
    wasted: orNull(r.wasted),
    newKey: newKey(r),
    ...interruption(r),
  };
}

/** A ranked game the server's faults interrupted: for how long (ms); nothing for the others. */
function interruption(r: { interrupted_ms?: number | string | null }): {
  interruptedMs?: number;
} {
  const ms = Number(r.interrupted_ms ?? 0);
  return ms > 0 ? { interruptedMs: ms } : {};
}

function submittedEntry(
  g: LineRow & { id: number; kind: string; size: number; ranked: number },
  board: BoardName,
  rank: number | null,
): SubmittedEntry {
  return {
    id: Number(g.id),
    board,
    kind: g.kind as '2048' | 'puzzle',
    size: Number(g.size),
    score: Number(g.score),
    moves: Number(g.moves),
    timeMs: g.time_ms === null ? null : Number(g.time_ms),
    maxTile: g.max_tile === null ? null : Number(g.max_tile),
    assisted: Boolean(Number(g.assisted)),
    ranked: Boolean(Number(g.ranked)),
    day: g.day,
    rank,
    name: g.name,
    outcome: 'sent-before',
    ...interruption(g),
  };
}
