import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from './settings.ts';

/**
 * A client that gives up quickly: an unreachable endpoint must turn into a clear error within
 * seconds (an upload refused, /readyz failing), not a request hanging on the SDK's defaults.
 */
export function makeS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    maxAttempts: 2,
    // MinIO, Garage, s3rver and older S3-compatible servers do not all take the SDK's newer default checksums
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 2000, requestTimeout: 30_000 },
  });
}

export function placeOf(settings: S3Settings): string {
  return `s3://${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
}

/** The SDK's error in words an operator can act on, naming the setting to look at. */
export function explainS3Error(error: unknown, settings: S3Settings): string {
  const e = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } };
  const name = e.name ?? '';
  const code = e.code ?? e.cause?.code ?? '';
  const status = e.$metadata?.httpStatusCode;
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden', 'InvalidToken', 'ExpiredToken'].includes(name) || status === 403) {
    const reason = name && name !== 'Unknown' ? name : `HTTP ${status}`;
    return `S3 refused the credentials for ${placeOf(settings)} (${reason}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`;
  }
  if (name === 'NoSuchBucket' || (name === 'NotFound' && status === 404)) {
    return `the S3 bucket ${placeOf(settings)} does not exist and could not be created`;
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|ETIMEDOUT|EHOSTUNREACH/.test(`${code} ${e.message ?? ''}`) || name === 'TimeoutError' || name === 'RequestTimeout') {
    return `the S3 endpoint ${settings.endpoint ?? 'of AWS'} cannot be reached (${code || name}): check STORAGE_S3_ENDPOINT and the network`;
  }
  return `S3 ${placeOf(settings)} failed: ${name ? `${name}: ` : ''}${e.message ?? String(error)}`;
}

/** An S3 failure, already explained. */
export class S3Unavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'S3Unavailable';
  }
}

export function s3Failure(error: unknown, settings: S3Settings): S3Unavailable {
  return error instanceof S3Unavailable ? error : new S3Unavailable(explainS3Error(error, settings), { cause: error });
}

/** The bucket answers, and is created when it is missing (as storage-api does at start). */
export async function ensureBucket(client: S3Client, settings: S3Settings): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    return;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 404) throw s3Failure(error, settings);
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw s3Failure(error, settings);
  }
}
