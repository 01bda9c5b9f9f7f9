import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import sharp from 'sharp';
import type { ObjectRow } from './db.ts';
import type { BlobStore } from './blob-store.ts';
import { DOWNLOAD_SECURITY_HEADERS } from './download.ts';
import { errors } from './errors.ts';
import { checkImageBudget, imageInput } from './images.ts';
import type { FreeSpace } from './free-space.ts';
import { RenderCache } from './render-cache.ts';
import { RenderQueue } from './render-queue.ts';
import { clientIp } from '../http/client-ip.ts';
import { log } from '../observability/log.ts';

/** Source types the renderer reads (what the image buckets accept). */
type Format = 'jpeg' | 'png' | 'webp' | 'gif';
const RENDERABLE = new Map<string, Format>([['image/jpeg', 'jpeg'], ['image/png', 'png'], ['image/webp', 'webp'], ['image/gif', 'gif']]);
const CONTENT_TYPE: Record<Format, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** Supabase's documented limits: width and height 1-2500 px, quality 20-100 (default 80). */
export const MAX_DIMENSION = 2500;
const QUALITY = { min: 20, max: 100, default: 80 };
const RESIZE_MODES = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

/**
 * The sizes renditions are made at: every srcset width the site asks for
 * (src/lib/images/transform.ts: 320-1600) and a few steps below and above. A requested width or
 * height is rounded up to the next one, so a flood of distinct sizes lands on these few files.
 */
export const RENDITION_SIZES = [40, 80, 120, 160, 200, 240, 320, 400, 480, 640, 800, 960, 1200, 1600, 2000, 2500] as const;
/**
 * Width:height ratios a rendition with both dimensions is cut to (the nearest one): the site's
 * 4:3 cards and 1200:630 share images, and the usual photo and banner shapes either way. The
 * height is then computed from the rounded width as the site computes it (Math.round(w / ratio)).
 */
export const RENDITION_RATIOS = [1 / 4, 1 / 3, 1 / 2, 9 / 16, 2 / 3, 3 / 4, 1, 4 / 3, 3 / 2, 16 / 9, 1200 / 630, 2, 3, 4] as const;
/** Qualities renditions are encoded at (the nearest one). */
export const RENDITION_QUALITIES = [20, 40, 60, 80, 100] as const;

export interface Transform {
  width?: number;
  height?: number;
  resize: keyof typeof RESIZE_MODES;
  quality: number;
  origin: boolean;
}

/**
 * The query string storage-js's `transform` option builds; anything out of range is a 400.
 * The answer is the rendition that will be served: sizes, shape and quality rounded to the few
 * that are rendered (RENDITION_SIZES, RENDITION_RATIOS, RENDITION_QUALITIES).
 */
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
  return { ...snapSize(width, height), resize: resize as Transform['resize'], quality: nearest(RENDITION_QUALITIES, quality), origin: format === 'origin' };
}

function snapSize(width: number | undefined, height: number | undefined): { width?: number; height?: number } {
  const up = (value: number) => RENDITION_SIZES.find((size) => size >= value) ?? MAX_DIMENSION;
  if (width === undefined || height === undefined) {
    return { width: width === undefined ? undefined : up(width), height: height === undefined ? undefined : up(height) };
  }
  // compared on a log scale, so 2:1 is as far from 1:1 as 1:2 is
  const ratio = RENDITION_RATIOS.reduce((best, r) =>
    Math.abs(Math.log(r * height / width)) < Math.abs(Math.log(best * height / width)) ? r : best);
  // the wider side decides, so neither side ends up smaller than asked
  let snappedWidth = up(Math.max(width, Math.ceil(height * ratio - 1e-6)));
  while (Math.round(snappedWidth / ratio) > MAX_DIMENSION) snappedWidth = RENDITION_SIZES[RENDITION_SIZES.indexOf(snappedWidth as never) - 1];
  return { width: snappedWidth, height: Math.max(1, Math.round(snappedWidth / ratio)) };
}

function nearest(values: readonly number[], value: number): number {
  return values.reduce((best, v) => (Math.abs(v - value) < Math.abs(best - value) ? v : best));
}

