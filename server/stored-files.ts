/**
 * Where a stored object's file lives under DATA_DIR/storage: the storage service writes there and
 * backups copy from and restore to it, so the layout is shared by both and owned by neither.
 */

/**
 * Bucket ids are user-chosen text; they become directory names only when plainly safe
 * (lower-case letters, digits, `_`, `-`, so case-insensitive disks cannot merge two buckets),
 * and are hex-encoded behind a `~` otherwise.
 */
export function bucketDirName(bucket: string): string {
  if (/^[a-z0-9][a-z0-9_-]{0,62}$/.test(bucket)) return bucket;
  return `~${Buffer.from(bucket, 'utf8').toString('hex')}`;
}

/** The bucket id a directory under DATA_DIR/storage stands for (undefined: not one of ours). */
export function bucketIdFromDirName(dir: string): string | undefined {
  if (/^[a-z0-9][a-z0-9_-]{0,62}$/.test(dir)) return dir;
  if (/^~([0-9a-f]{2})+$/.test(dir)) return Buffer.from(dir.slice(1), 'hex').toString('utf8');
  return undefined;
}
