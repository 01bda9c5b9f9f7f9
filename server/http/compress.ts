import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyBytes, knownBody } from './response-body.ts';

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

/**
 * Below this size a body is compressed on the event loop: handing a few kB to the thread pool
 * costs more (transfer, wake-up, promise) than compressing it.
 */
const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;

function brotliOptions(size: number) {
  // Brotli quality 5: most of the size win of 11 at a small fraction of the CPU per request.
  return { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

function bytesOf(out: Buffer): Bytes {
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/** The body encoded on the event loop, or undefined when it is too large for that. */
export function encodeSync(body: Bytes, encoding: Encoding): Bytes | undefined {
  if (body.byteLength > COMPRESS_SYNC_MAX_BYTES) return undefined;
  return bytesOf(encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body.byteLength)) : zlib.gzipSync(body, { level: 6 }));
}

export async function encode(body: Bytes, encoding: Encoding): Promise<Bytes> {
  return encodeSync(body, encoding)
    ?? bytesOf(encoding === 'br' ? await brotli(body, brotliOptions(body.byteLength)) : await gzip(body, { level: 6 }));
}

export function isCompressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentType);
}

/**
 * How an answer is sent to a client: whether it varies by Accept-Encoding (a compressible type of
 * at least COMPRESS_MIN_BYTES, or of a size not known yet), and the encoding it is sent in, if
 * the client takes one. The one rule for computed answers (compressJson) and cached ones.
 */
export function negotiateEncoding(contentType: string | null, size: number | undefined, acceptEncoding: string | undefined): { varies: boolean; encoding: Encoding | undefined } {
  if (!isCompressible(contentType) || (size !== undefined && size < COMPRESS_MIN_BYTES)) return { varies: false, encoding: undefined };
  return { varies: true, encoding: pickEncoding(acceptEncoding) };
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
    const known = knownBody(res);
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304 || res.status === 206 || res.headers.has('Content-Encoding')) return;
    if (known === undefined && !res.body) return;
    const type = res.headers.get('Content-Type');
    if ((types && !types.test(type ?? '')) || /no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const size = known === undefined ? Number(res.headers.get('Content-Length') ?? NaN)
      : typeof known === 'string' ? Buffer.byteLength(known) : known.byteLength;
    const { varies, encoding } = negotiateEncoding(type, Number.isFinite(size) ? size : undefined, c.req.header('Accept-Encoding'));
    if (!varies) return;
    res.headers.append('Vary', 'Accept-Encoding');
    if (!encoding) return;
    const { bytes: body, consumed } = await bodyBytes(res);
    const headers = new Headers(res.headers);
    if (body.byteLength < COMPRESS_MIN_BYTES) {
      if (consumed) replaceResponse(c, new Response(body, { status: res.status, headers }));
      return;
    }
    const compressed = await encode(body, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(compressed.byteLength));
    replaceResponse(c, new Response(compressed, { status: res.status, headers }));
  };
}

/** Sets c.res without Hono copying the previous response's headers (Content-Length) into it. */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined as unknown as Response;
  c.res = res;
}
