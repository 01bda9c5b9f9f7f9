/**
 * Schema profiles as PostgREST's db-schemas: REST_SCHEMAS lists the schemas /rest/v1 exposes (the
 * first the default), Accept-Profile chooses one for reads and Content-Profile for writes and calls.
 * Anything not listed (auth, storage, private helpers) is refused with 406 PGRST106, whatever the key.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ restSchemas: ['public', 't_personal'] });

beforeAll(async () => {
  await t.server.ctx.db.exec(`
    create schema t_personal;
    create table t_personal.articles (id int primary key, title text not null);
    create table t_personal.notes (id int primary key, article_id int references t_personal.articles(id), body text);
    insert into t_personal.articles values (1, 'Catatan pribadi');
    insert into t_personal.notes values (1, 1, 'isi');
    set check_function_bodies = off;
    create function t_personal.title_of(wanted int) returns text language sql stable as $$ select title from articles where id = wanted $$;
    grant usage on schema t_personal to anon, service_role;
    grant select on all tables in schema t_personal to anon;
    grant all on all tables in schema t_personal to service_role;
    grant execute on function t_personal.title_of(int) to anon;`);
  await t.server.schemaChanged();
});

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown; key?: string } = {}) {
  const key = init.key ?? t.server.anonKey;
  return fetch(`${t.url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: t.server.anonKey, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('schema profiles', () => {
  test('Accept-Profile reads the chosen schema, with its own relationships, and says so', async () => {
    const response = await send('articles?select=title,notes(body)', { headers: { 'Accept-Profile': 't_personal' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-profile')).toBe('t_personal');
    expect(await response.json()).toEqual([{ title: 'Catatan pribadi', notes: [{ body: 'isi' }] }]);
    const site = await send('articles?select=id&limit=1', { headers: { 'Accept-Profile': 'public' } });
    expect(site.headers.get('content-profile')).toBe('public');
  });

  test('without a profile the first schema is read', async () => {
    const response = await send('notes?select=id');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('42P01');
  });

  test('Content-Profile writes and calls in the chosen schema; its functions resolve names there', async () => {
    const insert = await send('notes', {
      method: 'POST', key: t.server.serviceKey, body: { id: 2, article_id: 1, body: 'kedua' },
      headers: { 'Content-Profile': 't_personal', Prefer: 'return=representation' },
    });
    expect(insert.status).toBe(201);
    expect(await insert.json()).toEqual([{ id: 2, article_id: 1, body: 'kedua' }]);
    const call = await send('rpc/title_of', { method: 'POST', body: { wanted: 1 }, headers: { 'Content-Profile': 't_personal' } });
    expect(call.status).toBe(200);
    expect(await call.json()).toBe('Catatan pribadi');
  });

  test('a schema not listed is refused, even for the service role, and nothing is written', async () => {
    for (const schema of ['auth', 'storage', 'private', 'pg_catalog']) {
      const read = await send('users?select=*', { key: t.server.serviceKey, headers: { 'Accept-Profile': schema } });
      expect(read.status).toBe(406);
      expect(await read.json()).toEqual({
        code: 'PGRST106', details: null, hint: null, message: 'The schema must be one of the following: public, t_personal',
      });
    }
    const write = await send('notes', {
      method: 'POST', key: t.server.serviceKey, body: { id: 3, body: 'x' }, headers: { 'Content-Profile': 'auth' },
    });
    expect(write.status).toBe(406);
    expect((await t.server.ctx.db.query('select 1 from t_personal.notes where id = 3')).rowCount).toBe(0);
  });
});

describe('the default exposes public only', () => {
  const site = useTestServer();

  test('another profile is refused', async () => {
    const response = await fetch(`${site.url}/rest/v1/users?select=*`, {
      headers: { apikey: site.server.serviceKey, Authorization: `Bearer ${site.server.serviceKey}`, 'Accept-Profile': 'auth' },
    });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({ code: 'PGRST106', message: 'The schema must be one of the following: public' });
    expect(response.headers.get('content-profile')).toBeNull();
  });
});
