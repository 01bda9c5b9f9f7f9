/**
 * The media types PostgREST 12 answers in besides JSON: text/csv, application/geo+json, JSON with
 * `nulls=stripped`, and the query plan (application/vnd.pgrst.plan), which is off unless switched
 * on (REST_PLAN or the database's pgrst.db_plan_enabled) and never keeps what an ANALYZE ran.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ restPlan: true });

beforeAll(async () => {
  await t.server.ctx.db.exec(`
    create table public.t_media (id int primary key, name text, note text, tags text[]);
    grant select on public.t_media to anon;
    grant all on public.t_media to service_role;
    insert into public.t_media values (1, 'Alpha', null, '{a,b}'), (2, 'Beta, "B"', 'ada', '{}');
    -- a stand-in for PostGIS's ST_AsGeoJSON(record), which the embedded PostgreSQL does not have
    create function public.st_asgeojson(r anyelement) returns text language sql immutable as
      $$ select json_build_object('type', 'Feature', 'geometry', null, 'properties', to_json(r))::text $$;
    create function public.t_media_names() returns setof public.t_media language sql stable as $$ select * from public.t_media order by id $$;
    grant execute on function public.t_media_names() to anon;`);
  await t.server.schemaChanged();
});

function get(path: string, accept: string, key = t.server.anonKey) {
  return fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${key}`, Accept: accept } });
}

describe('media types', () => {
  test('text/csv: a header of the columns, then one line per row, quoted as PostgreSQL writes records', async () => {
    const response = await get('t_media?select=id,name,note,tags&order=id', 'text/csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await response.text()).toBe('id,name,note,tags\n1,Alpha,,"{a,b}"\n2,"Beta, ""B""",ada,{}');
    expect(await (await get('rpc/t_media_names?select=id', 'text/csv')).text()).toBe('id\n1\n2');
  });

  test('nulls=stripped leaves out null values, for lists and for one object', async () => {
    const list = await get('t_media?select=id,note&order=id', 'application/vnd.pgrst.array+json;nulls=stripped');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(await list.json()).toEqual([{ id: 1 }, { id: 2, note: 'ada' }]);
    const one = await get('t_media?select=id,note&id=eq.1', 'application/vnd.pgrst.object+json;nulls=stripped');
    expect(await one.json()).toEqual({ id: 1 });
  });

  test('application/geo+json: the rows as a FeatureCollection of ST_AsGeoJSON features', async () => {
    const response = await get('t_media?select=id&order=id', 'application/geo+json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(await response.json()).toEqual({
      type: 'FeatureCollection',
      features: [1, 2].map((id) => ({ type: 'Feature', geometry: null, properties: { id } })),
    });
  });

  test('the plan of a read, as JSON or text', async () => {
    const json = await get('t_media?select=id', 'application/vnd.pgrst.plan+json; for="application/json"');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
    const [plan] = await json.json() as { Plan: { 'Node Type': string } }[];
    expect(plan.Plan['Node Type']).toBe('Aggregate');
    const text = await get('t_media?select=id', 'application/vnd.pgrst.plan; options=verbose');
    expect(await text.text()).toMatch(/^Aggregate {2}\(cost=/);
  });

  test('EXPLAIN ANALYZE of a write runs it but keeps nothing', async () => {
    const response = await fetch(`${t.url}/rest/v1/t_media?id=eq.1`, {
      method: 'DELETE',
      headers: { apikey: t.server.anonKey, Authorization: `Bearer ${t.server.serviceKey}`, Accept: 'application/vnd.pgrst.plan+json; options=analyze' },
    });
    expect(response.status).toBe(200);
    const [plan] = await response.json() as { Plan: { 'Actual Rows': number } }[];
    expect(plan.Plan['Actual Rows']).toBe(1);
    expect((await t.server.ctx.db.query('select 1 from public.t_media where id = 1')).rowCount).toBe(1);
  });

  test('unknown media types and plan options are refused with PGRST107', async () => {
    for (const accept of ['text/xml', 'application/vnd.pgrst.plan+json; options=drop']) {
      const response = await get('t_media?select=id', accept);
      expect(response.status).toBe(406);
      expect((await response.json()).code).toBe('PGRST107');
    }
  });
});

describe('plans switched off (the default)', () => {
  const off = useTestServer();

  test('the plan media type is not offered', async () => {
    const response = await fetch(`${off.url}/rest/v1/articles?select=id`, {
      headers: { apikey: off.server.anonKey, Accept: 'application/vnd.pgrst.plan+json' },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/vnd.pgrst.plan+json' });
  });
});
