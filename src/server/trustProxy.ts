/**
 * Which proxies the server believes (`slidebox serve --trust-proxy`): a number of hops, or the
 * addresses and CIDR blocks of the proxies. Behind a believed proxy the client's address is read
 * from `X-Forwarded-For`, walking it from the nearest hop back while the hop is trusted (the rule
 * of Fastify's `trustProxy` and proxy-addr): the HTTP requests (rate limits, log lines) and the
 * WebSockets' upgrades (socketLimits.ts) use the same rule. Without it the header is ignored.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** A hop (an address, and how far it is from the server: 0 the connection's own) trusted or not. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The proxies to believe, parsed, or why the text is not that. */
export type TrustParsed =
  | { readonly ok: true; readonly trust: TrustProxy; readonly text: string }
  | { readonly ok: false; readonly message: string };

/** The most hops `--trust-proxy N` takes. */
export const MAX_HOPS = 16;

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** `::ffff:a.b.c.d` as `a.b.c.d`; any other text as it is. */
function plain(address: string): string {
  return MAPPED.exec(address)?.[1] ?? address;
}

/**
 * `--trust-proxy`'s text: `N` (1 to {@link MAX_HOPS}: the N nearest hops are proxies, whatever
 * their addresses) or a comma-separated list of addresses and CIDR blocks (IPv4 or IPv6).
 */
export function parseTrustProxy(text: string): TrustParsed {
  const t = text.trim();
  const refused = {
    ok: false as const,
    message: `--trust-proxy is a number of proxies (1 to ${MAX_HOPS}) or their addresses and CIDR blocks, such as 127.0.0.1 or 10.0.0.0/8,::1, not "${text}"`,
  };
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n < 1 || n > MAX_HOPS) return refused;
    return { ok: true, trust: (_address, hop) => hop < n, text: `${n} hop${n === 1 ? '' : 's'}` };
  }
  const list = new BlockList();
  const parts = t.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) return refused;
  for (const part of parts) {
    const [address = '', bits, ...rest] = part.split('/');
    const kind = isIP(plain(address));
    if (kind === 0 || rest.length > 0) return refused;
    const type = kind === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(plain(address), type);
      continue;
    }
    const max = kind === 4 ? 32 : 128;
    if (!/^\d+$/.test(bits) || Number(bits) > max) return refused;
    list.addSubnet(plain(address), Number(bits), type);
  }
  const trust: TrustProxy = (address) => {
    const a = plain(address);
    const kind = isIP(a);
    return kind !== 0 && list.check(a, kind === 4 ? 'ipv4' : 'ipv6');
  };
  return { ok: true, trust, text: parts.join(',') };
}

/**
 * The client's address of a request (an upgrade's too): the connection's address, or — when it
 * is a trusted proxy — the `X-Forwarded-For` hops from the nearest back, up to the first that
 * is not trusted. `trust` null: the connection's address, the header ignored.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy | null): string | undefined {
  const socketAddress = req.socket.remoteAddress;
  if (trust === null || socketAddress === undefined) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const hops = text
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '')
    .reverse();
  let address = socketAddress;
  for (let i = 0; i < hops.length; i++) {
    if (!trust(address, i)) break;
    address = hops[i]!;
  }
  return address;
}
