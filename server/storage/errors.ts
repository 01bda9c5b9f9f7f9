import type { Context } from 'hono';
import { DISK_FULL_MESSAGE, type StorageErrorStatus } from '../../src/lib/storage-error-messages.ts';

/**
 * An error as Supabase Storage renders it: the logical status travels as a string in the body
 * (`statusCode`), while the HTTP status is 400 for everything below 500 (protocol 3.4). storage-js
 * reads `message` and `statusCode` from this body.
 */
export class StorageError extends Error {
  constructor(
    /** Typed by the statuses the browser has an Indonesian text for (src/lib/storage-error-messages.ts). */
    readonly status: StorageErrorStatus,
    readonly code: string,
    readonly label: string,
    message: string,
    /** Extra response headers (e.g. Content-Range on 416). */
    readonly headers: Record<string, string> = {},
    /** HTTP status to send instead of the Supabase convention (Range errors keep 416). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  body() {
    return { statusCode: String(this.status), code: this.code, error: this.label, message: this.message };
  }
}

/** Every error this service answers with: status, code, label and message, by name. */
export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () => new StorageError(409, 'InvalidRequest', 'Bucket not empty', 'The bucket you tried to delete is not empty'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  mimeTypeMismatch: (claimed: string, detected: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${claimed} does not match the file's content (${detected})`),
  invalidImage: (message: string) => new StorageError(422, 'InvalidImage', 'invalid_image', message),
  imageTooLarge: (width: number, height: number, maxPixels: number) =>
    new StorageError(422, 'ImageTooLarge', 'image_too_large', width && height
      ? `The image is ${width} x ${height} pixels; at most ${maxPixels / 1_000_000} megapixels are accepted`
      : `The image has more than ${maxPixels / 1_000_000} megapixels`),
  /** Signed URLs: a token that does not verify, or one made for another object. */
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'Invalid JWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'The url do not match the signature'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  invalidRange: (size: number) =>
    new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided', {
      'Content-Range': `bytes */${size}`,
    }, 416),
  /** The disk is below the reserve kept for the database (DISK_RESERVE_MB). */
  diskFull: () =>
    new StorageError(507, 'InsufficientStorage', 'insufficient_storage', DISK_FULL_MESSAGE, { 'Retry-After': '60' }, 507),
  /** The S3 bucket of stored files does not answer (STORAGE_BACKEND=s3); nothing was stored. */
  storageUnavailable: () =>
    new StorageError(503, 'StorageUnavailable', 'storage_unavailable',
      'Penyimpanan berkas sedang tidak dapat dihubungi, jadi berkas tidak disimpan. Coba lagi beberapa saat lagi; bila terus terjadi, hubungi administrator situs.',
      { 'Retry-After': '30' }, 503),
  internal: () => new StorageError(500, 'InternalError', 'internal', 'Internal server error'),
  /** A route this server does not have, answered as the storage server's router answers it (HTTP 404). */
  routeNotFound: (method: string, path: string) => new StorageError(404, 'NotFound', 'Not Found', `Route ${method}:${path} not found`, {}, 404),
  /** Too many renders at once (503) or too many new renditions from one address (429). */
  slowDown: (status: 429 | 503, retryAfterSeconds: number) =>
    new StorageError(status, 'SlowDown', 'slow_down', 'Please reduce your request rate.', {
      'Retry-After': String(retryAfterSeconds),
    }, status),
};

export function errorResponse(c: Context, error: StorageError): Response {
  const status = error.httpStatus ?? (error.status >= 500 ? 500 : 400);
  const headers = { ...error.headers, 'Content-Type': 'application/json' };
  return c.body(JSON.stringify(error.body()), status as 400, headers);
}
