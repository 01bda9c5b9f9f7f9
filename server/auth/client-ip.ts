import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** The peer address of the TCP connection (an IPv4-mapped IPv6 address as plain IPv4). */
export function peerIp(c: Context): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return address ? normalise(address) : 'unknown';
}

function normalise(address: string): string {
  return address.trim().replace(/^::ffff:/, '');
}

/**
 * The client's address for rate limits and logs. X-Forwarded-For is believed only when the
 * connection comes from a proxy named in TRUST_PROXY, and then read from the right: each trusted
 * hop is skipped and the first address no trusted proxy vouches for is the client. Any other
 * client's header is ignored, so nobody picks their own rate-limit bucket or poses as loopback.
 */
export function clientIp(c: Context, trustProxy: readonly string[]): string {
  const peer = peerIp(c);
  if (!trustProxy.includes(peer)) return peer;
  const hops = (c.req.header('X-Forwarded-For') ?? '').split(',').map(normalise).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(hops[i])) break;
    client = hops[i];
    if (!trustProxy.includes(client)) break;
  }
  return client;
}

/** True when the request reached this server through a trusted proxy. */
export function viaTrustedProxy(c: Context, trustProxy: readonly string[]): boolean {
  return trustProxy.includes(peerIp(c));
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
