/**
 * Which function a call reaches, as PostgREST 12 chooses: argument names against required and
 * optional parameters, a single unnamed json/jsonb/text parameter taking the whole body, functions
 * with other unnamed parameters not callable at all (never SQL PostgreSQL rejects), ambiguity
 * answered 300 PGRST203 with the candidates sorted.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

beforeAll(async () => {
  await t.server.ctx.db.exec(`
    create function public.t_overload(a text) returns text language sql as $$ select 'text:' || a $$;
    create function public.t_overload(a int) returns text language sql as $$ select 'int:' || a $$;
    create function public.t_overload(b int, c int default 1) returns int language sql as 'select b + c';
    create function public.t_unnamed_json(json) returns text language sql as $$ select $1->>'kata' $$;
    create function public.t_unnamed_text(text) returns text language sql as $$ select 'isi ' || $1 $$;
    create function public.t_unnamed_int(int) returns int language sql as 'select 1';
    create function public.t_defaults() returns int language sql as 'select 1';
    create function public.t_defaults(text default 'x') returns text language sql as $$ select 'foo' $$;
    grant execute on all functions in schema public to anon;`);
  await t.server.schemaChanged();
});

function call(name: string, body?: unknown) {
  const key = t.server.anonKey;
  return fetch(`${t.url}/rest/v1/rpc/${name}`, {
    method: 'POST', headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('function overloads', () => {
  test('the same argument names with different types are ambiguous, listed sorted', async () => {
    const response = await call('t_overload', { a: 'x' });
    expect(response.status).toBe(300);
    expect(await response.json()).toEqual({
      code: 'PGRST203', details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: 'Could not choose the best candidate function between: public.t_overload(a => integer), public.t_overload(a => text)',
    });
  });

  test('other argument names reach the overload that has them, optional ones included', async () => {
    expect(await (await call('t_overload', { b: 2 })).json()).toBe(3);
    expect(await (await call('t_overload', { b: 2, c: 5 })).json()).toBe(7);
    const unknown = await call('t_overload', { b: 2, d: 5 });
    expect(unknown.status).toBe(404);
    expect((await unknown.json() as { code: string }).code).toBe('PGRST202');
  });

  test('a single unnamed json or text parameter takes the whole body', async () => {
    expect(await (await call('t_unnamed_json', { kata: 'halo' })).json()).toBe('halo');
    expect(await (await call('t_unnamed_text', { '': 'x' })).json()).toBe('isi {"":"x"}');
  });

  test('a function with an unnamed parameter of another type cannot be called, and no SQL error leaks', async () => {
    const response = await call('t_unnamed_int', { '': 1 });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.t_unnamed_int() in the schema cache' });
  });

  test('no arguments matches both the function without parameters and one whose only parameter has a default', async () => {
    const response = await call('t_defaults');
    expect(response.status).toBe(300);
    expect((await response.json() as { message: string }).message)
      .toBe('Could not choose the best candidate function between: public.t_defaults(), public.t_defaults( => text)');
    expect(await (await call('t_defaults', { '': 'y' })).json()).toBe('foo');
  });
});
