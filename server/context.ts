import type { LiveSessions } from './http/live-sessions.ts';
import type { Config } from './config.ts';
import type { Db } from './db/adapter.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { Keys } from './keys.ts';
import type { Mailer } from './mail/mailer.ts';
import type { BlobStore } from './storage/blob-store.ts';
import type { FreeSpace } from './storage/free-space.ts';

/** What every service receives: settings, the database, the signing keys and outgoing mail. */
export interface ServerContext {
  config: Config;
  db: Db;
  keys: Keys;
  mail: Mailer;
  /** Whether a token's session still exists, for the checks made outside SQL (storage, realtime). */
  sessions: LiveSessions;
  /** Anonymous REST answers kept in memory (READ_CACHE), emptied by every write. */
  readCache?: ReadCache;
  /** DATA_DIR's disk against DISK_RESERVE_MB: uploads and new renditions stop below it. */
  freeSpace: FreeSpace;
  /** Where stored files' bytes live (STORAGE_BACKEND): DATA_DIR/storage or an S3 bucket. */
  blobs: BlobStore;
  /** Called after migrations so services can reload caches (PostgREST's schema cache). */
  onSchemaChange(listener: () => Promise<void> | void): void;
}
