/**
 * Questions in the middle of a plain game, answered by the next lines of input: a flow (such as
 * "Submit to the leaderboard? … Your name?") runs beside the line loop, and each line it waits
 * for is handed to it instead of the game, strictly in order — a line after the answers is a
 * command again, only once the flow has finished with the answer before it.
 */
import type { Ask } from './online.ts';
import type { PlainHook } from './plainIo.ts';

export class PlainQuestions {
  private answer: ((line: string | null) => void) | null = null;
  private settle: (() => void) | null = null;
  private running: Promise<void> | null = null;

  /** `write` prints a question (a line of its own). */
  constructor(private readonly write: (line: string) => void) {}

  /** For a flow: prints the question and waits for the next line (null when input ends). */
  readonly ask: Ask = (question) =>
    new Promise((resolve) => {
      this.write(`${question.trimEnd()}\n`);
      this.answer = resolve;
      this.settled();
    });

  /** Whether a flow is under way. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Starts a flow; resolves when it has ended or waits for its first answer. */
  start(flow: () => Promise<void>): Promise<void> {
    const until = this.untilSettled();
    this.running = flow()
      .catch((e: unknown) => this.write(`${e instanceof Error ? e.message : String(e)}\n`))
      .finally(() => {
        this.running = null;
        this.settled();
      });
    return this.answer ? Promise.resolve() : until;
  }

  /**
   * A line of input: when a question waits, it is the answer (true), and this resolves once the
   * flow has ended or asks again; otherwise false (a command).
   */
  async take(raw: string | null): Promise<boolean> {
    const answer = this.answer;
    if (!answer) return false;
    this.answer = null;
    const next = this.untilSettled();
    answer(raw);
    await next;
    return true;
  }

  /** The end of input: open questions get no answer; resolves when the flow has ended. */
  async finish(): Promise<void> {
    while (this.answer || this.running) {
      if (this.answer) await this.take(null);
      else await this.running;
    }
  }

  /** The hook a plain game takes, with `after` run after each command. */
  hook(after: () => Promise<void>): PlainHook {
    return {
      take: (raw) => this.take(raw),
      after,
      finish: () => this.finish(),
    };
  }

  private untilSettled(): Promise<void> {
    return new Promise((resolve) => {
      this.settle = () => {
        this.settle = null;
        resolve();
      };
    });
  }

  private settled(): void {
    this.settle?.();
  }
}
