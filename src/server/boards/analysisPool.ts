/**
 * The boards' game analysis, in the background: a small pool of worker threads
 * (analysisWorker.ts) judges the games that stand on a board, one game at a time, and the
 * figures are stored beside the game (table game_analyses, migration 0010). A request never
 * waits for it: a stored game only wakes the queue ({@link GameAnalyses.stored}), and the
 * queue is the database itself — every game with an entry and no figures — so games left
 * unanalysed by a stop are found again at the next start, by any process sharing the database.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Kysely, sql } from 'kysely';
import { workerScript } from '../../node/workerScript.ts';
import type { Database, Schema } from '../db.ts';
import { aiLike, type GameFigures, tenth } from './analysisFigures.ts';
import type { AnalysisReply, AnalysisRequest, AnalysisWorkerData } from './analysisProtocol.ts';

/** What judging one game's code gives: its figures, or why there are none. */
export type AnalysisOutcome =
  | { readonly figures: GameFigures }
  | { readonly skipped: string }
  | { readonly failed: string };

/** Judges codes (the thread pool, or a test's double). */
export interface CodeAnalyser {
  analyse(code: string): Promise<AnalysisOutcome>;
  close(): Promise<void>;
}

export interface AnalysisPoolOptions {
  /** Threads (default 1: the analysis takes at most one core, whatever the machine). */
  readonly threads?: number;
  /** Where the 4×4 tables are read from (see {@link AnalysisWorkerData}; default the user's cache). */
  readonly tables?: string | null | false;
  /** The worker script (default: analysis-pool-worker.js beside the bundle, or the sources bundled). */
  readonly workerUrl?: URL;
}

/**
 * A pool of worker threads judging codes, a game at a time per thread. The threads start with
 * the first code and never keep the process alive; a thread that dies is replaced, and its
 * game answered `failed`.
 */
