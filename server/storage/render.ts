import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import sharp from 'sharp';
import type { ObjectRow } from './db.ts';
import type { FileStore } from './disk.ts';
import { DOWNLOAD_SECURITY_HEADERS } from './download.ts';
import { errors } from './errors.ts';
import { imageInput } from './images.ts';

/** Source types the renderer reads (what the image buckets accept). */
type Format = 'jpeg' | 'png' | 'webp' | 'gif';
const RENDERABLE = new Map<string, Format>([['image/jpeg', 'jpeg'], ['image/png', 'png'], ['image/webp', 'webp'], ['image/gif', 'gif']]);
const CONTENT_TYPE: Record<Format, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** Supabase's documented limits: width and height 1-2500 px, quality 20-100 (default 80). */
export const MAX_DIMENSION = 2500;
const QUALITY = { min: 20, max: 100, default: 80 };
const RESIZE_MODES = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

export interface Transform {
  width?: number;
  height?: number;
  resize: keyof typeof RESIZE_MODES;
  quality: number;
  origin: boolean;
}

/** The query string storage-js's `transform` option builds; anything out of range is a 400. */
export function parseTransform(query: Record<string, string | undefined>): Transform {
  const dimension = (name: 'width' | 'height') => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_DIMENSION) {
      throw errors.invalidRequest(`querystring/${name} must be an integer between 1 and ${MAX_DIMENSION}`);
    }
    return Number(raw);
  };
  const width = dimension('width');
  const height = dimension('height');
  const resize = query.resize || 'cover';
  if (!(resize in RESIZE_MODES)) throw errors.invalidRequest('querystring/resize must be equal to one of the allowed values: cover, contain, fill');
  let quality = QUALITY.default;
  if (query.quality !== undefined && query.quality !== '') {
    quality = Number(query.quality);
    if (!/^\d{1,3}$/.test(query.quality) || quality < QUALITY.min || quality > QUALITY.max) {
      throw errors.invalidRequest(`querystring/quality must be an integer between ${QUALITY.min} and ${QUALITY.max}`);
    }
  }
  const format = query.format ?? '';
  if (format !== '' && format !== 'origin') throw errors.invalidRequest('querystring/format must be equal to one of the allowed values: origin');
  return { width, height, resize: resize as Transform['resize'], quality, origin: format === 'origin' };
}

/**
 * Supabase's image transformation endpoint on the stored bytes, with sharp. Each rendition is
 * written once to DATA_DIR/storage/.renders/<version>/ and served from there afterwards; a new
 * version of the object has new renditions, and removing a version removes its renditions
 * (FileStore.remove). At most two renders run at once (the server's CPU is shared with the
 * database); the same rendition requested twice meanwhile is rendered once.
 */
export function createRenderer(store: FileStore) {
  const inFlight = new Map<string, Promise<Buffer>>();
  const slots = new Semaphore(2);

  return async function renderObject(c: Context, row: ObjectRow, transform: Transform): Promise<Response> {
    const source = RENDERABLE.get(row.metadata?.mimetype ?? '');
    if (!source || typeof row.version !== 'string') throw errors.invalidImage('The object is not an image that can be transformed');
    // Supabase answers WebP to browsers that take it unless the original format is asked for
    const format: Format = !transform.origin && /image\/webp/.test(c.req.header('accept') ?? '') ? 'webp' : source;
    const key = createHash('sha256')
      .update(JSON.stringify([transform.width, transform.height, transform.resize, transform.quality, format]))
      .digest('hex').slice(0, 32);
    const etag = `"${createHash('sha256').update(`${row.version}/${key}`).digest('hex').slice(0, 32)}"`;
    const headers: Record<string, string> = {
      ...DOWNLOAD_SECURITY_HEADERS,
      'Content-Type': CONTENT_TYPE[format],
      'Cache-Control': row.metadata?.cacheControl ?? 'max-age=3600',
      ETag: etag,
      Vary: 'Accept',
    };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304, headers);
    }

    const file = path.join(store.rendersDir(row.version), `${key}.${format}`);
    let bytes: Buffer | undefined = await readFile(file).catch(() => undefined);
    if (!bytes) {
      const flightKey = `${row.version}/${key}`;
      let pending = inFlight.get(flightKey);
      if (!pending) {
        pending = slots.run(() => render(store, row, transform, format, file)).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, pending);
      }
      bytes = await pending;
    }
    headers['Content-Length'] = String(bytes.length);
    return c.body(new Uint8Array(bytes), 200, headers);
  };
}

async function render(store: FileStore, row: ObjectRow, t: Transform, format: Format, target: string): Promise<Buffer> {
  const opened = await store.open(row.bucket_id, row.version);
  if (!opened) throw errors.noSuchKey();
  let original: Buffer;
  try {
    original = await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
  const source = RENDERABLE.get(row.metadata?.mimetype ?? '');
  // JPEGs stored before uploads were cleaned may still carry an EXIF orientation
  let pipeline = sharp(original, imageInput(source === 'gif' || source === 'webp'));
  if (source === 'jpeg') pipeline = pipeline.rotate();
  if (t.width || t.height) {
    pipeline = pipeline.resize({ width: t.width, height: t.height, fit: RESIZE_MODES[t.resize], withoutEnlargement: true });
  }
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: t.quality, mozjpeg: true });
  else if (format === 'webp') pipeline = pipeline.webp({ quality: t.quality });
  else if (format === 'png') pipeline = pipeline.png({ palette: t.quality < 100, quality: t.quality });
  else pipeline = pipeline.gif();
  let bytes: Buffer;
  try {
    bytes = await pipeline.toBuffer();
  } catch {
    throw errors.invalidImage('The image could not be transformed');
  }
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, target);
  return bytes;
}

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    // a finishing task hands its slot straight to the next waiter, so the count never overshoots
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
