/**
 * The sockets' limiter (socketLimits.ts) on a clock of the test's own: how long a refused
 * client is told to wait, what the counts of the log's line say, which clients a minute's sweep
 * forgets (only those it would treat the same as new ones), budgets that never fill past their
 * size, and the address an IPv6 client counts under.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  addressKey,
  DEFAULT_SOCKET_LIMITS,
  HELLO_MS,
  SocketLimiter,
  type SocketLimits,
} from './socketLimits.ts';

function limiter(limits: Partial<SocketLimits>): { l: SocketLimiter; at(ms: number): void } {
  let t = 0;
  const l = new SocketLimiter({ ...DEFAULT_SOCKET_LIMITS, ...limits }, () => t);
  return {
    l,
    at(ms) {
      t = ms;
    },
  };
}

describe('the limiter, on a clock of its own', () => {
  it('tells a client refused for its opens how many seconds until one more is allowed', () => {
    const { l, at } = limiter({ opens: 3, openWindowMs: 10_000 });
    for (let i = 0; i < 3; i++) {
      expect(l.open('10.0.0.1')).toBeNull();
      l.close('10.0.0.1');
    }
    // One open comes back every 10 s / 3: 3.33 s from empty.
    expect(l.open('10.0.0.1')).toEqual({
      message: 'at most 3 sockets opened in 10 s from one address',
      retryAfter: 4,
    });
    at(2_000); // 0.6 of one back: 1.33 s to go
    expect(l.open('10.0.0.1')?.retryAfter).toBe(2);
    at(3_000); // 0.9 of one back: 0.33 s to go
    expect(l.open('10.0.0.1')?.retryAfter).toBe(1);
    at(3_334);
    expect(l.open('10.0.0.1')).toBeNull();
  });

  it('tells a client at its cap of open sockets, or a server full of silent ones, when to try again', () => {
    const { l } = limiter({ sockets: 1, waiting: 2, helloMs: 2_500 });
    expect(l.open('10.0.0.1')).toBeNull();
    expect(l.open('10.0.0.1')).toEqual({
      message: 'at most 1 sockets open at once from one address',
      retryAfter: 10,
    });
    expect(l.open('10.0.0.2')).toBeNull();
    expect(l.open('10.0.0.3')).toEqual({
      message: 'at most 2 sockets wait for their hello at once: try again shortly',
      retryAfter: 3,
    });
  });

  it('counts every refusal for the log, whatever the limit, and starts again after each count', () => {
    // Its sockets never say hello: the two let open still wait, of the server's 5.
    const { l } = limiter({ opens: 2, sockets: 1, waiting: 5 });
    expect(l.open('10.0.0.1')).toBeNull();
    expect(l.open('10.0.0.1')).not.toBeNull(); // its cap of sockets
    l.close('10.0.0.1');
    expect(l.open('10.0.0.1')).toBeNull();
    l.close('10.0.0.1');
    expect(l.open('10.0.0.1')).not.toBeNull(); // its opens
    expect(l.takeCounts()).toEqual({ opened: 2, refused: 2 });
    const sockets = [{}, {}, {}];
    for (const [i, s] of sockets.entries()) expect(l.open(`10.0.1.${i}`, s)).toBeNull();
    expect(l.open('10.0.2.1')).not.toBeNull(); // the server's silent sockets
    expect(l.takeCounts()).toEqual({ opened: 3, refused: 1 });
    expect(l.takeCounts()).toEqual({ opened: 0, refused: 0 });
  });

  it('keeps, past a minute, a client with sockets open or a budget not full again', () => {
    const { l, at } = limiter({ sockets: 2, unknown: 2 });
    expect(l.open('10.0.0.1')).toBeNull();
    expect(l.open('10.0.0.1')).toBeNull();
    at(59_000);
    expect(l.hello('10.0.0.2')).toBeNull();
    expect(l.hello('10.0.0.2')).toBeNull();
    // A minute on, an open sweeps the clients: 10.0.0.1 still has its two sockets, and
    // 10.0.0.2's budget of unknown lookups has 1/30 of one back.
    at(60_000);
    expect(l.open('10.0.0.3')).toBeNull();
    expect(l.open('10.0.0.1')?.message).toMatch(/at most 2 sockets open at once/);
    expect(l.openFrom('10.0.0.1')).toBe(2);
    expect(l.hello('10.0.0.2')).toMatch(/at most 2 lookups of unknown rooms/);
  });

  it('keeps, past a minute, a client with nothing open whose budgets are all still filling', () => {
    const { l, at } = limiter({ opens: 1, openWindowMs: 10_000, hellos: 2, unknown: 2 });
    at(55_000);
    expect(l.open('10.0.0.1')).toBeNull();
    l.close('10.0.0.1');
    expect(l.hello('10.0.0.1')).toBeNull();
    expect(l.hello('10.0.0.1')).toBeNull();
    at(60_000); // half an open back, and a sixth of a hello and of a lookup
    expect(l.open('10.0.0.2')).toBeNull(); // sweeps
    expect(l.open('10.0.0.1')?.message).toMatch(/at most 1 sockets opened in 10 s/);
    expect(l.hello('10.0.0.1')).toMatch(/at most 2 hellos a minute/);
  });

  it('never fills a budget past its size, however long a client waits or however often it is given back', () => {
    const { l, at } = limiter({ opens: 3, hellos: 10, unknown: 2 });
    at(3_600_000);
    for (let i = 0; i < 3; i++) {
      expect(l.open('10.0.0.1')).toBeNull();
      l.close('10.0.0.1');
    }
    expect(l.open('10.0.0.1')?.message).toMatch(/at most 3 sockets opened in 10 s/);
    // Lookups given back that were never taken are not kept for later.
    for (let i = 0; i < 3; i++) l.found('10.0.0.2');
    expect(l.hello('10.0.0.2')).toBeNull();
    expect(l.hello('10.0.0.2')).toBeNull();
    expect(l.hello('10.0.0.2')).toMatch(/at most 2 lookups/);
    // A hello refused for its lookup gives its hello back, and no more than it took.
    const m = limiter({ hellos: 2, unknown: 1 }).l;
    expect(m.hello('10.0.0.3')).toBeNull();
    expect(m.hello('10.0.0.3')).toMatch(/lookups/);
    m.found('10.0.0.3');
    expect(m.hello('10.0.0.3')).toBeNull();
    expect(m.hello('10.0.0.3')).toMatch(/at most 2 hellos a minute/);
  });

  it('counts a socket closed twice once, so its address gets no extra socket', () => {
    const { l } = limiter({ sockets: 2 });
    expect(l.open('10.0.0.1')).toBeNull();
    l.close('10.0.0.1');
    l.close('10.0.0.1');
    expect(l.openFrom('10.0.0.1')).toBe(0);
    expect(l.open('10.0.0.1')).toBeNull();
    expect(l.open('10.0.0.1')).toBeNull();
    expect(l.open('10.0.0.1')?.message).toMatch(/at most 2 sockets open at once/);
    expect(l.openFrom('10.0.0.9')).toBe(0);
    l.found('10.0.0.9'); // an address it never saw: nothing to give back
    l.close('10.0.0.9');
    expect(l.openFrom('10.0.0.9')).toBe(0);
  });

  it("gives a socket's time to say hello from its limits, or the protocol's without them", () => {
    expect(limiter({ helloMs: 2_500 }).l.helloMs).toBe(2_500);
    expect(new SocketLimiter(null).helloMs).toBe(HELLO_MS);
  });

  it("reads an upgrade request's address once for its connection", () => {
    const seen: string[] = [];
    const answers = ['10.0.0.1', '10.0.0.2'];
    const l = new SocketLimiter(
      DEFAULT_SOCKET_LIMITS,
      () => 0,
      () => {
        const a = answers.shift();
        if (a !== undefined) seen.push(a);
        return a;
      },
    );
    const socket = {};
    const req = { socket } as unknown as IncomingMessage;
    expect(l.address(req)).toBe('10.0.0.1');
    expect(l.address({ socket } as unknown as IncomingMessage)).toBe('10.0.0.1');
    expect(seen).toEqual(['10.0.0.1']);
    expect(l.address({ socket: {} } as unknown as IncomingMessage)).toBe('10.0.0.2');
    // By default the address is the connection's own.
    const own = new SocketLimiter(DEFAULT_SOCKET_LIMITS, () => 0);
    const remote = { socket: { remoteAddress: '192.0.2.9' } } as unknown as IncomingMessage;
    expect(own.address(remote)).toBe('192.0.2.9');
    // No address is not kept: the next request on that connection is read again.
    const none = new SocketLimiter(
      DEFAULT_SOCKET_LIMITS,
      () => 0,
      () => undefined,
    );
    expect(none.address(req)).toBeUndefined();
  });
});

describe('the address a client counts under', () => {
  it.each([
    [undefined, '?'],
    ['', '?'],
    ['192.0.2.7', '192.0.2.7'],
    ['::FFFF:192.0.2.7', '192.0.2.7'],
    ['::ffff:192.168.10.20', '192.168.10.20'],
    // Not an IPv4 address written as IPv6: counted by its /64.
    ['1::ffff:192.0.2.7', '1:0:0:0::/64'],
    ['::ffff:192.0.2.7%eth0', '0:0:0:0::/64'],
    ['2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['2001:db8:1::2', '2001:db8:1:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['::2:3:4:5:6:7', '0:0:2:3::/64'],
    ['1::3:4:5:6:7:8', '1:0:3:4::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['fe80:1:2:3:4:5:6:7%eth0', 'fe80:1:2:3::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  // Mutants of addressKey that survive, each giving every address the same key:
  // - the defaults of `head` and `tail`: splitting a string always gives a first part, and
  //   `tail` is read only when the address has `::`, when splitting gives a second part too;
  // - what `left` is when the address starts with `::`, and what `right` is when it ends with it
  //   (or has none): a placeholder group there takes the place of one zero filled in, and the
  //   groups that are not hexadecimal count as 0, so the first four groups are the same;
  // - the zeros filled in as empty groups (`.fill('')`): those count as 0 too;
  // - the `::` checks made true (`address.includes('')`): without `::` the address has its eight
  //   groups already, and `right` is empty, so nothing is filled in.
});

// Mutants of the minute's sweep that survive: it forgets only clients with nothing open and
// every budget full, and a client it forgets is made again, when it comes back, with nothing
// open and every budget full. So sweeping never, at every open, or at any other time
// (`now - this.swept < MINUTE` made `true`, `false`, `<=`, `>=`, or `now + this.swept`), and a
// budget never found full (`full()` made `return false`, `tokens > max` or empty), or the time of
// the last sweep never set (so every open sweeps), answer every client
// the same; the sweep only keeps the map of clients from growing. Likewise an address of no
// client kept anyway (`if (address !== undefined)` made `true` in `address()`): looking it up
// gives undefined, as when it is not kept.
