import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { ObjectRow } from './db.ts';
import type { BlobStore } from './blob-store.ts';
import { errors } from './errors.ts';

/**
 * Uploaded bytes are untrusted. Even with the type checked on upload, every download is told to
 * stay inert: no sniffing, and a CSP that blocks script and plugins and sandboxes the document,
 * so a file opened directly can never run code with our origin.
 */
export const DOWNLOAD_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

const DEFAULT_CACHE_CONTROL = 'max-age=3600';

type Range = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * `bytes=a-b`, `bytes=a-` or `bytes=-n`. Several ranges at once are answered with the whole file,
 * which RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function etagMatches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

function contentDisposition(download: string | undefined, name: string): string | undefined {
  if (download === undefined) return undefined;
  const filename = download !== '' ? download : name.split('/').pop() ?? 'download';
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Answers GET/HEAD for a stored object with the headers Supabase Storage sends (stored type,
 * Cache-Control, ETag, Last-Modified, Content-Length), conditional requests and single ranges.
 */
export async function serveObject(c: Context, store: BlobStore, row: ObjectRow): Promise<Response> {
  const opened = await store.open(row.bucket_id, row.version);
  if (!opened) throw errors.noSuchKey();
  let keepOpen = false;
  try {
    const meta = row.metadata ?? {};
    const size = opened.size;
    const etag = meta.eTag ?? `W/"${size.toString(16)}-${opened.mtime.getTime().toString(16)}"`;
    const modified = new Date(meta.lastModified ?? row.updated_at ?? opened.mtime);
    const lastModified = Number.isNaN(modified.getTime()) ? opened.mtime : modified;
    const headers: Record<string, string> = {
      ...DOWNLOAD_SECURITY_HEADERS,
      'Content-Type': meta.mimetype ?? 'application/octet-stream',
      'Cache-Control': meta.cacheControl ?? DEFAULT_CACHE_CONTROL,
      ETag: etag,
      'Last-Modified': lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
    };
    const disposition = contentDisposition(c.req.query('download'), row.name);
    if (disposition) headers['Content-Disposition'] = disposition;

    const ifNoneMatch = c.req.header('if-none-match');
    const ifModifiedSince = c.req.header('if-modified-since');
    const notModified = ifNoneMatch !== undefined
      ? etagMatches(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && Math.floor(lastModified.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
    if (notModified) {
      delete headers['Content-Type'];
      return c.body(null, 304, headers);
    }

    const ifRange = c.req.header('if-range');
    const rangeApplies = ifRange === undefined || ifRange === etag || ifRange === headers['Last-Modified'];
    const range = rangeApplies ? parseRange(c.req.header('range'), size) : undefined;
    if (range === 'unsatisfiable') throw errors.invalidRange(size);

    let status: 200 | 206 = 200;
    let start = 0;
    let end = size - 1;
    if (range) {
      status = 206;
      ({ start, end } = range);
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
    headers['Content-Length'] = String(size === 0 ? 0 : end - start + 1);
    if (c.req.method === 'HEAD' || size === 0) return c.body(null, status, headers);

    const nodeStream = opened.stream(start, end);
    keepOpen = true;
    return c.body(Readable.toWeb(nodeStream) as unknown as ReadableStream<Uint8Array>, status, headers);
  } finally {
    if (!keepOpen) await opened.close();
  }
}
