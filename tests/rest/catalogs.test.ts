/**
 * Where errors and site knowledge live: REST and storage errors come only from their catalog
 * (server/rest/errors.ts, server/storage/errors.ts), and the HTTP layer knows nothing of the
 * site's tables or of the auth service.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { errors } from '../../server/rest/errors.ts';

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ file: path.join(dir, name), text: readFileSync(path.join(dir, name), 'utf8') }));
}

describe('error catalogs', () => {
  test('no REST module outside the catalog builds an error or names an error code', () => {
    const inline = sources('server/rest').filter(({ file }) => file !== path.join('server/rest/errors.ts'))
      .flatMap(({ file, text }) => text.split('\n').map((line, i) => ({ where: `${file}:${i + 1}`, line })))
      .filter(({ line }) => /new RestError\(|code: '|'(PGRST\w+|[0-9A-Z]{2}[0-9]{3}|[0-9]{2}[0-9A-Z]{3})'/.test(line));
    expect(inline).toEqual([]);
  });

  test('no storage module outside the catalog builds an error body', () => {
    const inline = sources('server/storage').filter(({ file }) => file !== path.join('server/storage/errors.ts'))
      .filter(({ text }) => /new StorageError\(|statusCode:/.test(text)).map(({ file }) => file);
    expect(inline).toEqual([]);
  });

  test('a catalog error leaves with the four keys in PostgREST\'s order, its status and its headers', () => {
    const error = errors.ambiguousRelationship('articles', 'profiles', [{ cardinality: 'many-to-one' }], ["'profiles!a'", "'profiles!b'"]);
    expect(error.status).toBe(300);
    expect(JSON.stringify(error.body)).toBe(JSON.stringify({
      code: 'PGRST201',
      details: [{ cardinality: 'many-to-one' }],
      hint: "Try changing 'profiles' to one of the following: 'profiles!a', 'profiles!b'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'articles' and 'profiles'",
    }));
    expect(errors.jwt('JWT expired').headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"' });
    expect(errors.setRoleDenied('anon').status).toBe(401);
    expect(errors.setRoleDenied('supabase_admin').status).toBe(403);
  });
});

describe('server/http', () => {
  test('holds no site tables and imports nothing from the auth service', () => {
    const leaks = sources('server/http').filter(({ text }) => /public\.articles|from '\.\.\/auth\//.test(text)).map(({ file }) => file);
    expect(leaks).toEqual([]);
  });
});
