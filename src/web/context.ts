/**
 * What the web app gives each of its screens: storage, settings, the live region, routing, and
 * the leaderboard server when there is one.
 */
import type { ServerClient } from '../net/api.ts';
import type { BoardName } from '../net/entries.ts';
import type { KeyValueStore } from './storage/persist.ts';
import type { Settings } from './storage/settings.ts';
import type { RecordsBox } from './storage/webStores.ts';

export interface AppContext {
  readonly kv: KeyValueStore;
  readonly records: RecordsBox;
  settings(): Settings;
  changeSettings(s: Settings): void;
  /** Says something to screen readers (the polite live region). */
  live(text: string): void;
  /** The notices waiting since start-up, with `extra`, as one line (null: none). */
  takeNotices(extra?: string | null): string | null;
  /** The player's own picture for the puzzle (a data: URL), if any. */
  picture(): string | null;
  /** The seed for a new game. */
  nextSeed(): number;
  /** Shows a screen's root element as the page. */
  mount(root: HTMLElement): void;
  /** Back to the home screen. */
  home(): void;
  /** The leaderboard server, when this page is served by one (null: none, or not known yet). */
  server(): ServerLink | null;
}

/** The games that can be played online. */
export type OnlineKind = 'versus' | 'duel';

/** What online rooms ask of the server this page came from (src/web/leaderboards/online.ts). */
export interface RoomServer {
  readonly client: ServerClient;
  /** The player's name, asked for in the page when there is none yet; null: not given. */
  name(text: { readonly title: string; readonly ok: string }): Promise<string | null>;
  /** The player's key (with their name, once given): a seat taken counts for its record. */
  player(): { readonly key: string } | null;
}

/** What the leaderboard server does for a game screen (src/web/leaderboards/online.ts). */
export interface ServerLink {
  /**
   * Submits a finished game's share code under the player's name (asked for in the page the
   * first time); resolves with the sentence to show: the rank, or what went wrong and what was
   * kept. `target`: a 2048 game's, to name its board; `sending`: called when the request goes
   * (after the name prompt, when there is one).
   */
  submit(code: string, about?: { target?: number; sending?: () => void }): Promise<string>;
}

/** Slide time of one move (ms); shorter while inputs wait, none when many do. */
export const MOVE_MS = 100;
export const QUICK_MS = 50;

/** A message for the tab that did not make the change. */
export const FROM_OTHER_TAB =
  'This game was played in another tab: continuing from its latest position.';

/**
 * Keys on a focused button or form field belong to it: Enter and Space press the button, and
 * typing goes into the field. Other keys go to the game.
 */
export function keyBelongsToControl(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (t?.closest('input, select, textarea, [contenteditable]')) return true;
  return (e.key === 'Enter' || e.key === ' ') && t?.closest('button, a') != null;
}

/** A board to open the leaderboards at (a ranked game's): its name, size, target and day. */
export interface BoardPick {
  readonly board: BoardName;
  readonly size: number;
  /** 2048: the target; puzzle: null. */
  readonly target: number | null;
  /** The daily boards' day; null: today. */
  readonly day: string | null;
}
