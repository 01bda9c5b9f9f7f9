/**
 * One S3-compatible place: the storage-api setting names (STORAGE_S3_*) for stored files, and
 * BACKUP_S3_BUCKET/BACKUP_S3_PREFIX for backups, which share the endpoint, region and the
 * standard AWS credentials.
 */
export interface S3Settings {
  bucket: string;
  /** STORAGE_S3_ENDPOINT: a MinIO, Garage, R2 or other S3-compatible server; unset: AWS. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset: the SDK's own chain (instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface BackupS3Settings extends S3Settings {
  /** Key prefix of the archives (BACKUP_S3_PREFIX, default `backups/`). */
  prefix: string;
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function endpoint(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STORAGE_S3_ENDPOINT must be an http(s) address such as http://127.0.0.1:9000, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STORAGE_S3_ENDPOINT must be an http(s) address such as http://127.0.0.1:9000, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

function common(env: NodeJS.ProcessEnv, bucket: string): S3Settings {
  const id = env.AWS_ACCESS_KEY_ID || undefined;
  const secret = env.AWS_SECRET_ACCESS_KEY || undefined;
  if ((id === undefined) !== (secret === undefined)) throw new Error('Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither');
  return {
    bucket,
    endpoint: endpoint(env.STORAGE_S3_ENDPOINT),
    region: env.STORAGE_S3_REGION || 'us-east-1',
    forcePathStyle: flag('STORAGE_S3_FORCE_PATH_STYLE', env.STORAGE_S3_FORCE_PATH_STYLE),
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
  };
}

/** S3 bucket names: 3-63 lower-case letters, digits, dots and hyphens. */
function bucketName(name: string, value: string): string {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value)) throw new Error(`${name} must be an S3 bucket name (3-63 of a-z, 0-9, ".", "-"), got "${value}"`);
  return value;
}

/** STORAGE_BACKEND=file (default: DATA_DIR/storage) or s3 (STORAGE_S3_BUCKET required). */
export function storageS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const backend = env.STORAGE_BACKEND || 'file';
  if (backend === 'file') return undefined;
  if (backend !== 's3') throw new Error(`STORAGE_BACKEND must be file or s3, got "${backend}"`);
  if (!env.STORAGE_S3_BUCKET) throw new Error('STORAGE_BACKEND=s3 needs STORAGE_S3_BUCKET');
  return common(env, bucketName('STORAGE_S3_BUCKET', env.STORAGE_S3_BUCKET));
}

export function backupS3Settings(env: NodeJS.ProcessEnv): BackupS3Settings | undefined {
  if (!env.BACKUP_S3_BUCKET) return undefined;
  let prefix = env.BACKUP_S3_PREFIX ?? 'backups/';
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  if (prefix.startsWith('/')) throw new Error(`BACKUP_S3_PREFIX must not start with "/", got "${prefix}"`);
  return { ...common(env, bucketName('BACKUP_S3_BUCKET', env.BACKUP_S3_BUCKET)), prefix };
}