export function createAnalysisPool(opts: AnalysisPoolOptions = {}): CodeAnalyser {
  const size = Math.max(1, Math.min(opts.threads ?? 1, availableParallelism()));
  const data: AnalysisWorkerData = { tables: opts.tables === undefined ? null : opts.tables };
  let url: URL | null = opts.workerUrl ?? null;
  let closed = false;
  let nextId = 1;
  const threads: { worker: Worker; pending: Map<number, (r: AnalysisOutcome) => void> }[] = [];

  const start = () => {
    url ??= workerScript(import.meta.url, './analysisWorker.ts', 'analysis-pool-worker.js');
    const worker = new Worker(url, { workerData: data });
    worker.unref();
    const t = { worker, pending: new Map<number, (r: AnalysisOutcome) => void>() };
    let dead = false;
    const fail = (why: string) => {
      if (dead) return;
      dead = true;
      for (const answer of t.pending.values()) answer({ failed: why });
      t.pending.clear();
      const i = threads.indexOf(t);
      if (i >= 0) threads.splice(i, 1);
    };
    worker.on('message', (m: AnalysisReply) => {
      const answer = t.pending.get(m.id);
      if (!answer) return;
      t.pending.delete(m.id);
      if (t.pending.size === 0) worker.unref();
      answer('figures' in m ? { figures: m.figures } : 'skipped' in m ? m : { failed: m.failed });
    });
    worker.on('error', (e) => fail(`the analysis thread failed: ${e.message}`));
    worker.on('exit', (code) => fail(`the analysis thread stopped (exit code ${code})`));
    threads.push(t);
    return t;
  };

  return {
    analyse(code) {
      if (closed) return Promise.resolve({ failed: 'the analysis pool is closed' });
      let t = threads.find((u) => u.pending.size === 0);
      if (!t) t = threads.length < size ? start() : threads[0]!;
      for (const u of threads) if (u.pending.size < t.pending.size) t = u;
      const id = nextId++;
      const thread = t;
      return new Promise((resolve) => {
        thread.pending.set(id, resolve);
        thread.worker.ref();
        thread.worker.postMessage({ id, code } satisfies AnalysisRequest);
      });
    },
    async close() {
      closed = true;
      const all = threads.splice(0);
      for (const t of all) for (const answer of t.pending.values()) answer({ failed: 'closed' });
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}

/** A claim on a game older than this is another process's that stopped: taken over (ms). */
export const CLAIM_STALE_MS = 10 * 60_000;
/** The pause before the queue looks again after the database failed (ms). */
const RETRY_MS = 5_000;

export interface GameAnalysesOptions {
  readonly now?: () => number;
  readonly log?: (line: string) => void;
  /** Hears each game whose figures were stored (the boards it stands on are read afresh). */
  readonly analysed?: (gameId: number) => void | Promise<void>;
}

/**
 * The queue of games to analyse, and the loop that runs it: the games this process stores
 * first (newest first), then a sweep, from the newest id down, of every standing game with no
 * figures (those another process stored are its own to analyse, but are found by this sweep
 * when that process stops before it does). One game at a time; each game claimed in the
 * database first, so two processes do not judge the same one.
 */
export class GameAnalyses {
  private readonly fresh: number[] = [];
  /** The sweep goes down from here (null: from the top; done: finished until the next start). */
  private cursor: number | null = null;
  private swept = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private closed = false;
  /** Settles when the queue is closed: a game under way is not waited for. */
  private stopped: () => void = () => {};
  private readonly stop = new Promise<null>((r) => {
    this.stopped = () => r(null);
  });
  private readonly now: () => number;
  /** Games judged since start (tests, logs). */
  judged = 0;

  constructor(
    private readonly database: Database,
    private readonly analyser: CodeAnalyser,
    private readonly opts: GameAnalysesOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  private get db(): Kysely<Schema> {
    return this.database.db;
  }

  /** Starts the loop: games left unanalysed (by a stop, or before analysis existed) first. */
  start(): void {
    if (this.running || this.closed) return;
    this.running = this.loop();
  }

  /** A game was stored: it is analysed soon, after the one under way. Never waits. */
  stored(gameId: number): void {
    if (this.closed) return;
    this.fresh.push(gameId);
    this.wake?.();
  }

  /** Resolves once nothing is left to analyse (tests). */
  async settled(): Promise<void> {
    while (!this.closed && (this.fresh.length > 0 || !this.swept || this.busy)) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private busy = false;

  /** Stops the loop (the game under way is dropped, its claim left to go stale) and the pool. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    this.stopped();
    await this.analyser.close();
    await this.running;
  }

  private async loop(): Promise<void> {
    try {
      // Games skipped for want of the 4×4 tables are tried again at each start.
      await this.db.deleteFrom('game_analyses').where('state', '=', 'skipped').execute();
    } catch (e) {
      this.opts.log?.(`analysis: ${(e as Error).message}`);
    }
    while (!this.closed) {
      try {
        const id = this.fresh.shift() ?? (await this.nextUnanalysed());
        if (id === null) {
          this.swept = true;
          await new Promise<void>((r) => {
            this.wake = r;
          });
          this.wake = null;
          continue;
        }
        this.busy = true;
        await this.judge(id);
      } catch (e) {
        if (this.closed) break;
        this.opts.log?.(`analysis: ${(e as Error).message}; trying again in ${RETRY_MS / 1000} s`);
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      } finally {
        this.busy = false;
      }
    }
  }

  /** The next game of the sweep: standing, with a code, no figures and no live claim. */
  private async nextUnanalysed(): Promise<number | null> {
    if (this.cursor === -1) return null;
    const stale = this.now() - CLAIM_STALE_MS;
    let q = this.db
      .selectFrom('games')
      .select('games.id')
      .where('games.code', '<>', '')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('entries')
            .select('entries.game_id')
            .whereRef('entries.game_id', '=', 'games.id'),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('game_analyses')
              .select('game_analyses.game_id')
              .whereRef('game_analyses.game_id', '=', 'games.id')
              .where((w) =>
                w.or([
                  w('game_analyses.state', '<>', 'running'),
                  w('game_analyses.claimed_ms', '>=', stale),
                ]),
              ),
          ),
        ),
      )
      .orderBy('games.id', 'desc')
      .limit(1);
    if (this.cursor !== null) q = q.where('games.id', '<', this.cursor);
    const rows = await q.execute();
    if (rows.length === 0) {
      this.cursor = -1;
      return null;
    }
    // The next look starts below it (a game claimed by another process is passed by).
    this.cursor = Number(rows[0]!.id);
    return Number(rows[0]!.id);
  }

  /** Claims a game, judges it on a thread and stores its figures (or why there are none). */
  private async judge(gameId: number): Promise<void> {
    const now = this.now();
    const claimed = await this.db
      .insertInto('game_analyses')
      .values({ game_id: gameId, state: 'running', claimed_ms: now })
      .onConflict((oc) =>
        oc
          .column('game_id')
          .doUpdateSet({ claimed_ms: now })
          .where('game_analyses.state', '=', 'running')
          .where('game_analyses.claimed_ms', '<', now - CLAIM_STALE_MS),
      )
      .returning('game_id')
      .executeTakeFirst();
    if (!claimed) return;
    const game = await this.db
      .selectFrom('games')
      .select(['code', 'size'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game || game.code === '') {
      await this.db.deleteFrom('game_analyses').where('game_id', '=', gameId).execute();
      return;
    }
    const outcome = await Promise.race([this.analyser.analyse(game.code), this.stop]);
    if (outcome === null || this.closed) return;
    this.judged++;
    if ('figures' in outcome) {
      const f = outcome.figures;
      const figures = {
        accuracy: tenth(f.accuracy),
        agreement: tenth(f.agreement),
        ai_like: aiLike(f, Number(game.size)) ? 1 : 0,
      };
      // The figures, and the entries' copies that the sorted and filtered boards read, at once.
      await this.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('game_analyses')
          .set({
            state: 'done',
            kind: f.kind,
            ...figures,
            moves: f.moves,
            optimal: f.optimal,
            wasted: f.wasted,
            method: f.method,
            analysed_ms: this.now(),
          })
          .where('game_id', '=', gameId)
          .execute();
        await tx.updateTable('entries').set(figures).where('game_id', '=', gameId).execute();
      });
      await this.opts.analysed?.(gameId);
      return;
    }
    const state = 'skipped' in outcome ? 'skipped' : 'failed';
    const why = 'skipped' in outcome ? outcome.skipped : outcome.failed;
    if (state === 'failed') this.opts.log?.(`analysis: game ${gameId} failed: ${why}`);
    await this.db
      .updateTable('game_analyses')
      .set({ state, note: why.slice(0, 200), analysed_ms: this.now() })
      .where('game_id', '=', gameId)
      .execute();
  }
}

/** The unanalysed standing games (for logs and tests): how many are waiting. */
export async function unanalysedCount(db: Kysely<Schema>): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from games g
    where g.code <> '' and exists (select 1 from entries e where e.game_id = g.id)
      and not exists (select 1 from game_analyses a where a.game_id = g.id and a.state <> 'running')`.execute(
    db,
  );
  return Number(r.rows[0]?.n ?? 0);
}
