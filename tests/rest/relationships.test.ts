/**
 * Relationships PostgREST 12 derives beyond a table's own foreign keys: views carry the keys of the
 * table columns they show (both ways, and to other views), and a table whose primary key is made of
 * two foreign keys joins the tables they reference many-to-many. Row-level security of every table
 * involved, the junction included, still decides.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

beforeAll(async () => {
  await t.server.ctx.db.exec(`
    create table public.t_crews (id int primary key, name text not null);
    create table public.t_flights (id int primary key, crew_id int references public.t_crews(id), route text);
    create view public.t_crew_names with (security_invoker = true) as select id as crew_key, name from public.t_crews;
    create view public.t_long_flights with (security_invoker = true) as select id, crew_id, route from public.t_flights where id > 1;
    create table public.t_skills (id int primary key, label text);
    create table public.t_crew_skills (crew_id int references public.t_crews(id), skill_id int references public.t_skills(id), hidden boolean not null default false,
      primary key (crew_id, skill_id));
    alter table public.t_crew_skills enable row level security;
    create policy t_crew_skills_read on public.t_crew_skills for select to anon using (not hidden);
    grant select on public.t_crews, public.t_flights, public.t_crew_names, public.t_long_flights, public.t_skills, public.t_crew_skills to anon;
    insert into public.t_crews values (1, 'Elang'), (2, 'Rajawali');
    insert into public.t_flights values (1, 1, 'Semarang'), (2, 1, 'Jakarta'), (3, 2, 'Bandung');
    insert into public.t_skills values (1, 'Malam'), (2, 'SAR'), (3, 'Rahasia');
    insert into public.t_crew_skills values (1, 1, false), (1, 2, false), (1, 3, true), (2, 2, false);`);
  await t.server.schemaChanged();
});

function get(path: string) {
  return fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${t.server.anonKey}` } });
}

describe('views', () => {
  test('a view embeds the table its key column references, under its own column name', async () => {
    const response = await get('t_long_flights?select=route,t_crews(name)&order=id');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ route: 'Jakarta', t_crews: { name: 'Elang' } }, { route: 'Bandung', t_crews: { name: 'Rajawali' } }]);
  });

  test('a table embeds a view showing the referenced column renamed, and views embed views', async () => {
    expect(await (await get('t_flights?select=id,t_crew_names(name)&order=id')).json()).toEqual([
      { id: 1, t_crew_names: { name: 'Elang' } }, { id: 2, t_crew_names: { name: 'Elang' } }, { id: 3, t_crew_names: { name: 'Rajawali' } },
    ]);
    expect(await (await get('t_crew_names?select=name,t_long_flights(route)&order=crew_key')).json()).toEqual([
      { name: 'Elang', t_long_flights: [{ route: 'Jakarta' }] }, { name: 'Rajawali', t_long_flights: [{ route: 'Bandung' }] },
    ]);
  });

  test('a foreign-key column or constraint name as the target finds the table only, never a view', async () => {
    expect(await (await get('t_flights?select=id,crew_id(name)&id=eq.1')).json()).toEqual([{ id: 1, crew_id: { name: 'Elang' } }]);
    expect(await (await get('t_flights?select=id,t_flights_crew_id_fkey(name)&id=eq.3')).json()).toEqual([{ id: 3, t_flights_crew_id_fkey: { name: 'Rajawali' } }]);
  });
});

describe('many-to-many', () => {
  test('through the junction table, only the junction rows the caller may see', async () => {
    const response = await get('t_crews?select=name,t_skills(label)&order=id&t_skills.order=id');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { name: 'Elang', t_skills: [{ label: 'Malam' }, { label: 'SAR' }] },
      { name: 'Rajawali', t_skills: [{ label: 'SAR' }] },
    ]);
  });

  test('both ways, with !inner and a filter on the far table', async () => {
    expect(await (await get('t_skills?select=label,t_crews!inner(name)&t_crews.name=eq.Rajawali')).json()).toEqual([
      { label: 'SAR', t_crews: [{ name: 'Rajawali' }] },
    ]);
  });

  test('the junction name is accepted as a hint, any other hint finds nothing', async () => {
    expect((await get('t_crews?select=t_skills!t_crew_skills(label)')).status).toBe(200);
    const response = await get('t_crews?select=t_skills!t_flights(label)');
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('PGRST200');
  });
});
