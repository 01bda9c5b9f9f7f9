/**
 * Prefer headers that decide whether a write is kept: `tx=rollback` (PostgREST's db-tx-end
 * commit-allow-override, our default), `handling=strict` with `max-affected` (PostgREST 12.2+:
 * PGRST124, rolled back; 13+: PGRST128 for a function that returns one row), and `handling=strict`
 * refusing what it does not recognise (PGRST122). Function results carry only the function's columns.
 */
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

async function titles(marker: string): Promise<string[]> {
  const { rows } = await t.server.ctx.db.query<{ title: string }>(
    'select title from public.articles where title like $1 order by title', [`${marker}%`]);
  return rows.map((r) => r.title);
}

function rest(path: string, init: { method?: string; prefer?: string; body?: unknown; token?: string } = {}) {
  const token = init.token ?? t.server.serviceKey;
  const headers: Record<string, string> = { apikey: t.server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  if (init.prefer) headers.Prefer = init.prefer;
  return fetch(`${t.url}/rest/v1/${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

async function seed(marker: string, n: number): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({ title: `${marker} ${i}`, content: 'isi' }));
  const response = await rest('articles', { method: 'POST', body: rows });
  expect(response.status).toBe(201);
}

describe('Prefer: tx=rollback', () => {
  test('an insert answers its rows and keeps none of them', async () => {
    const { data, error, status } = await t.service().from('articles')
      .insert([{ title: 'rollback-ins 1', content: 'isi' }, { title: 'rollback-ins 2', content: 'isi' }])
      .select('title').rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ title: 'rollback-ins 1' }, { title: 'rollback-ins 2' }]);
    expect(await titles('rollback-ins')).toEqual([]);
  });

  test('an update and a delete are undone, and the preference is reported applied', async () => {
    await seed('rollback-upd', 2);
    const patched = await rest('articles?title=like.rollback-upd*', { method: 'PATCH', prefer: 'return=minimal, tx=rollback', body: { title: 'rollback-upd changed' } });
    expect(patched.status).toBe(204);
    expect(patched.headers.get('preference-applied')).toBe('return=minimal, tx=rollback');
    const deleted = await rest('articles?title=like.rollback-upd*', { method: 'DELETE', prefer: 'tx=rollback' });
    expect(deleted.status).toBe(204);
    expect(await titles('rollback-upd')).toEqual(['rollback-upd 0', 'rollback-upd 1']);
  });

  test('tx=commit keeps the write', async () => {
    const response = await rest('articles', { method: 'POST', prefer: 'tx=commit', body: { title: 'commit-ins', content: 'isi' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('preference-applied')).toBe('tx=commit');
    expect(await titles('commit-ins')).toEqual(['commit-ins']);
  });
});

describe('Prefer: handling=strict, max-affected', () => {
  test('an update past the limit is refused with PGRST124 and nothing changes', async () => {
    await seed('maxaff-upd', 3);
    const response = await rest('articles?title=like.maxaff-upd*', { method: 'PATCH', prefer: 'handling=strict, max-affected=2', body: { category: 'Berita' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST124', details: 'The query affects 3 rows', hint: null, message: 'Query result exceeds max-affected preference constraint',
    });
    const { rows } = await t.server.ctx.db.query<{ n: number }>("select count(*)::int as n from public.articles where title like 'maxaff-upd%' and category = 'Berita'");
    expect(rows[0].n).toBe(0);
  });

  test('a delete past the limit asking for its rows keeps every row', async () => {
    await seed('maxaff-del', 3);
    const response = await rest('articles?title=like.maxaff-del*&select=title', { method: 'DELETE', prefer: 'handling=strict,max-affected=1,return=representation' });
    expect(response.status).toBe(400);
    expect((await response.json() as { code: string }).code).toBe('PGRST124');
    expect(await titles('maxaff-del')).toHaveLength(3);
  });

  test('within the limit the write is kept and both preferences are applied', async () => {
    await seed('maxaff-ok', 2);
    const response = await rest('articles?title=like.maxaff-ok*', { method: 'DELETE', prefer: 'handling=strict, max-affected=2' });
    expect(response.status).toBe(204);
    expect(response.headers.get('preference-applied')).toBe('handling=strict, max-affected=2');
    expect(await titles('maxaff-ok')).toEqual([]);
  });

  test('handling=lenient ignores the limit, as PostgREST does', async () => {
    await seed('maxaff-len', 3);
    const response = await rest('articles?title=like.maxaff-len*', { method: 'DELETE', prefer: 'handling=lenient, max-affected=1' });
    expect(response.status).toBe(204);
    expect(response.headers.get('preference-applied')).toBe('handling=lenient');
    expect(await titles('maxaff-len')).toEqual([]);
  });

  test('a function that returns one row refuses a limit with PGRST128', async () => {
    const response = await rest('rpc/is_http_url', { method: 'POST', prefer: 'handling=strict, max-affected=1', body: { url: 'https://contoh.id' } });
    expect(response.status).toBe(400);
    expect((await response.json() as { code: string }).code).toBe('PGRST128');
  });

  test('a function returning more rows than the limit is refused', async () => {
    await seed('zebrakuda', 2);
    const response = await rest('rpc/search_articles', { method: 'POST', prefer: 'handling=strict, max-affected=1', body: { q: 'zebrakuda' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' });
  });
});

describe('Prefer: handling=strict', () => {
  test('an unrecognised preference is refused with PGRST122 before anything is written', async () => {
    const response = await rest('articles', { method: 'POST', prefer: 'handling=strict, return=minimal, anything, tx=maybe', body: { title: 'strict-ins', content: 'isi' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST122', details: 'Invalid preferences: anything, tx=maybe', hint: null, message: 'Invalid preferences given with handling=strict',
    });
    expect(await titles('strict-ins')).toEqual([]);
  });

  test('handling=lenient lets them through', async () => {
    const response = await rest('articles?select=id&limit=1', { prefer: 'handling=lenient, anything' });
    expect(response.status).toBe(200);
  });
});

describe('function results', () => {
  test('rows of search_contact_messages carry exactly the columns of contacts', async () => {
    const { error: sent } = await t.anon().from('contacts').insert({ name: 'Budi', email: 'budi@contoh.id', message: 'rpc-cols pesan' });
    expect(sent).toBeNull();
    const { data, error } = await t.service().rpc('search_contact_messages', { q: 'rpc-cols' });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(Object.keys(data![0]).sort()).toEqual(
      ['archived_at', 'created_at', 'email', 'id', 'message', 'name', 'phone', 'read_at', 'sender_address', 'subject']);
  });
});