export interface RendererOptions {
  /** RENDER_CACHE_MB in bytes: the renditions kept on disk at most. */
  cacheBytes: number;
  /** Renders waiting for a slot at most (RENDER_QUEUE); one more is answered 503. */
  queueLength: number;
  rateLimitScale: number;
  trustProxy: readonly string[];
  freeSpace: FreeSpace;
}

/**
 * Supabase's image transformation endpoint on the stored bytes, with sharp. Each rendition is
 * written once to DATA_DIR/storage/.renders/<version>/ and served from there afterwards, within
 * the RenderCache's budgets; a new version of the object has new renditions, and removing a
 * version removes its renditions (BlobStore.remove). New renditions are limited per client
 * address and go through a bounded queue (RenderQueue); the same rendition requested twice
 * meanwhile is rendered once.
 */
export function createRenderer(store: BlobStore, options: RendererOptions) {
  const inFlight = new Map<string, Promise<Buffer>>();
  const { freeSpace } = options;
  const cache = new RenderCache(store.rendersRoot, (kept) => freeSpace.renditionBudget(options.cacheBytes, kept));
  const queue = new RenderQueue(options.queueLength, options.rateLimitScale);
  store.onRenditionsRemoved((version) => cache.forget(version));

  return async function renderObject(c: Context, row: ObjectRow, transform: Transform): Promise<Response> {
    const source = RENDERABLE.get(row.metadata?.mimetype ?? '');
    if (!source || typeof row.version !== 'string') throw errors.invalidImage('The object is not an image that can be transformed');
    const version = row.version;
    // Supabase answers WebP to browsers that take it unless the original format is asked for
    const format: Format = !transform.origin && /image\/webp/.test(c.req.header('accept') ?? '') ? 'webp' : source;
    const key = createHash('sha256')
      .update(JSON.stringify([transform.width, transform.height, transform.resize, transform.quality, format]))
      .digest('hex').slice(0, 32);
    const etag = `"${createHash('sha256').update(`${version}/${key}`).digest('hex').slice(0, 32)}"`;
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

    const name = `${key}.${format}`;
    let bytes = await cache.read(version, name);
    if (!bytes) {
      const flightKey = `${version}/${key}`;
      if (!inFlight.has(flightKey)) {
        // below the reserve the disk is kept for the database: kept renditions go, no new ones come
        if (await freeSpace.belowReserve()) {
          await cache.shrink();
          throw errors.diskFull();
        }
        // only new renditions count: kept ones and a render already under way are free
        await queue.admit(clientIp(c, options.trustProxy));
      }
      let pending = inFlight.get(flightKey);
      if (!pending) {
        pending = queue.run(async () => {
          const rendered = await render(store, row, transform, format);
          // a rendition that cannot be kept (disk full) is still served
          await cache.write(version, name, rendered).catch((error: unknown) => log.error({ err: error }, '[storage] rendition not kept'));
          return rendered;
        }).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, pending);
      }
      bytes = await pending;
    }
    headers['Content-Length'] = String(bytes.length);
    return c.body(new Uint8Array(bytes), 200, headers);
  };
}

async function render(store: BlobStore, row: ObjectRow, t: Transform, format: Format): Promise<Buffer> {
  const opened = await store.open(row.bucket_id, row.version);
  if (!opened) throw errors.noSuchKey();
  let original: Buffer;
  try {
    original = await opened.readAll();
  } finally {
    await opened.close();
  }
  const source = RENDERABLE.get(row.metadata?.mimetype ?? '');
  // objects stored before uploads were checked may exceed the budgets: read the header first
  const { animated } = await checkImageBudget(original);
  // JPEGs stored before uploads were cleaned may still carry an EXIF orientation
  let pipeline = sharp(original, imageInput(animated));
  if (source === 'jpeg') pipeline = pipeline.rotate();
  if (t.width || t.height) {
    pipeline = pipeline.resize({ width: t.width, height: t.height, fit: RESIZE_MODES[t.resize], withoutEnlargement: true });
  }
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: t.quality, mozjpeg: true });
  else if (format === 'webp') pipeline = pipeline.webp({ quality: t.quality });
  else if (format === 'png') pipeline = pipeline.png({ palette: t.quality < 100, quality: t.quality });
  else pipeline = pipeline.gif();
  try {
    return await pipeline.toBuffer();
  } catch {
    throw errors.invalidImage('The image could not be transformed');
  }
}
