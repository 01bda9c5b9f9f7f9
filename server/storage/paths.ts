import { errors } from './errors.ts';

/**
 * Object names allowed by Supabase Storage: S3-safe characters only (its `isValidKey`), which
 * already excludes control characters, backslashes and non-ASCII text. We add what a file store
 * on local disk should also refuse even though names never reach the file system: `.`/`..`
 * segments, empty segments, absolute names and absurd lengths.
 */
const SAFE_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const SAFE_BUCKET = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
/** S3's key limit is 1024 bytes; a single segment beyond 255 could not be a file name anywhere. */
export const MAX_KEY_LENGTH = 1024;
const MAX_SEGMENT_LENGTH = 255;

export function isValidObjectName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_KEY_LENGTH || !SAFE_KEY.test(name)) return false;
  if (name.startsWith('/')) return false;
  return name.split('/').every((segment) =>
    segment.length > 0 && segment.length <= MAX_SEGMENT_LENGTH && segment !== '.' && segment !== '..'
    && segment.trim().length > 0);
}

export function isValidBucketId(id: string): boolean {
  return id.length > 0 && id.length < 64 && SAFE_BUCKET.test(id) && id !== '.' && id !== '..';
}

export function mustBeValidObjectName(name: string): string {
  if (!isValidObjectName(name)) throw errors.invalidKey(name);
  return name;
}

export function mustBeValidBucketId(id: string): string {
  if (!isValidBucketId(id)) throw errors.invalidBucketName();
  return id;
}

/**
 * Splits the part of the URL after a route prefix into bucket id and object name. Each segment is
 * percent-decoded separately, so an encoded `%2F` still ends up as a separator and `..` hidden as
 * `%2E%2E` is seen (and refused) after decoding.
 */
export function splitBucketAndName(rawRest: string): { bucket: string; name: string } {
  const cut = rawRest.indexOf('/');
  const rawBucket = cut === -1 ? rawRest : rawRest.slice(0, cut);
  const rawName = cut === -1 ? '' : rawRest.slice(cut + 1);
  const bucket = decode(rawBucket);
  let name: string;
  try {
    name = rawName.split('/').map((s) => decodeURIComponent(s)).join('/');
  } catch {
    throw errors.invalidKey(rawName);
  }
  return { bucket: mustBeValidBucketId(bucket), name };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.invalidBucketName();
  }
}
