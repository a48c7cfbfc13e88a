/**
 * The replay screen of the web app: a `#replay=CODE` link's code, read and re-simulated by the
 * engine (an evil game with the placer AI), played back by the shared replay controller. A
 * code that is refused shows the engine's sentence, and the app goes on working.
 *
 * The analysis is the shared model's (src/front/modelAnalysis.ts, the terminal's too): Analyse
 * (the I key) judges every move of a 2048 game in the AI worker, or of a puzzle in the solver
 * worker, with progress and Cancel; then each position shows the move played from it, judged,
 * the better move drawn, the chart, and N / Shift+N jump between mistakes. A link from a
 * leaderboard may carry the server's figures (`&accuracy=…&agreement=…`).
 */
import { readShareCodeWith } from '../../engine/shareReplay.ts';
import { ControllerReplay } from '../../front/controllerReplay.ts';
import { markLines, summaryLines } from '../../front/modelAnalysis.ts';
import {
  type CommandReplay,
  initialModelReplay,
  keyReplay,
  type ModelReplay,
  shownAnalysis,
  stepMs,
} from '../../front/modelReplay.ts';
import { replaySummary } from '../../front/replayText.ts';
import type { AppContext } from '../context.ts';
import { reducedMotion } from '../ui/dom.ts';
import { webPlacer } from '../workers/webAdvisor.ts';
import { type WebAnalyser, webAnalyser } from '../workers/webAnalyser.ts';
import { replayLink } from './analysis.ts';
import { ViewReplay } from './view.ts';

/** The code in the page's address (`#replay=CODE`, maybe with the server's figures), or null. */
export function codeFromHash(hash: string): string | null {
  return replayLink(hash)?.code ?? null;
}

export class ScreenReplay {
  private readonly view: ViewReplay;
  private game: ControllerReplay | null = null;
  private code: string | null = null;
  private animateMs = 0;
  /** The analyses' workers, started on the first Analyse. */
  private readonly analyser: WebAnalyser = webAnalyser();

  constructor(private readonly ctx: AppContext) {
    this.view = new ViewReplay({ command: (cmd) => this.command(cmd), menu: () => ctx.home() });
  }

  /** Shows the replay the address names (read again when the code changed). */
  enter(): void {
    document.title = 'Replay · slidebox';
    this.ctx.mount(this.view.root);
    const link = replayLink(location.hash);
    const code = link?.code ?? '';
    const server = link?.server ?? null;
    if (code === this.code && this.game) {
      this.view.showServerFigures(server, this.game.model.replay.kind);
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
      // 2048 (a versus match's and a duel's boards too) is judged on 4×4 only: other sizes are
      // not offered the analysis.
      const v = r.value;
      const size =
        v.kind === 'versus' ? v.states[0]!.rules.size : v.kind === 'puzzle' ? 0 : v.states[0]!.size;
      const offered = v.kind === 'puzzle' || size === 4;
      this.game = new ControllerReplay({
        model: initialModelReplay(r.value, offered ? { analysis: 'offer' } : {}),
        analyser: this.analyser,
        onChange: (c) => {
          this.view.render(c.model, c.model.index === c.before.index + 1 ? this.animateMs : 0);
          this.view.showAnalysis(c.model, this.analyser.note());
          this.sayAnalysis(c.before, c.model, c.cmd);
        },
      });
      this.view.render(this.game.model, 0);
      this.view.showAnalysis(this.game.model, null);
      this.view.showServerFigures(server, r.value.kind);
      this.ctx.live(`Replay: ${replaySummary(r.value)}.`);
      this.game.start();
    });
  }

  /** Says what the analysis did in the live region: done, stopped, the mark stepped to. */
  private sayAnalysis(before: ModelReplay, m: ModelReplay, cmd: CommandReplay): void {
    const was = before.analysis?.status;
    const now = m.analysis;
    if (cmd.type === 'analyse' && was !== 'running' && now?.status === 'running') {
      this.ctx.live('Analysing the game…');
    } else if (cmd.type === 'analyse' && was === 'running' && now?.status === 'idle') {
      this.ctx.live('Analysis cancelled.');
    } else if (cmd.type === 'analysis-done' && now?.status === 'done') {
      this.ctx.live(`Analysis done. ${summaryLines(now.result).join(', ')}.`);
    } else if (cmd.type === 'analysis-failed' && now?.status === 'failed') {
      this.ctx.live(`The analysis stopped: ${now.message}.`);
    } else if (m.index !== before.index && !m.playing) {
      // The mark of a position stepped or jumped to by hand; not while playing.
      const a = shownAnalysis(m);
      if (a) this.ctx.live(markLines(a, m.index).join(', '));
    } else if (cmd.type === 'mistake' && m.index === before.index && shownAnalysis(m)) {
      this.ctx.live(cmd.by === 1 ? 'No mistake after this move.' : 'No mistake before it.');
    }
  }

  leave(): void {
    this.game?.suspend();
    // An analysis does not go on for a screen no one sees (a finished one is kept).
    if (this.game?.model.analysis?.status === 'running') this.game.dispatch({ type: 'analyse' });
  }

  key(e: KeyboardEvent): boolean {
    if (!this.game) {
      if (e.key !== 'q' && e.key !== 'Escape') return false;
      this.ctx.home();
      return true;
    }
    const cmd = keyReplay(e);
    if (!cmd) return false;
    // The analysis keys belong to a replay that offers it.
    if ((cmd.type === 'analyse' || cmd.type === 'mistake') && !this.game.model.analysis)
      return false;
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
