import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** What the address rules read of a Node request: the websocket upgrade hands over nothing more. */
export type PlainRequest = Pick<IncomingMessage, 'socket' | 'headers'>;

function normalise(address: string): string {
  return address.trim().replace(/^::ffff:/, '');
}

/** The peer address of the TCP connection (an IPv4-mapped IPv6 address as plain IPv4). */
export function peerAddress(req: Pick<PlainRequest, 'socket'> | undefined): string {
  const address = req?.socket?.remoteAddress;
  return address ? normalise(address) : 'unknown';
}

/**
 * The client's address for rate limits and logs. X-Forwarded-For is believed only when the
 * connection comes from a proxy named in TRUST_PROXY, and then read from the right: each trusted
 * hop is skipped and the first address no trusted proxy vouches for is the client. Any other
 * client's header is ignored, so nobody picks their own rate-limit bucket or poses as loopback.
 */
function resolveClient(peer: string, forwardedFor: string | undefined, trustProxy: readonly string[]): string {
  if (!trustProxy.includes(peer)) return peer;
  const hops = (forwardedFor ?? '').split(',').map(normalise).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(hops[i])) break;
    client = hops[i];
    if (!trustProxy.includes(client)) break;
  }
  return client;
}

/** The client's address of a plain Node request (the realtime upgrade). */
export function clientAddress(req: PlainRequest, trustProxy: readonly string[]): string {
  const header = req.headers['x-forwarded-for'];
  return resolveClient(peerAddress(req), Array.isArray(header) ? header.join(',') : header, trustProxy);
}

/** The Node request under a Hono context (absent for the site's own in-process reads). */
function incomingOf(c: Context): Pick<PlainRequest, 'socket'> | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

export function peerIp(c: Context): string {
  return peerAddress(incomingOf(c));
}

/** The client's address of an HTTP request; the header is read from the request the handlers see. */
export function clientIp(c: Context, trustProxy: readonly string[]): string {
  return resolveClient(peerIp(c), c.req.header('X-Forwarded-For'), trustProxy);
}

/** True when the request reached this server through a trusted proxy. */
export function viaTrustedProxy(c: Context, trustProxy: readonly string[]): boolean {
  return trustProxy.includes(peerIp(c));
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
