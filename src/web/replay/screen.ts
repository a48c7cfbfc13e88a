/**
 * The replay screen of the web app: a `#replay=CODE` link's code, read and re-simulated by the
 * engine (an evil game with the placer AI), played back by the shared replay controller. A
 * code that is refused shows the engine's sentence, and the app goes on working.
 */
import { readShareCodeWith } from '../../engine/shareReplay.ts';
import { ControllerReplay } from '../../front/controllerReplay.ts';
import {
  type CommandReplay,
  initialModelReplay,
  keyReplay,
  stepMs,
} from '../../front/modelReplay.ts';
import { replaySummary } from '../../front/replayText.ts';
import type { AppContext } from '../context.ts';
import { reducedMotion } from '../ui/dom.ts';
import { webPlacer } from '../workers/webAdvisor.ts';
import { ViewReplay } from './view.ts';

/** The code in the page's address (`#replay=CODE`), or null. */
export function codeFromHash(hash: string): string | null {
  const m = /^#?replay=(.*)$/.exec(hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    // A broken %-escape: the text as it is, which the code's reader then refuses with a reason.
    return m[1]!;
  }
}

export class ScreenReplay {
  private readonly view: ViewReplay;
  private game: ControllerReplay | null = null;
  private code: string | null = null;
  private animateMs = 0;

  constructor(private readonly ctx: AppContext) {
    this.view = new ViewReplay({ command: (cmd) => this.command(cmd), menu: () => ctx.home() });
  }

  /** Shows the replay the address names (read again when the code changed). */
  enter(): void {
    document.title = 'Replay · slidebox';
    this.ctx.mount(this.view.root);
    const code = codeFromHash(location.hash) ?? '';
    if (code === this.code && this.game) {
      this.game.resume();
      return;
    }
    this.game?.close();
    this.game = null;
    this.code = code;
    this.view.showProblem('Reading the code…');
    void readShareCodeWith(code, webPlacer).then((r) => {
      if (this.code !== code) return;
      if (!r.ok) {
        const text = `This replay cannot be shown: ${r.error.message}.`;
        this.view.showProblem(text);
        this.ctx.live(text);
        return;
      }
      this.game = new ControllerReplay({
        model: initialModelReplay(r.value),
        onChange: (c) =>
          this.view.render(c.model, c.model.index === c.before.index + 1 ? this.animateMs : 0),
      });
      this.view.render(this.game.model, 0);
      this.ctx.live(`Replay: ${replaySummary(r.value)}.`);
      this.game.start();
    });
  }

  leave(): void {
    this.game?.suspend();
  }

  key(e: KeyboardEvent): boolean {
    if (!this.game) {
      if (e.key !== 'q' && e.key !== 'Escape') return false;
      this.ctx.home();
      return true;
    }
    const cmd = keyReplay(e);
    if (!cmd) return false;
    this.command(cmd);
    return true;
  }

  private command(cmd: CommandReplay): void {
    const g = this.game;
    if (cmd.type === 'quit') {
      this.ctx.home();
      return;
    }
    if (!g) return;
    // A step animates for most of the time before the next one (a step by hand in a replay
    // with move times: as long as any).
    const m = g.model;
    const gap = m.playing || !m.clock ? stepMs(m) : Number.POSITIVE_INFINITY;
    this.animateMs = reducedMotion() ? 0 : Math.min(120, Math.round(0.7 * gap));
    g.dispatch(cmd);
    this.animateMs = 0;
  }
}
