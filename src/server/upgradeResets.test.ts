/**
 * WebSocket upgrades the server refuses (an unknown path, past the socket limit, bad headers,
 * the wrong method, not HTTP at all) or takes and then gets junk, each reset by its client
 * (RST) right after writing, halfway through the request, or once the answer came (halfway
 * through a frame for one taken): the server answers /api/health after every one. A socket of
 * an upgrade has no 'error' listener of Node's, so a reset on one that nothing listens on
 * would be an unhandled 'error' event: here in the test's process (vitest reports it and fails
 * the run), in `slidebox serve` the process's end (test/e2e/serveResets.test.ts sees that).
 * A refused upgrade whose client keeps its side open holds no connection either.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BACKENDS,
  call,
  newDatabaseTarget,
  skipTestsWhile,
  startTestServer,
  type TestServer,
} from '../testing/serverHarness.ts';
import {
  HOSTILE_UPGRADES,
  type HostileUpgrade,
  RESET_MOMENTS,
  resetUpgrade,
  upgradeText,
} from '../testing/upgradeResets.ts';
import { DEFAULT_SOCKET_LIMITS } from './socketLimits.ts';

/** Sockets open at once per address here: the address `FULL` holds them all. */
const SOCKETS = 2;
const FULL = '127.0.0.9';

/** The status a refusal is answered with at the moment `answered` (an upgrade taken: 101). */
function expectedStatus(u: HostileUpgrade, full: boolean): (status: number | null) => boolean {
  if (u.unanswered) return (s) => s === null;
  if (u.notHttp) return (s) => s === 400;
  if (full) return (s) => s === 429;
  if (u.accepted) return (s) => s === 101;
  return (s) => s !== null && s >= 400 && s < 500;
}

for (const backend of BACKENDS) {
  describe(`upgrades reset by their clients on ${backend}`, () => {
    let s: TestServer | null = null;
    let skipped: string | null = null;
    const held: WebSocket[] = [];
    beforeAll(async () => {
      const target = await newDatabaseTarget(backend);
      if (typeof target !== 'string') {
        skipped = target.skip;
        return;
      }
      s = await startTestServer(target, {
        rateLimit: 600,
        // Opens wide (every address here is loopback), sockets at once few, so that one address
        // can be past its limit; hellos slow enough that the held sockets stay.
        socketLimits: {
          ...DEFAULT_SOCKET_LIMITS,
          opens: 100_000,
          sockets: SOCKETS,
          helloMs: 60_000,
        },
      });
    }, 120_000);
    skipTestsWhile(() => skipped);
    afterAll(async () => {
      for (const ws of held) ws.terminate();
      await s?.close();
    });
    const port = () => Number(new URL(s!.url).port);
    const healthy = async (what: string) => {
      const r = await call(s!.url, 'GET', '/api/health');
      expect(r.status, what).toBe(200);
    };

    it('lives through every refused or junk upgrade reset at every moment', async () => {
      for (const u of HOSTILE_UPGRADES) {
        for (const moment of RESET_MOMENTS) {
          const what = `${u.name}, reset ${moment}`;
          const a = await resetUpgrade(port(), u, moment);
          if (moment === 'answered')
            expect(expectedStatus(u, false)(a.status), `${what}: ${a.status}`).toBe(true);
          await healthy(what);
        }
      }
      expect(s!.lines.filter((l) => /^error/.test(l))).toEqual([]);
    });

    it('lives through the same from an address past its sockets at once (429)', async () => {
      for (let i = 0; i < SOCKETS; i++) {
        const ws = new WebSocket(`${s!.url.replace(/^http/, 'ws')}/api/rooms/socket`, {
          localAddress: FULL,
        });
        ws.on('error', () => {});
        held.push(ws);
        await new Promise((resolve) => ws.once('open', resolve));
      }
      for (const u of HOSTILE_UPGRADES) {
        for (const moment of RESET_MOMENTS) {
          const what = `${u.name} past the limit, reset ${moment}`;
          const a = await resetUpgrade(port(), u, moment, FULL);
          if (moment === 'answered')
            expect(expectedStatus(u, true)(a.status), `${what}: ${a.status}`).toBe(true);
          await healthy(what);
        }
      }
    });

    it('closes a refused upgrade whose client keeps its side open', async () => {
      for (const [path, from] of [
        ['/no/such/socket', '127.0.0.1'],
        ['/api/rooms/socket', FULL],
      ] as const) {
        const socket = connect({
          port: port(),
          host: '127.0.0.1',
          localAddress: from,
          allowHalfOpen: true,
        });
        socket.on('error', () => {});
        // The server's end of this connection, found by the client's port.
        const serverSide = new Promise<Socket>((resolve) => {
          const seen = (c: Socket) => {
            if (c.remotePort !== socket.localPort) return;
            s!.app.server.off('connection', seen);
            resolve(c);
          };
          s!.app.server.on('connection', seen);
        });
        const answer = new Promise<string>((resolve) => {
          let text = '';
          socket.on('data', (d: Buffer) => {
            text += d.toString('latin1');
            if (text.includes('\r\n\r\n')) resolve(text);
          });
        });
        await new Promise((resolve) => socket.once('connect', resolve));
        const side = await serverSide;
        socket.write(upgradeText(path));
        expect((await answer).slice(0, 12), path).toMatch(/^HTTP\/1\.1 4(04|29)/);
        // The server's end goes, though this end never closes (10 s at most, else it stays).
        const closed = await new Promise<boolean>((resolve) => {
          if (side.destroyed) return resolve(true);
          const timer = setTimeout(() => resolve(false), 10_000);
          side.once('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        expect(closed, path).toBe(true);
        socket.destroy();
      }
    });
  });
}
