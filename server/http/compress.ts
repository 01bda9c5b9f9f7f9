import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|vnd\.pgrst\.[a-z.+]*|geo\+json|openapi\+json)|text\/)/i;

export type Encoding = 'br' | 'gzip';

/** The encoding a client accepts, brotli first (as for the site's assets). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

export type Bytes = Uint8Array<ArrayBuffer>;

export async function encode(body: Bytes, encoding: Encoding): Promise<Bytes> {
  // Brotli quality 5: most of the size win of 11 at a small fraction of the CPU per request.
  const out = encoding === 'br'
    ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : await gzip(body, { level: 6 });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

export function isCompressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentType);
}

/**
 * Compresses JSON and text answers over 1 kB for clients that accept br or gzip. `types` narrows
 * what is compressed (storage compresses only its JSON, never the files it serves). Partial
 * answers (206, Content-Range) are left alone: their ranges count bytes of the plain body.
 */
export function compressJson(types?: RegExp): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding') || !res.body || res.status === 204 || res.status === 304 || res.status === 206) return;
    const type = res.headers.get('Content-Type');
    if (!isCompressible(type) || (types && !types.test(type ?? '')) || /no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const declared = Number(res.headers.get('Content-Length') ?? NaN);
    if (Number.isFinite(declared) && declared < COMPRESS_MIN_BYTES) return;
    res.headers.append('Vary', 'Accept-Encoding');
    if (!encoding) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.byteLength < COMPRESS_MIN_BYTES) return replaceResponse(c, new Response(body, { status: res.status, statusText: res.statusText, headers }));
    const compressed = await encode(body, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(compressed.byteLength));
    replaceResponse(c, new Response(compressed, { status: res.status, statusText: res.statusText, headers }));
  };
}

/** Sets c.res without Hono copying the previous response's headers (Content-Length) into it. */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined as unknown as Response;
  c.res = res;
}
