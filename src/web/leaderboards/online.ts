/**
 * The leaderboard server this page came from, when `slidebox serve` serves it: found by asking
 * `./api/health` once the home screen is up (a static site, another server or an offline device
 * gives no such answer, and the app shows no leaderboard features), the player's key and name
 * kept in this browser, and what the screens ask of the server: submit a finished game, read a
 * board, change the name, today's rank. Every failure comes back as a sentence.
 */
import type { Result } from '../../engine/result.ts';
import {
  type BoardQuery,
  checkName,
  isPlayerKey,
  type Leaderboard,
  type NetProblem,
  newPlayerKey,
  ServerClient,
} from '../../net/api.ts';
import type { ServerLink } from '../context.ts';
import { type KeyValueStore, readJson, writeJson } from '../storage/keyValue.ts';
import { askName, type NamePromptText } from './namePrompt.ts';
import { dayOf, netSentence, rankSentence, rankText } from './words.ts';

/** Where the player's key and name are kept. */
export const PLAYER_KEY = 'slidebox:player';

export interface Player {
  /** The secret that makes the submitted games this player's: sent to the server, never shown. */
  readonly key: string;
  /** The name other players see; null until the player gives one. */
  readonly name: string | null;
}

/** The folder the page was loaded from: the server's API is under it (`./api/…`). */
export function pageBase(): string {
  return new URL('.', location.href).href;
}

/** How {@link findServer} asks: how many times, the pause before asking again, the client. */
export interface FindServerOptions {
  /** How many times it asks a server that is there but slow or busy (default 4). */
  readonly tries?: number;
  /** The pause before the second try, doubled before each next one (default 2 s). */
  readonly pauseMs?: number;
  /** Each request's own limit (the client's default otherwise). */
  readonly timeoutMs?: number;
  /** The fetch to use (the page's otherwise). */
  readonly fetch?: typeof fetch;
}

/**
 * The slidebox server at `base`, or null when nothing there answers as one. A server that is
 * there but slow or busy (no answer in time, a 5xx, a 429) is asked again after a pause, a few
 * times, so one slow answer at page load does not hide the server's features for the whole
 * visit; an answer that is not a slidebox server's (a static site's 404, an HTML page) or no
 * connection at all (offline: the app looks again when the device is back online) ends the look.
 */
export async function findServer(
  kv: KeyValueStore,
  base = pageBase(),
  opts: FindServerOptions = {},
): Promise<Online | null> {
  const client = new ServerClient(base, {
    ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }),
    ...(opts.fetch === undefined ? {} : { fetch: opts.fetch }),
  });
  const tries = opts.tries ?? 4;
  let pause = opts.pauseMs ?? 2000;
  for (let i = 1; ; i++) {
    const r = await client.health();
    if (r.ok) return new Online(client, kv);
    const busy = ['timeout', 'server-error', 'rate-limited'].includes(r.error.code);
    if (!busy || i >= tries) return null;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause *= 2;
  }
}

export class Online implements ServerLink {
  /** The player, when the browser would not store them: kept for this visit. */
  private held: Player | null = null;

