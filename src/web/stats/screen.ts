/**
 * The statistics screen of the web app: the history of finished games kept in this browser,
 * read afresh each time the screen opens (another tab may have added games). The history is in
 * the browser's database, which answers asynchronously: the screen says "Loading…" until then.
 */
import { EMPTY_HISTORY, type History } from '../../front/history.ts';
import type { AppContext } from '../context.ts';
import { loadBrowserHistory } from '../storage/historyDb.ts';
import { ViewStats } from './view.ts';

export class ScreenStats {
  private readonly view: ViewStats;
  /** Counts the screen's openings, so a history that arrives after it was left is not shown. */
  private opened = 0;

  constructor(private readonly ctx: AppContext) {
    this.view = new ViewStats({ menu: () => ctx.home() });
  }

  enter(): void {
    document.title = 'Statistics · slidebox';
    const opening = ++this.opened;
    this.view.loading();
    this.ctx.mount(this.view.root);
    loadBrowserHistory(this.ctx.kv).then(
      (loaded) => this.show(opening, loaded.value, loaded.notice),
      (e: unknown) =>
        this.show(
          opening,
          EMPTY_HISTORY,
          `Your game history could not be read (${(e as Error).message}).`,
        ),
    );
  }

  private show(opening: number, history: History, said: string | null): void {
    if (opening !== this.opened) return;
    const notice = this.ctx.takeNotices(said);
    this.view.render(history, notice, this.ctx.records.value.series);
    if (notice) this.ctx.live(notice);
  }

  leave(): void {
    this.opened++;
  }

  key(e: KeyboardEvent): boolean {
    if (e.key !== 'q' && e.key !== 'Escape') return false;
    this.ctx.home();
    return true;
  }
}
