import type { Context } from 'hono';
import { readBodyText } from '../http/body.ts';
import type { ListOptions } from './db.ts';
import { errors } from './errors.ts';

/** Request fields the storage routes read: cache control, user metadata, JSON bodies, list options. */

export function cacheControlFromField(value: string | undefined): string {
  if (value && /^\d{1,10}$/.test(value.trim())) return `max-age=${value.trim()}`;
  return cacheControlFromHeader(value);
}

/** Echoed back as a response header later, so only plain directive syntax is kept. */
export function cacheControlFromHeader(value: string | undefined): string {
  if (value && /^[a-z0-9=, -]{1,200}$/i.test(value)) return value;
  return 'max-age=3600';
}

/** User metadata: the multipart `metadata` field, or the base64 `x-metadata` header decoded. */
export function parseMetadata(value: string | undefined): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.invalidRequest('Invalid metadata: expected a JSON object');
}

const MAX_JSON_BODY = 1024 * 1024;

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await readBodyText(c.req.raw, MAX_JSON_BODY, () => errors.invalidRequest('Request body too large'));
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.invalidRequest('Body must be a JSON object');
}

export function parseListBody(body: Record<string, unknown>): ListOptions {
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  const search = typeof body.search === 'string' ? body.search : '';
  const limit = clampInt(body.limit, 100, 1, 1000);
  const offset = clampInt(body.offset, 0, 0, Number.MAX_SAFE_INTEGER);
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const columns = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
  const sortColumn = columns.find((col) => col === sortBy.column) ?? 'name';
  const ascending = typeof sortBy.order !== 'string' || sortBy.order.toLowerCase() !== 'desc';
  return { prefix, search, limit, offset, sortColumn, ascending };
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}
