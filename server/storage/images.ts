import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import type { BlobStore } from './blob-store.ts';
import type { ReceivedFile } from './disk.ts';
import { errors } from './errors.ts';
import { holdsOnlyPixels } from './image-structure.ts';

/** The formats whose metadata is removed on upload. */
export const CLEANED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** GIFs are decoded like the others (every frame, within the budgets) but kept as sent. */
const CHECKED_IMAGE_TYPES = new Set([...CLEANED_IMAGE_TYPES, 'image/gif']);

/**
 * The largest image decoded, in pixels (100 MP: beyond any phone's default photo). A file
 * declaring more is refused before its pixels are decoded, so a small "decompression bomb"
 * cannot take the server's memory.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Animations (GIF, animated WebP and PNG) are decoded, and rendered, frame by frame at the full
 * canvas size whatever a frame's own size: a 2 kB GIF can declare 100 frames of 1000 x 1000.
 * At most this many frames and this many pixels over all frames (16 MP: 60 frames of 600 x 450).
 */
export const MAX_FRAMES = 100;
export const MAX_ANIMATION_PIXELS = 16_000_000;

/** How a lossy original is re-encoded when its metadata must go: high enough not to be seen. */
const REENCODE_QUALITY = 90;

/** sharp's input options for user bytes: a warning (truncated or corrupt data) fails the image. */
export function imageInput(animated = false): SharpOptions {
  return { limitInputPixels: animated ? MAX_ANIMATION_PIXELS : MAX_INPUT_PIXELS, failOn: 'warning', animated };
}

/**
 * Makes sure an uploaded JPEG, PNG, WebP or GIF is a whole, decodable image within the pixel
 * and frame budgets, and that a JPEG, PNG or WebP carries no EXIF, XMP, IPTC, GPS, comments or
 * trailing data. Clean files (and every GIF that decodes) are kept byte for byte; others
 * are re-encoded (auto-rotated by their EXIF orientation first, ICC profile kept) into a new
 * temporary version, and the original temporary file is removed. Throws a StorageError (4xx) for
 * bytes that are not such an image; the caller discards the temporary file then.
 */
export async function cleanUploadedImage(store: BlobStore, file: ReceivedFile, limit: number): Promise<ReceivedFile> {
  if (!CHECKED_IMAGE_TYPES.has(file.mimetype)) return file;
  const bytes = await readFile(store.tempPath(file.version));
  const { animated } = await checkImageBudget(bytes);

  if (file.mimetype === 'image/gif' || holdsOnlyPixels(bytes, file.mimetype)) {
    // decoding every pixel is what finds a truncated or corrupt file; a thumbnail decodes them all
    await decode(sharp(bytes, imageInput(animated)).resize(64, 64, { fit: 'inside' }).png().toBuffer());
    return file;
  }

  let pipeline = sharp(bytes, imageInput(animated)).keepIccProfile();
  if (!animated) pipeline = pipeline.rotate();
  if (file.mimetype === 'image/jpeg') pipeline = pipeline.jpeg({ quality: REENCODE_QUALITY, chromaSubsampling: '4:4:4' });
  else if (file.mimetype === 'image/webp') pipeline = pipeline.webp({ quality: REENCODE_QUALITY });
  else pipeline = pipeline.png();
  const cleaned = await decode(pipeline.toBuffer());
  if (cleaned.length > limit) throw errors.entityTooLarge();

  const replacement = await store.writeTemp(cleaned);
  await store.discard(file.version);
  return {
    version: replacement,
    size: cleaned.length,
    eTag: `"${createHash('md5').update(cleaned).digest('hex')}"`,
    mimetype: file.mimetype,
  };
}

/**
 * The image's header against the budgets, before any pixel is decoded: refused with 422 when
 * it has no dimensions, more than MAX_FRAMES frames or more pixels than its budget.
 */
export async function checkImageBudget(bytes: Buffer): Promise<{ meta: Metadata; animated: boolean }> {
  const meta = await decode(sharp(bytes, { limitInputPixels: false }).metadata());
  if (!meta.width || !meta.height) throw errors.invalidImage('The image has no dimensions');
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  if (frames > MAX_FRAMES) throw errors.invalidImage(`The animation has ${frames} frames; at most ${MAX_FRAMES} are accepted`);
  const animated = frames > 1;
  const budget = animated ? MAX_ANIMATION_PIXELS : MAX_INPUT_PIXELS;
  if (meta.width * frameHeight * frames > budget) {
    throw animated
      ? errors.invalidImage(`The animation has ${frames} frames of ${meta.width} x ${frameHeight} pixels; at most ${budget / 1_000_000} megapixels over all frames are accepted`)
      : errors.imageTooLarge(meta.width, meta.height, budget);
  }
  return { meta, animated };
}

/** sharp's failures on user bytes are the user's bad input, answered as 4xx. */
async function decode<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw errors.imageTooLarge(0, 0, MAX_INPUT_PIXELS);
    throw errors.invalidImage('The file is not a valid image or is damaged');
  }
}
