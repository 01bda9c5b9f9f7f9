import type { ServerContext } from '../context.ts';
import { isPgError, Rollback, type Queryable } from '../db/adapter.ts';
import { asRequest, type JwtClaims } from '../db/request-context.ts';
import { isUuid } from '../http/uuid.ts';
import { errors, StorageError } from './errors.ts';
import type { Caller } from '../http/caller.ts';

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string | null;
}

/** The columns Supabase answers for a removed object (no path_tokens). */
const ROW_COLUMNS = 'id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** The caller (server/http/caller.ts) plus what storage policies may read about the request. */
export interface StorageCaller extends Caller {
  method: string;
  path: string;
  /** Request headers for `request.headers` (credentials left out). */
  headers: Record<string, string>;
}

/**
 * Runs `fn` as the caller (role and claims set, RLS applies), with the settings Supabase
 * Storage sets so policies may look at `storage.operation`.
 */
export function asCaller<T>(ctx: ServerContext, caller: StorageCaller, operation: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return asRequest(ctx.db, {
    claims: caller.claims,
    method: caller.method,
    path: caller.path,
    headers: caller.headers,
    extra: { 'storage.operation': operation, 'storage.allow_delete_query': 'true' },
  }, fn).catch((error: unknown) => {
    throw translateDbError(error);
  });
}

export function translateDbError(error: unknown): unknown {
  if (error instanceof StorageError || !isPgError(error)) return error;
  if (error.code === '42501') {
    return errors.accessDenied(/row-level security/.test(error.message)
      ? 'new row violates row-level security policy'
      : error.message);
  }
  if (error.code === '23505') return errors.keyAlreadyExists();
  if (error.code === '23503') return errors.noSuchBucket();
  if (error.code === '23514' || error.code === '22P02') return errors.invalidRequest(error.message);
  return error;
}

/** Bucket settings are read as the server itself: the caller's RLS on buckets must not hide limits. */
export async function findBucket(ctx: ServerContext, id: string): Promise<Bucket | undefined> {
  const { rows } = await ctx.db.query<Bucket & { file_size_limit: string | number | null }>(
    'select id, name, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { ...row, public: row.public === true, file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit) };
}

export interface NewObject {
  bucket: string;
  name: string;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
  upsert: boolean;
}

function ownerOf(claims: JwtClaims): { owner: string | null; ownerId: string | null } {
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  return { owner: isUuid(sub) ? sub : null, ownerId: sub };
}

/**
 * The statement storage policies judge, run as the caller: a plain INSERT, or for upserts an
 * INSERT ... ON CONFLICT DO UPDATE (which needs INSERT, UPDATE and SELECT policies, as on Supabase).
 */
async function writeAsCaller(tx: Queryable, claims: JwtClaims, object: NewObject): Promise<void> {
  const { owner, ownerId } = ownerOf(claims);
  const conflict = object.upsert
    ? ` on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
        metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
        last_accessed_at = now()`
    : '';
  await tx.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6, $7)${conflict}`,
    [object.bucket, object.name, owner, ownerId, JSON.stringify(object.metadata),
      object.userMetadata === null ? null : JSON.stringify(object.userMetadata), object.version],
  );
}

/**
 * Asks the database whether the caller may write this object, before any byte of the body is
 * read, and rolls the probe back (what Supabase Storage calls canUpload).
 */
export async function probeWrite(ctx: ServerContext, caller: StorageCaller, operation: string, object: NewObject): Promise<void> {
  await asCaller(ctx, caller, operation, async (tx) => {
    await writeAsCaller(tx, caller.claims, object);
    throw new Rollback(undefined);
  });
}

/**
 * Writes the row in one transaction: the caller's own INSERT/upsert decides permission, while the
 * server (role reset to the connection's own) locks the key and reads the version being replaced,
 * so its file can be deleted once this commits.
 */
export async function commitWrite(ctx: ServerContext, caller: StorageCaller, operation: string, object: NewObject): Promise<{ id: string; replacedVersion: string | null }> {
  return asCaller(ctx, caller, operation, async (tx) => {
    await tx.query('set local role none');
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`storage:${object.bucket}/${object.name}`]);
    const before = await tx.query<{ version: string | null }>(
      'select version from storage.objects where bucket_id = $1 and name = $2',
      [object.bucket, object.name],
    );
    await tx.query('select set_config($1, $2, true)', ['role', caller.claims.role]);
    await writeAsCaller(tx, caller.claims, object);
    await tx.query('set local role none');
    const after = await tx.query<{ id: string }>(
      'select id from storage.objects where bucket_id = $1 and name = $2',
      [object.bucket, object.name],
    );
    return { id: after.rows[0].id, replacedVersion: before.rows[0]?.version ?? null };
  });
}

/** DELETE ... RETURNING as the caller: rows RLS hides are silently kept (Supabase answers []). */
export async function deleteObjects(ctx: ServerContext, caller: StorageCaller, bucket: string, names: string[]): Promise<Record<string, unknown>[]> {
  if (names.length === 0) return [];
  return asCaller(ctx, caller, 'storage.object.delete', async (tx) => {
    const { rows } = await tx.query<Record<string, unknown>>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${ROW_COLUMNS}`,
      [bucket, names],
    );
    return rows;
  });
}

