/**
 * What a backup archive holds (docs/decisions/0015-backup-restore-upgrade.md):
 *   backup.json                      this header (first entry)
 *   secrets.json                     DATA_DIR/secrets.json, when the site keeps its secret there
 *   signing-keys.json                DATA_DIR/signing-keys.json, the keys that sign access tokens
 *   db/<schema>.<table>/<n>.jsonl    the rows of each table, one JSON object a line
 *   storage/<bucket dir>/<version>   the bytes of each object the exported rows name
 *   checksums.json                   SHA-256 of every other entry, row counts, sequences (last)
 */
export const FORMAT = 'skadron-backup';
export const FORMAT_VERSION = 1;
export const HEADER_ENTRY = 'backup.json';
export const SECRETS_ENTRY = 'secrets.json';
export const SIGNING_KEYS_ENTRY = 'signing-keys.json';
/** The DATA_DIR files an archive carries under their own names. */
export const SECRET_FILES = [SECRETS_ENTRY, SIGNING_KEYS_ENTRY] as const;
export const CHECKSUMS_ENTRY = 'checksums.json';

export interface TableInfo {
  /** schema.table */
  name: string;
  /** Stored columns (generated ones are recomputed on restore). */
  columns: string[];
}

export interface BackupHeader {
  format: typeof FORMAT;
  formatVersion: number;
  siteId: string;
  createdAt: string;
  /** PostgreSQL major of the site the backup comes from (information; a logical export restores into any). */
  postgresMajor: number;
  /** Latest applied migration (supabase/migrations version). */
  migration: string;
  tables: TableInfo[];
}

export interface StoredFile {
  bucket: string;
  version: string;
  size: number;
  sha256: string;
}

export interface Checksums {
  siteId: string;
  /** SHA-256 (hex) of every entry but this one. */
  entries: Record<string, string>;
  rows: Record<string, number>;
  files: StoredFile[];
  sequences: { name: string; lastValue: string }[];
  /** Objects whose bytes were already missing from the site when it was backed up. */
  missingFiles?: string[];
}

export const tableEntryPrefix = (table: string) => `db/${table}/`;
export const fileEntry = (bucketDir: string, version: string) => `storage/${bucketDir}/${version}`;

/** Archive file names: the time is UTC, so names sort by age and retention needs no file dates. */
export const ARCHIVE_PATTERN = /^skadron-backup-(\d{8}T\d{6}\.\d{3}Z)\.tar\.gz$/;

export function archiveName(at: Date): string {
  return `skadron-backup-${at.toISOString().replace(/[-:]/g, '')}.tar.gz`;
}

export function archiveTime(name: string): Date | undefined {
  const match = ARCHIVE_PATTERN.exec(name);
  if (!match) return undefined;
  const s = match[1];
  return new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13)}`);
}