  constructor(
    readonly client: ServerClient,
    private readonly kv: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The player of this browser (key and name), or null before their first submission or name. */
  player(): Player | null {
    const read = readJson(this.kv, PLAYER_KEY);
    if (read.kind !== 'ok' || typeof read.data !== 'object' || read.data === null) {
      return this.held;
    }
    const { key, name } = read.data as { key?: unknown; name?: unknown };
    if (!isPlayerKey(key)) return this.held;
    const checked = checkName(name);
    return { key, name: checked.ok ? checked.value : null };
  }

  /** Keeps the player's name, with their key (made the first time). */
  private keep(name: string | null): Player {
    const player = { key: this.player()?.key ?? newPlayerKey(), name };
    this.held = player;
    writeJson(this.kv, PLAYER_KEY, player);
    return player;
  }

  /** The server said the kept name belongs to another player: it is asked for again next time. */
  forgetName(): void {
    this.keep(null);
  }

  /**
   * The player's name, asked for in the page the first time (with `text`) and kept with their
   * key; null when they cancel the prompt.
   */
  async name(text: NamePromptText): Promise<string | null> {
    const known = this.player()?.name;
    if (known) return known;
    const name = await askName(null, text);
    if (name !== null) this.keep(name);
    return name;
  }

  /**
   * Submits a finished game's share code, asking for the player's name first when there is
   * none; resolves with the rank ("#3 on today's daily 2048.") or what went wrong.
   */
  async submit(
    code: string,
    about: { target?: number; sending?: () => void } = {},
  ): Promise<string> {
    let player = this.player();
    if (!player?.name) {
      const name = await askName(null, { title: 'Your name on the leaderboards', ok: 'Submit' });
      if (name === null) return 'Not submitted: the game is kept in this browser.';
      player = this.keep(name);
    }
    about.sending?.();
    let r = await this.client.submit(code, player.name!, player.key);
    // The name belongs to another player on this server: asked again, with the reason.
    for (let tries = 0; !r.ok && r.error.serverCode === 'name-taken' && tries < 3; tries++) {
      const name = await askName(player.name, {
        title: 'That name belongs to another player: choose another',
        ok: 'Submit',
      });
      if (name === null) {
        this.keep(null);
        return 'Not submitted: that name belongs to another player. The game is kept in this browser.';
      }
      player = this.keep(name);
      r = await this.client.submit(code, player.name!, player.key);
    }
    if (!r.ok) {
      // The server's rules for names won: ask for another next time.
      if (r.error.serverCode === 'bad-name') this.keep(null);
      return netSentence(r.error, 'submit');
    }
    return rankSentence(r.value.entry, r.value.created, dayOf(this.now()), about.target);
  }

  /** A board, with the player's own line when they have one. */
  board(q: Omit<BoardQuery, 'playerKey'>): Promise<Result<Leaderboard, NetProblem>> {
    const key = this.player()?.key;
    return this.client.leaderboard(key ? { ...q, playerKey: key } : q);
  }

  /**
   * Asks for a new name and gives it to the server for every board (kept here alone while the
   * player has no game there); resolves with the sentence, or null when the player cancels.
   */
  async rename(): Promise<string | null> {
    const before = this.player();
    const name = await askName(before?.name ?? null, { title: 'Change your name', ok: 'Save' });
    if (name === null) return null;
    const first = `Your name is ${name}: it goes with the first game you submit.`;
    if (!before) {
      this.keep(name);
      return first;
    }
    const r = await this.client.rename(before.key, name);
    if (!r.ok) {
      if (r.error.serverCode !== 'no-player') return netSentence(r.error, 'rename');
      this.keep(name);
      return first;
    }
    this.keep(r.value.name);
    return `Your name is now ${r.value.name}, on every board.`;
  }

  /**
   * The player's rank on today's board of a daily game: their ranked entry ("Your ranked entry
   * today: #3"), else their line on the self-reported board; null when they have neither (or the
   * server does not answer).
   */
  async dailyRank(kind: '2048' | 'puzzle'): Promise<string | null> {
    if (!this.player()) return null;
    const ranked = await this.board({ board: `daily-${kind}`, limit: 1, source: 'ranked' });
    if (!ranked.ok) return null;
    if (ranked.value.you) return `Your ranked entry today: ${rankText(ranked.value.you.rank)}`;
    for (const assisted of [false, true]) {
      const q = { board: `daily-${kind}`, limit: 1, source: 'self-reported', assisted } as const;
      const r = await this.board(q);
      if (!r.ok) return null;
      const you = r.value.you;
      if (you) {
        const among = assisted ? ', among the games played with help' : '';
        return `Your rank today: ${rankText(you.rank)} on the self-reported board${among}`;
      }
    }
    return null;
  }
}
