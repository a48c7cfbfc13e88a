/**
 * The statistics screen of the web app: the history of finished games kept in this browser,
 * read afresh each time the screen opens (another tab may have added games).
 */
import type { AppContext } from '../context.ts';
import { loadHistory } from '../storage/persistHistory.ts';
import { ViewStats } from './view.ts';

export class ScreenStats {
  private readonly view: ViewStats;

  constructor(private readonly ctx: AppContext) {
    this.view = new ViewStats({ menu: () => ctx.home() });
  }

  enter(): void {
    document.title = 'Statistics · slidebox';
    const loaded = loadHistory(this.ctx.kv);
    const notice = this.ctx.takeNotices(loaded.notice);
    this.view.render(loaded.value, notice);
    this.ctx.mount(this.view.root);
    if (notice) this.ctx.live(notice);
  }

  leave(): void {}

  key(e: KeyboardEvent): boolean {
    if (e.key !== 'q' && e.key !== 'Escape') return false;
    this.ctx.home();
    return true;
  }
}