/** Reads one object row as the caller (policies decide) or, for public buckets, as the server. */
export async function findObject(ctx: ServerContext, caller: StorageCaller | null, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const sql = `select ${ROW_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
  if (caller === null) return (await ctx.db.query<ObjectRow>(sql, [bucket, name])).rows[0];
  return asCaller(ctx, caller, 'storage.object.get', async (tx) => (await tx.query<ObjectRow>(sql, [bucket, name])).rows[0]);
}

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  ascending: boolean;
}

/**
 * One level of a bucket, like Supabase's storage.search(): objects directly under the prefix
 * plus one entry per sub-folder (id and dates null). Names are relative to the prefix; prefix
 * plus search match case-insensitively. Runs as the caller, so SELECT policies apply.
 */
export async function listObjects(ctx: ServerContext, caller: StorageCaller, bucket: string, options: ListOptions): Promise<Record<string, unknown>[]> {
  const prefix = options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
  const level = prefix === '' ? 1 : prefix.split('/').length;
  const pattern = `${escapeLike((prefix + options.search).toLowerCase())}%`;
  const direction = options.ascending ? 'asc' : 'desc';
  const order = options.sortColumn === 'name'
    ? `lower(name) collate "C" ${direction}, name collate "C" ${direction}`
    : `is_folder desc, case when is_folder then name end collate "C" ${direction}, ${options.sortColumn} ${direction} nulls last, name collate "C"`;
  return asCaller(ctx, caller, 'storage.object.list', async (tx) => {
    const { rows } = await tx.query<Record<string, unknown>>(
      `with matched as (
         select id, path_tokens, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
         where bucket_id = $1 and lower(name) like $2 escape '\\'
       ), entries as (
         select distinct path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
           null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
           true as is_folder
         from matched where array_length(path_tokens, 1) > $3
         union all
         select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata, false
         from matched where array_length(path_tokens, 1) = $3
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata from entries
       order by ${order} limit $4 offset $5`,
      [bucket, pattern, level, options.limit, options.offset],
    );
    return rows;
  });
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function listBuckets(ctx: ServerContext, caller: StorageCaller, id?: string): Promise<Record<string, unknown>[]> {
  return asCaller(ctx, caller, id === undefined ? 'storage.bucket.list' : 'storage.bucket.get', async (tx) => {
    const { rows } = await tx.query<Record<string, unknown>>(
      `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
       from storage.buckets ${id === undefined ? '' : 'where id = $1'} order by name`,
      id === undefined ? [] : [id],
    );
    // storage-api's bucket: its columns, times as JSON dates (ISO, UTC, milliseconds)
    const iso = (value: unknown) => (value === null || value === undefined ? value : new Date(String(value)).toISOString());
    return rows.map((row) => ({
      ...row, file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
      created_at: iso(row.created_at), updated_at: iso(row.updated_at),
    }));
  });
}
