import { request, createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The address the e2e server trusts as a reverse proxy (TRUST_PROXY in playwright.config.ts). The
 * whole of 127.0.0.0/8 is this machine, so a connection can come from it while the server and the
 * browsers stay on 127.0.0.1, and the other specs (the dev mailbox only answers clients that did
 * not come through a proxy) are not affected.
 */
export const TRUSTED_PROXY = '127.0.0.2'

/**
 * A reverse proxy in front of the e2e server that reports every request as coming from `address`:
 * one per reader, since a browser on this machine always connects from 127.0.0.1. The Host header
 * goes through unchanged, so the pages (and the API address they are given) are the proxy's.
 */
export async function proxyAs(target: string, address: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target)
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, 'x-forwarded-for': address }
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, localAddress: TRUSTED_PROXY, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => outgoing.destroy())
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
