import { describe, expect, it } from 'vitest';
import { NO_WEBSOCKET, nodeSocketFactory } from './webSocket.ts';

const notFound = () =>
  Promise.reject(
    Object.assign(new Error("Cannot find package 'ws'"), { code: 'ERR_MODULE_NOT_FOUND' }),
  );

class FakeSocket {
  constructor(
    readonly url: string,
    readonly opts?: object,
  ) {}
}

describe('the WebSocket client of online play under Node', () => {
  it('is ws when it is installed', async () => {
    const f = await nodeSocketFactory(async () => ({ default: FakeSocket }), undefined);
    expect(typeof f).toBe('function');
    const s = (f as (u: string) => unknown)('ws://x') as FakeSocket;
    expect(s).toBeInstanceOf(FakeSocket);
    expect(s.opts).toEqual({ maxPayload: 1 << 20 });
  });

  it("is Node's own when ws is not installed (Node 22 and later)", async () => {
    const f = await nodeSocketFactory(notFound, FakeSocket);
    const s = (f as (u: string) => unknown)('ws://y') as FakeSocket;
    expect(s).toBeInstanceOf(FakeSocket);
    expect(s.url).toBe('ws://y');
  });

  it('is a sentence saying what to install when there is neither', async () => {
    expect(await nodeSocketFactory(notFound, undefined)).toBe(NO_WEBSOCKET);
    expect(NO_WEBSOCKET).toContain('npm install ws');
  });

  it('loads the real ws in the repository', async () => {
    expect(typeof (await nodeSocketFactory())).toBe('function');
  });
});
