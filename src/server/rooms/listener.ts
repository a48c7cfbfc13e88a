/**
 * The rooms' listener on PostgreSQL: LISTEN on the channel every process NOTIFYs its rooms'
 * changes on.
 */
import type pg from 'pg';
import { message, ROOMS_CHANNEL } from './types.ts';

/** Waits before the listener connects again (ms), the last one repeated. */
const LISTEN_RETRY_MS = [100, 250, 500, 1000, 2000];

/**
 * LISTEN on a connection of its own (PostgreSQL): the notifications of every process's rooms.
 * When the connection drops (the server restarted), it connects again, and says so: what was
 * notified meanwhile is lost, so the rooms are read again.
 */
export class RoomListener {
  private client: pg.Client | null = null;
  private connecting: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly open: () => pg.Client,
    private readonly heard: (payload: string) => void,
    private readonly connected: () => void,
    private readonly log?: (line: string) => void,
  ) {
    this.connect();
  }

  private connect(): void {
    this.timer = null;
    if (this.stopped) return;
    const client = this.open();
    this.connecting = client;
    let lost = false;
    const drop = (why: string) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      if (this.connecting === client) this.connecting = null;
      client.end().catch(() => {});
      if (this.stopped) return;
      if (this.failures === 0) {
        this.log?.(`rooms: not listening to the other processes (${why}); connecting again`);
      }
      this.retry();
    };
    client.on('error', (e) => drop(e.message));
    client.on('end', () => drop('the connection closed'));
    client.on('notification', (n) => {
      if (n.channel === ROOMS_CHANNEL && n.payload) this.heard(n.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${ROOMS_CHANNEL}`))
      .then(
        () => {
          if (lost) return;
          this.connecting = null;
          if (this.stopped) {
            client.end().catch(() => {});
            return;
          }
          this.client = client;
          if (this.failures > 0) this.log?.('rooms: listening to the other processes again');
          this.failures = 0;
          this.connected();
        },
        (e: unknown) => drop(message(e)),
      );
  }

  private retry(): void {
    if (this.timer || this.stopped) return;
    const delay = LISTEN_RETRY_MS[Math.min(this.failures, LISTEN_RETRY_MS.length - 1)]!;
    this.failures++;
    this.timer = setTimeout(() => this.connect(), delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const clients = [this.client, this.connecting].filter((c) => c !== null);
    this.client = null;
    this.connecting = null;
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}
