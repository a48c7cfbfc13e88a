/**
 * The real `slidebox serve` process (SQLite, its default limits) against WebSocket upgrades
 * reset by their clients: every refused one (an unknown path, bad headers, the wrong method,
 * not HTTP, past the opens allowed from one address) and the two sockets' paths taken and then
 * sent half a frame, each reset (RST) right after writing, halfway through the request and once
 * the answer came. After each one the process still runs and answers /api/health; at the end
 * it has printed no error. (A socket nothing listens on for errors turns a reset into an
 * unhandled 'error' event, which ends the process.)
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HOSTILE_UPGRADES,
  type HostileUpgrade,
  RESET_MOMENTS,
  resetUpgrade,
} from '../../src/testing/upgradeResets.ts';
import { TempDirs } from './helpers/cli.ts';
import { buildCli, type Served, startServe, stopServe } from './helpers/serve.ts';

const dirs = new TempDirs();
let served: Served | null = null;

beforeAll(() => buildCli());
// A process of its own for each test: one that ended does not fail the next.
beforeEach(async () => {
  served = await startServe(['--data-dir', dirs.make()]);
});
afterEach(async () => {
  await stopServe(served);
  served = null;
});
afterAll(() => dirs.cleanup());

/** Still running, and answering /api/health. */
async function alive(what: string): Promise<void> {
  const s = served!;
  expect(s.child.exitCode, `${what}: the process ended: ${s.out.stderr}`).toBeNull();
  const res = await fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(
    (e: Error) => ({ status: `no answer (${e.message}); stderr: ${s.out.stderr.slice(0, 500)}` }),
  );
  expect(res.status, what).toBe(200);
}

const normalStatus = (u: HostileUpgrade, s: number | null) =>
  u.unanswered
    ? s === null
    : u.notHttp
      ? s === 400
      : u.accepted
        ? s === 101
        : s !== null && s >= 400 && s < 500;

describe('slidebox serve and upgrades reset by their clients', () => {
  it('keeps running through every refused or junk upgrade reset at every moment', async () => {
    const port = Number(new URL(served!.url).port);
    // One loopback address a try, so that the opens allowed from one address refuse none here.
    let n = 0;
    for (const u of HOSTILE_UPGRADES) {
      for (const moment of RESET_MOMENTS) {
        const from = `127.0.1.${1 + (n++ % 250)}`;
        const what = `${u.name}, reset ${moment}`;
        const a = await resetUpgrade(port, u, moment, from);
        if (moment === 'answered') {
          expect(normalStatus(u, a.status), `${what}: ${a.status}`).toBe(true);
        }
        await alive(what);
      }
    }
    expect(served!.out.stderr).toBe('');
  });

  it('keeps running through the same from an address past the opens it may make (429)', async () => {
    const port = Number(new URL(served!.url).port);
    const from = '127.0.0.9';
    // The opens of a window spent: the next upgrades from this address are answered 429.
    for (let i = 0; i < 30; i++) {
      const a = await resetUpgrade(port, HOSTILE_UPGRADES[0]!, 'answered', from);
      if (a.status === 429) break;
    }
    let limited = 0;
    let answered = 0;
    for (const u of HOSTILE_UPGRADES) {
      for (const moment of RESET_MOMENTS) {
        const what = `${u.name} past the limit, reset ${moment}`;
        const a = await resetUpgrade(port, u, moment, from);
        if (moment === 'answered') {
          answered++;
          if (a.status === 429) limited++;
          // The window refills a little meanwhile: a few get through to their own answer.
          else expect(normalStatus(u, a.status), `${what}: ${a.status}`).toBe(true);
        }
        await alive(what);
      }
    }
    expect(limited, `${limited} of ${answered} answered 429`).toBeGreaterThan(answered / 2);
    expect(served!.out.stderr).toBe('');
    expect(served!.out.stdout).not.toMatch(/^\S+ error/m);
  });
});
