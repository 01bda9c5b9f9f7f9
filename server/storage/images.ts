import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import type { FileStore, ReceivedFile } from './disk.ts';
import { errors } from './errors.ts';
import { holdsOnlyPixels } from './image-structure.ts';

/** The formats whose metadata is removed on upload and which the render endpoint reads. */
export const CLEANED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The largest image decoded, in pixels (100 MP: beyond any phone's default photo). A file
 * declaring more is refused before its pixels are decoded, so a small "decompression bomb"
 * cannot take the server's memory.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** How a lossy original is re-encoded when its metadata must go: high enough not to be seen. */
const REENCODE_QUALITY = 90;

/** sharp's input options for user bytes: a warning (truncated or corrupt data) fails the image. */
export function imageInput(animated = false): SharpOptions {
  return { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated };
}

/**
 * Makes sure an uploaded JPEG, PNG or WebP is a whole, decodable image of that type and carries
 * no EXIF, XMP, IPTC, GPS, comments or trailing data. Clean files are kept byte for byte; others
 * are re-encoded (auto-rotated by their EXIF orientation first, ICC profile kept) into a new
 * temporary version, and the original temporary file is removed. Throws a StorageError (4xx) for
 * bytes that are not such an image; the caller discards the temporary file then.
 */
export async function cleanUploadedImage(store: FileStore, file: ReceivedFile, limit: number): Promise<ReceivedFile> {
  if (!CLEANED_IMAGE_TYPES.has(file.mimetype)) return file;
  const bytes = await readFile(store.tempPath(file.version));
  const meta = await readMetadata(bytes);
  const animated = (meta.pages ?? 1) > 1;

  if (holdsOnlyPixels(bytes, file.mimetype)) {
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

async function readMetadata(bytes: Buffer): Promise<Metadata> {
  // the header alone: the pixel limit is checked here, with the dimensions in the message
  const meta = await decode(sharp(bytes, { limitInputPixels: false }).metadata());
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1);
  if (!meta.width || !meta.height) throw errors.invalidImage('The image has no dimensions');
  if (pixels > MAX_INPUT_PIXELS) throw errors.imageTooLarge(meta.width, meta.height, MAX_INPUT_PIXELS);
  return meta;
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
