import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * The peer address of the TCP connection. X-Forwarded-For is deliberately ignored: this server
 * has no trusted-proxy setting, and honouring the header would let any client pick its own
 * rate-limit bucket or pretend to be loopback.
 */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return address ? address.replace(/^::ffff:/, '') : 'unknown';
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
