/**
 * Computed fields and computed relationships, as PostgREST 12: a function of the exposed schema
 * taking a row of a table is selected, filtered and ordered like a column (never part of `*`), or,
 * when it returns rows of a table, embedded by its name. The function runs as the caller, so
 * row-level security and EXECUTE grants still decide what it sees.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

beforeAll(async () => {
  await t.server.ctx.db.exec(`
    create table public.t_units (id int primary key, name text not null);
    create table public.t_notes (id int primary key, unit_id int references public.t_units(id), body text not null, secret boolean not null default false);
    alter table public.t_units enable row level security;
    alter table public.t_notes enable row level security;
    create policy t_units_read on public.t_units for select to anon, authenticated, service_role using (true);
    create policy t_notes_read on public.t_notes for select to anon, authenticated using (not secret);
    create policy t_notes_service on public.t_notes for all to service_role using (true) with check (true);
    grant select on public.t_units, public.t_notes to anon, authenticated, service_role;
    grant insert on public.t_notes to service_role;
    insert into public.t_units values (1, 'Skadron'), (2, 'Hanggar');
    insert into public.t_notes values (1, 1, 'Halo dunia', false), (2, 1, 'Rahasia negara', true), (3, 2, 'Apel pagi', false), (4, 1, 'Briefing', false);
    create function public.t_blurb(public.t_notes) returns text language sql stable as $$ select left($1.body, 3) $$;
    create function public.t_unit_notes(public.t_units) returns setof public.t_notes language sql stable as
      $$ select * from public.t_notes where unit_id = $1.id order by id $$;
    create function public.t_first_note(public.t_units) returns setof public.t_notes language sql stable rows 1 as
      $$ select * from public.t_notes where unit_id = $1.id order by id limit 1 $$;
    create function public.t_note_unit(public.t_notes) returns public.t_units language sql stable as
      $$ select * from public.t_units where id = $1.unit_id $$;
    create function public.t_note_count(public.t_units) returns bigint language sql stable as
      $$ select count(*) from public.t_notes where unit_id = $1.id $$;
    create function public.t_unit_notes_by(unit int) returns setof public.t_notes language sql stable as
      $$ select * from public.t_notes where unit_id = unit order by id $$;
    create function public.t_guarded(public.t_notes) returns text language sql stable as $$ select 'x' $$;
    revoke execute on function public.t_guarded(public.t_notes) from public, anon;
    create schema if not exists t_hidden_fns;
    create function t_hidden_fns.t_hidden(public.t_notes) returns text language sql stable as $$ select 'bocor' $$;
    grant usage on schema t_hidden_fns to anon;
    grant execute on function t_hidden_fns.t_hidden(public.t_notes) to anon;`);
  await t.server.schemaChanged();
});

function get(path: string, key = t.server.anonKey) {
  return fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${key}` } });
}

describe('computed fields', () => {
  test('selected, filtered and ordered by name like a column', async () => {
    const response = await get('t_notes?select=id,t_blurb&t_blurb=in.(Hal,Bri)&order=t_blurb.desc');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1, t_blurb: 'Hal' }, { id: 4, t_blurb: 'Bri' }]);
  });

  test('`*` leaves them out; named beside it they are added, also under an alias', async () => {
    const [row] = await (await get('t_notes?select=*&id=eq.1')).json() as Record<string, unknown>[];
    expect(Object.keys(row).sort()).toEqual(['body', 'id', 'secret', 'unit_id']);
    expect(await (await get('t_notes?select=*,ringkas:t_blurb&id=eq.3')).json())
      .toEqual([{ id: 3, unit_id: 2, body: 'Apel pagi', secret: false, ringkas: 'Ape' }]);
  });

  test('row-level security applies inside the function', async () => {
    expect(await (await get('t_units?select=id,t_note_count&order=id')).json()).toEqual([{ id: 1, t_note_count: 2 }, { id: 2, t_note_count: 1 }]);
    expect(await (await get('t_units?select=id,t_note_count&order=id', t.server.serviceKey)).json()).toEqual([{ id: 1, t_note_count: 3 }, { id: 2, t_note_count: 1 }]);
  });

  test('on the rows a function call returns and the rows a write returns', async () => {
    const call = await get('rpc/t_unit_notes_by?unit=1&select=id,t_blurb');
    expect(await call.json()).toEqual([{ id: 1, t_blurb: 'Hal' }, { id: 4, t_blurb: 'Bri' }]);
    const write = await fetch(`${t.url}/rest/v1/t_notes?select=id,t_blurb`, {
      method: 'POST',
      headers: { apikey: t.server.anonKey, Authorization: `Bearer ${t.server.serviceKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation,tx=rollback' },
      body: JSON.stringify({ id: 9, unit_id: 2, body: 'Catatan baru' }),
    });
    expect(write.status).toBe(201);
    expect(await write.json()).toEqual([{ id: 9, t_blurb: 'Cat' }]);
  });

  test('a function the caller may not execute is refused, one of another schema is unknown', async () => {
    const guarded = await get('t_notes?select=id,t_guarded');
    expect(guarded.status).toBe(401);
    expect((await guarded.json()).code).toBe('42501');
    const hidden = await get('t_notes?select=id,t_hidden');
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ code: '42703', message: 'column t_notes.t_hidden does not exist' });
  });
});

describe('computed relationships', () => {
  test('a SETOF function embeds as a list, only the rows the caller may see', async () => {
    const response = await get('t_units?select=name,catatan:t_unit_notes(id,t_blurb)&order=id');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { name: 'Skadron', catatan: [{ id: 1, t_blurb: 'Hal' }, { id: 4, t_blurb: 'Bri' }] },
      { name: 'Hanggar', catatan: [{ id: 3, t_blurb: 'Ape' }] },
    ]);
  });

  test('a row-returning or ROWS 1 function embeds as one object, and nests further', async () => {
    expect(await (await get('t_notes?select=id,satuan:t_note_unit(name)&order=id')).json()).toEqual([
      { id: 1, satuan: { name: 'Skadron' } }, { id: 3, satuan: { name: 'Hanggar' } }, { id: 4, satuan: { name: 'Skadron' } },
    ]);
    expect(await (await get('t_units?select=id,t_first_note(body,t_note_unit(name))&order=id')).json()).toEqual([
      { id: 1, t_first_note: { body: 'Halo dunia', t_note_unit: { name: 'Skadron' } } },
      { id: 2, t_first_note: { body: 'Apel pagi', t_note_unit: { name: 'Hanggar' } } },
    ]);
  });

  test('!inner drops parents without rows; foreign keys still embed by table name', async () => {
    expect(await (await get('t_units?select=id,t_unit_notes!inner(id)&t_unit_notes.id=eq.3')).json()).toEqual([{ id: 2, t_unit_notes: [{ id: 3 }] }]);
    expect(await (await get('t_units?select=id,t_notes(id)&order=id')).json()).toEqual([{ id: 1, t_notes: [{ id: 1 }, { id: 4 }] }, { id: 2, t_notes: [{ id: 3 }] }]);
  });

  test('a function taking no row, or another table\'s row, is no relationship', async () => {
    const response = await get('t_notes?select=id,t_unit_notes(*)');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST200', hint: null,
      details: "Searched for a foreign key relationship between 't_notes' and 't_unit_notes' in the schema 'public', but no matches were found.",
      message: "Could not find a relationship between 't_notes' and 't_unit_notes' in the schema cache",
    });
    expect((await (await get('t_units?select=id,t_unit_notes_by(*)')).json()).code).toBe('PGRST200');
  });
});
