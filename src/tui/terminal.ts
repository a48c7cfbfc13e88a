/**
 * The full-screen terminal session shared by both games: raw mode, the alternate screen, a
 * hidden cursor, key and resize events, and a restore that always runs — on quit, Ctrl+C,
 * SIGTERM, SIGHUP, suspend, and unexpected errors (which are printed after the restore).
 */
import {
  ALT_SCREEN_OFF,
  ALT_SCREEN_ON,
  CLEAR_BELOW,
  CLEAR_LINE_END,
  CLEAR_SCREEN,
  CURSOR_HIDE,
  CURSOR_HOME,
  CURSOR_SHOW,
  MOUSE_OFF,
  MOUSE_ON,
  RESET,
} from './ansi.ts';
import { decodeKeys, type Key } from './keys.ts';

export interface Viewport {
  readonly cols: number;
  readonly rows: number;
}

export interface SessionHandlers {
  onKeys(keys: Key[]): void;
  onResize(): void;
  /** Called once before the process exits for a signal or an error (e.g. to save). */
  onExit?(): void;
  /** Called when the game leaves the screen for a suspend (Ctrl+Z), and when it is back. */
  onSuspend?(): void;
  onContinue?(): void;
}

const SIGNALS = { SIGTERM: 15, SIGHUP: 1, SIGINT: 2 } as const;

export class TerminalSession {
  private active = false;
  private readonly stdin: NodeJS.ReadStream;
  private readonly stdout: NodeJS.WriteStream;
  private readonly mouse: boolean;
  private handlers: SessionHandlers | null = null;
  private readonly cleanups: (() => void)[] = [];
  private lastFrame = '';

  constructor(
    opts: { stdin?: NodeJS.ReadStream; stdout?: NodeJS.WriteStream; mouse?: boolean } = {},
  ) {
    this.stdin = opts.stdin ?? process.stdin;
    this.stdout = opts.stdout ?? process.stdout;
    this.mouse = opts.mouse ?? false;
  }

  /** The window size (80x24 when the terminal does not say). */
  size(): Viewport {
    return { cols: this.stdout.columns || 80, rows: this.stdout.rows || 24 };
  }

  /** Enters full-screen mode and starts delivering keys and resizes. */
  start(handlers: SessionHandlers): void {
    this.handlers = handlers;
    this.enterScreen();
    const onData = (data: Buffer | string) => {
      const keys = decodeKeys(typeof data === 'string' ? data : data.toString('utf8'));
      if (keys.some((k) => k.name === 'ctrl-z')) {
        this.suspend();
        return;
      }
      handlers.onKeys(keys);
    };
    this.stdin.on('data', onData);
    this.cleanups.push(() => this.stdin.off('data', onData));

    const onResize = () => {
      this.lastFrame = '';
      handlers.onResize();
    };
    this.stdout.on('resize', onResize);
    this.cleanups.push(() => this.stdout.off('resize', onResize));

    for (const [name, num] of Object.entries(SIGNALS)) {
      const h = () => this.exitNow(128 + num);
      process.on(name as NodeJS.Signals, h);
      this.cleanups.push(() => process.off(name as NodeJS.Signals, h));
    }
    const onCont = () => {
      if (this.active) return;
      this.enterScreen();
      handlers.onContinue?.();
      handlers.onResize();
    };
    process.on('SIGCONT', onCont);
    this.cleanups.push(() => process.off('SIGCONT', onCont));

    const onError = (e: unknown) => {
      this.restore();
      try {
        handlers.onExit?.();
      } catch {
        // Saving failed too; the error below is what matters.
      }
      process.stderr.write(
        `slidebox: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
      );
      process.exit(1);
    };
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
    this.cleanups.push(() => {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    });
    const onProcessExit = () => this.restore();
    process.on('exit', onProcessExit);
    this.cleanups.push(() => process.off('exit', onProcessExit));
  }

  private enterScreen(): void {
    if (this.stdin.isTTY) this.stdin.setRawMode(true);
    this.stdin.resume();
    this.stdin.setEncoding('utf8');
    this.stdout.write(ALT_SCREEN_ON + CURSOR_HIDE + CLEAR_SCREEN + (this.mouse ? MOUSE_ON : ''));
    this.active = true;
    this.lastFrame = '';
  }

  /** Draws a frame (one string per screen row) in one write; identical frames are skipped. */
  draw(lines: readonly string[]): void {
    if (!this.active) return;
    const frame =
      CURSOR_HOME + lines.map((l) => l + RESET + CLEAR_LINE_END).join('\r\n') + CLEAR_BELOW;
    if (frame === this.lastFrame) return;
    this.lastFrame = frame;
    this.stdout.write(frame);
  }

  /** Leaves full-screen mode: raw mode off, cursor shown, main screen back. Safe to repeat. */
  restore(): void {
    if (!this.active) return;
    this.active = false;
    this.stdout.write(RESET + (this.mouse ? MOUSE_OFF : '') + CURSOR_SHOW + ALT_SCREEN_OFF);
    if (this.stdin.isTTY) {
      try {
        this.stdin.setRawMode(false);
      } catch {
        // The terminal is gone (SIGHUP): nothing left to restore.
      }
    }
  }

  /** Restores the terminal and stops listening, so the process can end on its own. */
  close(): void {
    this.restore();
    for (const c of this.cleanups.splice(0)) c();
    this.stdin.pause();
  }

  private suspend(): void {
    this.handlers?.onSuspend?.();
    this.restore();
    process.kill(process.pid, 'SIGTSTP');
  }

  private exitNow(code: number): void {
    try {
      this.handlers?.onExit?.();
    } finally {
      this.close();
      process.exit(code);
    }
  }
}
