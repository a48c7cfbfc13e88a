/**
 * The leaderboards screen of the web app: the board chosen in the view, asked of the server
 * this page came from (a page at a time, the player's own line with it), answers that come
 * after another choice dropped. Without a server it says so and the rest of the app goes on.
 */
import type { BoardEntry, BoardQuery } from '../../net/api.ts';
import type { AppContext, BoardPick } from '../context.ts';
import type { Online } from './online.ts';
import { type BoardLists, type Choice, ViewLeaderboards } from './view.ts';
import { dayOf, netSentence } from './words.ts';

/** Lines asked for at a time. */
export const PAGE = 20;

const NO_SERVER =
  'The leaderboards come with the slidebox server: this page is served without one, or the server cannot be reached now. Your games are kept in this browser as always.';

/** The server's query for a choice, from line `offset` on. */
export function queryOf(c: Choice, offset: number): Omit<BoardQuery, 'playerKey'> {
  const assisted = c.source === 'self-reported' && c.assisted;
  const page = {
    limit: PAGE,
    offset,
    source: c.source,
    assisted,
    // The analysis's order and filter, asked for only when chosen.
    ...(c.sort !== undefined && c.sort !== 'rank' ? { sort: c.sort } : {}),
    ...(c.aiLike === true || c.aiLike === false ? { aiLike: c.aiLike } : {}),
  };
  if (c.board === '2048') return { board: c.board, size: c.size2048, target: c.target, ...page };
  if (c.board === 'puzzle') return { board: c.board, size: c.sizePuzzle, ...page };
  return { board: c.board, ...(c.day === null ? {} : { day: c.day }), ...page };
}

export class ScreenLeaderboards {
  private readonly view: ViewLeaderboards;
  private choice: Choice | null = null;
  private online: Online | null = null;
  private entries: BoardEntry[] = [];
  /** Counts the requests, so an answer to one that was overtaken is dropped. */
  private asked = 0;

  /**
   * `server`: the leaderboard server, once the app has looked for it (null: none); `lists`: the
   * board sizes and 2048 targets to choose from; `takePick`: the board to open at this time (a
   * ranked game's), if any, handed over once.
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly server: () => Promise<Online | null>,
    lists: BoardLists,
    private readonly takePick: () => BoardPick | null = () => null,
  ) {
    this.view = new ViewLeaderboards(
      {
        menu: () => ctx.home(),
        choose: (c) => {
          this.choice = c;
          void this.load(false);
        },
        more: () => void this.load(true),
        rename: () => this.rename(),
      },
      lists,
    );
  }

  enter(): void {
    document.title = 'Leaderboards · slidebox';
    this.ctx.mount(this.view.root);
    const s = this.ctx.settings();
    this.choice ??= {
      board: 'daily-2048',
      size2048: s.size,
      target: s.target,
      sizePuzzle: s.width,
      source: 'ranked',
      assisted: false,
      day: null,
    };
    const p = this.takePick();
    if (p) {
      this.choice = {
        ...this.choice,
        board: p.board,
        source: 'ranked',
        day: p.day,
        ...(p.board === '2048' ? { size2048: p.size, target: p.target ?? this.choice.target } : {}),
        ...(p.board === 'puzzle' ? { sizePuzzle: p.size } : {}),
      };
    }
    const asked = ++this.asked;
    this.view.loading(this.choice, dayOf(Date.now()));
    void this.server().then((online) => {
      if (asked !== this.asked) return;
      this.online = online;
      if (!online) {
        this.view.unavailable(NO_SERVER);
        this.ctx.live(NO_SERVER);
        return;
      }
      this.view.setPlayer(online.player()?.name ?? null);
      void this.load(false);
    });
  }

  leave(): void {
    this.asked++;
  }

  key(e: KeyboardEvent): boolean {
    if (e.key !== 'q' && e.key !== 'Escape') return false;
    this.ctx.home();
    return true;
  }

  /** Asks for the chosen board (`more`: its next page, added below the lines shown). */
  private async load(more: boolean): Promise<void> {
    const online = this.online;
    const c = this.choice;
    if (!online || !c) return;
    const asked = ++this.asked;
    const offset = more ? this.entries.length : 0;
    if (!more) this.view.loading(c, dayOf(Date.now()));
    const r = await online.board(queryOf(c, offset));
    if (asked !== this.asked) return;
    if (!r.ok) {
      const said = netSentence(r.error, 'board');
      this.view.problem(said);
      this.ctx.live(said);
      return;
    }
    this.entries = more ? [...this.entries, ...r.value.entries] : [...r.value.entries];
    this.view.render(this.entries, r.value.you, r.value.entries.length === PAGE);
  }

  private rename(): void {
    const online = this.online;
    if (!online) return;
    void online.rename().then((said) => {
      if (said === null) return;
      this.view.setPlayer(online.player()?.name ?? null);
      this.view.say(said);
      this.ctx.live(said);
      // The player's lines now show the new name.
      if (online.player()) void this.load(false).then(() => this.view.say(said));
    });
  }
}
