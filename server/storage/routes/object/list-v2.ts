import type { Hono } from 'hono';
import { callerOf } from '../../caller.ts';
import { asCaller, findBucket, type StorageCaller } from '../../db.ts';
import { errors } from '../../errors.ts';
import { mustBeValidBucketId } from '../../paths.ts';
import { readJson } from '../../request.ts';
import type { StorageDeps } from '../deps.ts';
import type { ServerContext } from '../../../context.ts';

interface ListV2Options {
  prefix: string;
  delimited: boolean;
  limit: number;
  offset: number;
  column: 'name' | 'updated_at' | 'created_at';
  descending: boolean;
}

const MAX_KEYS = 1000;

/** The cursor is opaque to clients (storage-api's is too): here the offset of the next page, with its sort. */
function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

function decodeCursor(cursor: unknown): number {
  if (cursor === undefined || cursor === null || cursor === '') return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(String(cursor), 'base64url').toString()) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0) return offset;
  } catch { /* refused below */ }
  throw errors.invalidRequest('Invalid cursor');
}

/** storage-api's body schema: prefix, limit (at least 1), cursor, with_delimiter, sortBy {column, order}. */
function parseBody(body: Record<string, unknown>): ListV2Options {
  const limit = body.limit ?? MAX_KEYS;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) throw errors.invalidRequest('body/limit must be >= 1');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sortBy.column ?? 'name';
  if (column !== 'name' && column !== 'updated_at' && column !== 'created_at') {
    throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  if (sortBy.order !== undefined && sortBy.order !== 'asc' && sortBy.order !== 'desc') {
    throw errors.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  }
  return {
    prefix: typeof body.prefix === 'string' ? body.prefix : '',
    delimited: body.with_delimiter === true,
    limit: Math.min(limit, MAX_KEYS),
    offset: decodeCursor(body.cursor),
    column,
    descending: sortBy.order === 'desc',
  };
}

type Entry = { name: string; id: string | null; [key: string]: unknown };

/**
 * Objects whose names start with the prefix; with the delimiter, one level: the objects there and
 * one folder (`name` ending in '/', id null) per deeper path, `key` the last segment of each.
 * Runs as the caller, so SELECT policies decide what is listed (and what folders show).
 */
async function listV2(ctx: ServerContext, caller: StorageCaller, bucket: string, o: ListV2Options): Promise<Entry[]> {
  const dir = o.descending ? 'desc' : 'asc';
  const order = o.column === 'name' ? `name collate "C" ${dir}` : `${o.column} ${dir} nulls last, name collate "C" ${dir}`;
  const columns = 'id, name, metadata, updated_at, created_at, last_accessed_at';
  const sql = o.delimited
    ? `with matched as (
         select ${columns}, strpos(substr(name, length($2) + 1), '/') as slash
         from storage.objects where bucket_id = $1 and starts_with(name, $2)
       )
       select * from (
         select null::uuid as id, name, null::jsonb as metadata, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at
         from (select distinct $2 || split_part(substr(name, length($2) + 1), '/', 1) || '/' as name from matched where slash > 0) folders
         union all
         select ${columns} from matched where slash = 0
       ) entries order by ${order} limit $3 offset $4`
    : `select ${columns} from storage.objects where bucket_id = $1 and starts_with(name, $2) order by ${order} limit $3 offset $4`;
  return asCaller(ctx, caller, 'storage.object.list', async (tx) =>
    (await tx.query<Entry>(sql, [bucket, o.prefix, o.limit + 1, o.offset])).rows);
}

const keyOf = (name: string) => name.replace(/\/$/, '').split('/').pop() ?? '';

/** POST /object/list-v2/{bucket}: storage-api's listObjectsV2 ({ hasNext, nextCursor, folders, objects }). */
export function listV2Routes(app: Hono, { ctx }: StorageDeps): void {
  app.post('/object/list-v2/:bucket', async (c) => {
    const bucket = mustBeValidBucketId(c.req.param('bucket'));
    const caller = await callerOf(ctx, c);
    const options = parseBody(await readJson(c));
    if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
    const rows = await listV2(ctx, caller, bucket, options);
    const page = rows.slice(0, options.limit);
    const shaped = page.map((row) => (options.delimited ? { key: keyOf(row.name), ...row } : row));
    const hasNext = rows.length > options.limit;
    return c.json({
      hasNext,
      ...(hasNext ? { nextCursor: encodeCursor(options.offset + options.limit) } : {}),
      folders: shaped.filter((row) => row.id === null).map(({ key, name }) => ({ key, name, id: null })),
      objects: shaped.filter((row) => row.id !== null),
    });
  });
}
