/**
 * Test support for the server's WebSockets (rooms and ranked games): a real client (`ws`)
 * whose messages are kept in order (as text too: tests read every byte a client received) and
 * awaited by what they say. roomSockets.ts and rankedPlay.ts give it each protocol's types.
 */
import WebSocket from 'ws';

export class JsonTestSocket<C, S extends { readonly type: string }> {
  readonly ws: WebSocket;
  /** Every message received, in order, and its text as it came. */
  readonly messages: S[] = [];
  readonly texts: string[] = [];
  private seen = 0;
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;

  /** A socket to `url`; {@link next} waits `waitMs` unless told otherwise. */
  constructor(
    url: string,
    private readonly waitMs: number,
  ) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => {
      this.texts.push(String(data));
      this.messages.push(JSON.parse(String(data)) as S);
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  async send(m: C | string): Promise<void> {
    await this.opened;
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (after those already taken) of a type that `pick` accepts; the ones before it are skipped. */
  next<T extends S['type']>(
    type: T,
    pick: (m: Extract<S, { type: T }>) => boolean = () => true,
    timeoutMs = this.waitMs,
  ): Promise<Extract<S, { type: T }>> {
    return this.nextWhere(
      (m): m is Extract<S, { type: T }> => m.type === type && pick(m as Extract<S, { type: T }>),
      `${type} message`,
      timeoutMs,
    );
  }

  /**
   * The next message (after those already taken) that `is` accepts; the ones before it are
   * skipped. `what` names it in the error when the socket closes or the time runs out first.
   */
  async nextWhere<M extends S>(
    is: (m: S) => m is M,
    what: string,
    timeoutMs = this.waitMs,
  ): Promise<M> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.seen < this.messages.length) {
        const m = this.messages[this.seen++]!;
        if (is(m)) return m;
      }
      if (this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`closed while waiting for ${what}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Every message of a type received so far. */
  all<T extends S['type']>(type: T): Extract<S, { type: T }>[] {
    return this.messages.filter((m) => m.type === type) as Extract<S, { type: T }>[];
  }

  close(): void {
    this.ws.close();
  }
}
