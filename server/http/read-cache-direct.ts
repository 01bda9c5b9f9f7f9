import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Keys } from '../keys.ts';
import { COMPRESS_MIN_BYTES, isCompressible, pickEncoding } from './compress.ts';
import { corsHeaders } from './gateway.ts';
import type { ReadCache } from './read-cache.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/**
 * A read-cache hit answered straight from the Node request, before Hono: a hit is then a map
 * lookup and one write. It answers only what the middleware chain (server/app.ts) would answer the
 * same way, with the same headers: an anonymous GET under /rest/v1 (not a function) with the anon
 * key in the apikey header, no If-None-Match, whose cached 200 is stored in the encoding the client
 * takes. Everything else returns false and goes the usual way, which also fills the cache and its
 * encoded copies. The key is built from the URL as sent: Hono's key is built from the normalised
 * URL, and a URL equal to a stored (normalised) key normalises to itself, so no request can hit
 * an entry the usual way would not give it.
 */
export function serveCachedRead(cache: ReadCache, keys: Keys, req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '';
  if (req.method !== 'GET' || !url.startsWith('/rest/v1/') || url.includes('/rpc/')) return false;
  const h = req.headers;
  if (h.apikey !== keys.anonKey || h['if-none-match'] !== undefined) return false;
  if (h.authorization !== undefined && h.authorization.trim() !== `Bearer ${keys.anonKey}`) return false;
  const entry = cache.get([url, h.accept ?? '', h.prefer ?? '', h.range ?? '', h['accept-profile'] ?? ''].join('\n'));
  if (!entry || entry.status !== 200) return false;
  const headers: Record<string, string> = Object.fromEntries(entry.headers);
  const compressible = entry.body.byteLength >= COMPRESS_MIN_BYTES && isCompressible(headers['content-type'] ?? null);
  const encoding = compressible ? pickEncoding(h['accept-encoding']) : undefined;
  const body = encoding ? entry.encoded[encoding] : entry.body;
  if (!body) return false;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.byteLength);
  headers.etag = entry.etag;
  Object.assign(headers, corsHeaders(h.origin), SECURITY_HEADERS);
  headers.vary = compressible ? 'Accept-Encoding, Origin' : 'Origin';
  res.writeHead(200, headers);
  res.end(body);
  cache.stats.hits++;
  return true;
}
