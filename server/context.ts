import type { Config } from './config.ts';
import type { Db } from './db/adapter.ts';
import type { Keys } from './keys.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every service receives: settings, the database, the signing keys and outgoing mail. */
export interface ServerContext {
  config: Config;
  db: Db;
  keys: Keys;
  mail: Mailer;
  /** Called after migrations so services can reload caches (PostgREST's schema cache). */
  onSchemaChange(listener: () => Promise<void> | void): void;
}
