import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PurgeCall { method: string; authorization: string | undefined; surrogateKey: string | undefined; tags: string[]; answered: boolean; at: number }

/**
 * A stand-in for Cloudflare's purge API on 127.0.0.1: records every call; `failNext` answers the
 * next calls 500, `hold` keeps calls open (a CDN that is down or slow) until `release`.
 */
export async function purgeEndpoint() {
  const calls: PurgeCall[] = [];
  const held: ServerResponse[] = [];
  let failures = 0;
  let holding = false;
  const waiters: (() => void)[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      const call: PurgeCall = {
        method: req.method ?? '', authorization: req.headers.authorization, surrogateKey: req.headers['surrogate-key'] as string | undefined,
        tags: body ? (JSON.parse(body) as { tags: string[] }).tags : [], answered: false, at: performance.now(),
      };
      calls.push(call);
      for (const wake of waiters.splice(0)) wake();
      if (holding) {
        held.push(res);
        return;
      }
      call.answered = true;
      if (failures > 0) {
        failures--;
        res.writeHead(500).end('{"success":false}');
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/client/v4/zones/test/purge_cache`,
    calls,
    failNext(count: number) { failures = count; },
    hold() { holding = true; },
    release() {
      holding = false;
      for (const res of held.splice(0)) res.writeHead(200).end('{"success":true}');
    },
    /** Resolves when the next call arrives. */
    nextCall: () => new Promise<void>((resolve) => waiters.push(resolve)),
    /** Resolves when a call whose tags include every one of `tags` has arrived. */
    async callWith(...tags: string[]): Promise<PurgeCall> {
      for (;;) {
        const found = calls.find((call) => tags.every((tag) => call.tags.includes(tag) || call.surrogateKey?.split(', ').includes(tag)));
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
