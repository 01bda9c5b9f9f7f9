/**
 * An anonymous sign-in's token (role `authenticated`, `is_anonymous: true`) against every table and
 * view of the exposed schema and every site bucket: it reads what a visitor reads and writes
 * nothing. Checked in SQL as the token's claims (what a hosted project with anonymous sign-ins on
 * enforces) and through the REST and Storage APIs. A table added later is covered by the loops.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Rollback } from '../../server/db/adapter.ts';
import { asRequest, type JwtClaims } from '../../server/db/request-context.ts';
import { joined } from '../realtime/channels.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ authAnonymousSignIns: true });
const SITE_BUCKETS = ['article_images', 'avatars', 'gallery_photos', 'unit_photos', 'documents'];
const VISITOR: JwtClaims = { role: 'anon' };
let anonymous: { token: string; claims: JwtClaims; id: string };
let staffId: string;

const db = () => t.server.ctx.db;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs `sql` as the caller and undoes it: rows touched, or the error's SQLSTATE. */
async function as(claims: JwtClaims, sql: string): Promise<number | string> {
  try {
    return await asRequest(db(), { claims, method: 'POST', path: '/rest/v1/x' }, async (tx) => {
      const result = await tx.query(sql);
      throw new Rollback(result.rows.length);
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as number;
    return (error as { code?: string }).code ?? String(error);
  }
}

beforeAll(async () => {
  staffId = (await t.createUser({ role: 'admin' })).id;
  await t.createUser({ role: 'user', status: 'pending' });
  const service = t.service();
  const now = new Date(Date.now() - 60_000).toISOString();
  for (const [published, title] of [[now, 'Terbit'], [null, 'Draf']] as const) {
    const { error } = await service.from('articles').insert({ title, content: '<p>Isi</p>', author_id: staffId, published_at: published });
    expect(error).toBeNull();
  }
  expect((await service.from('galleries').insert({ name: 'Latihan' })).error).toBeNull();
  expect((await service.from('contacts').insert({ name: 'Warga', email: 'warga@example.com', message: 'Halo' })).error).toBeNull();
  for (const bucket of SITE_BUCKETS) {
    await db().query(
      `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3::text)`,
      [bucket, `${staffId}/berkas.png`, staffId]);
  }
  anonymous = await signInAnonymously();
});

async function signInAnonymously(): Promise<{ token: string; claims: JwtClaims; id: string }> {
  const res = await fetch(`${t.url}/auth/v1/signup`, {
    method: 'POST', headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json' }, body: '{}',
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as JwtClaims;
  expect(claims.is_anonymous).toBe(true);
  return { token: session.access_token, claims, id: session.user.id };
}

const relations = async (kinds: string[]) =>
  (await db().query<{ name: string; column: string }>(
    `select c.relname as name, (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0
       and not a.attisdropped and a.attgenerated = '' and a.attidentity = '' order by a.attnum limit 1) as column
     from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = any($1) order by 1`, [kinds])).rows;

describe('an anonymous user in the database', () => {
  it('reads in every table and view exactly the rows a visitor reads', async () => {
    const visitor: Record<string, number> = {};
    const signedInAnonymously: Record<string, number> = {};
    for (const { name } of await relations(['r', 'v'])) {
      const sql = `select 1 from public.${quote(name)}`;
      const rows = (result: number | string) => (typeof result === 'number' ? result : 0);
      visitor[name] = rows(await as(VISITOR, sql));
      signedInAnonymously[name] = rows(await as(anonymous.claims, sql));
    }
    expect(signedInAnonymously).toEqual(visitor);
    // the comparison means something: there are rows a visitor reads and rows it does not
    expect(visitor.articles).toBe(1);
    expect(Object.values(visitor).some((n) => n > 0)).toBe(true);
  });

  it('inserts, updates and deletes nothing in any table', async () => {
    const outcomes: Record<string, (number | string)[]> = {};
    for (const { name, column } of await relations(['r'])) {
      const table = `public.${quote(name)}`;
      outcomes[name] = [
        await as(anonymous.claims, `insert into ${table} default values returning 1`),
        await as(anonymous.claims, `update ${table} set ${quote(column)} = ${quote(column)} returning 1`),
        await as(anonymous.claims, `delete from ${table} returning 1`),
      ];
    }
    for (const [name, [insert, update, remove]] of Object.entries(outcomes)) {
      // refused by the policies or, before them, by a trigger's own check: no row either way
      expect(typeof insert, `insert into ${name}`).toBe('string');
      expect([0, '42501'], `update ${name}`).toContain(update);
      expect([0, '42501'], `delete from ${name}`).toContain(remove);
    }
    // the updates and deletes had rows to reach, had the rules let them
    const { rows } = await db().query<{ n: number }>('select count(*)::int as n from public.articles');
    expect(rows[0]!.n).toBe(2);
  });

  it('cannot send a contact message, which a visitor can', async () => {
    const message = { name: 'Tamu', email: 'tamu@example.com', message: 'Pesan' };
    expect((await t.withToken(anonymous.token).from('contacts').insert(message)).error?.code).toBe('42501');
    expect((await t.anon().from('contacts').insert(message)).error).toBeNull();
  });

  it('has no staff role even if a profile were made approved for it', async () => {
    // its own anonymous user: removing the profile afterwards removes the account too
    const intruder = await signInAnonymously();
    await db().query(
      `insert into public.profiles (id, full_name, role, status) values ($1, 'Menyusup', 'superadmin', 'approved')`, [intruder.id]);
    try {
      const client = t.withToken(intruder.token);
      expect((await client.from('articles').select('title')).data?.map((a) => a.title)).toEqual(['Terbit']);
      expect((await client.from('audit_log').select('id')).data).toEqual([]);
      expect((await client.from('galleries').insert({ name: 'Palsu' })).error?.code).toBe('42501');
      expect((await client.rpc('get_all_users')).data ?? []).toEqual([]);
      expect((await client.rpc('members_with_second_step')).error?.code).toBe('42501');
      expect((await client.rpc('last_backup')).data).toEqual([]);
      expect((await client.rpc('disk_space')).data ?? []).toEqual([]);
      expect((await client.from('security_settings').select('*')).data).toEqual([]);
    } finally {
      await db().query('delete from public.profiles where id = $1', [intruder.id]);
    }
  });
});

describe("an anonymous user in the site's buckets", () => {
  const headers = () => ({ apikey: t.server.anonKey, Authorization: `Bearer ${anonymous.token}` });

  it('lists nothing and uploads, replaces or removes nothing', async () => {
    const storage = t.withToken(anonymous.token).storage;
    for (const bucket of SITE_BUCKETS) {
      const { data, error } = await storage.from(bucket).list(staffId);
      expect(error, bucket).toBeNull();
      expect(data, bucket).toEqual([]);
      const upload = await fetch(`${t.url}/storage/v1/object/${bucket}/${anonymous.id}/tamu.png`, {
        method: 'POST', headers: { ...headers(), 'Content-Type': 'image/png', 'x-upsert': 'true' },
        body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      });
      expect([400, 403], bucket).toContain(upload.status);
      const replace = await fetch(`${t.url}/storage/v1/object/${bucket}/${staffId}/berkas.png`, {
        method: 'PUT', headers: { ...headers(), 'Content-Type': 'image/png' }, body: new Uint8Array([1]),
      });
      expect([400, 403, 404], bucket).toContain(replace.status);
      await storage.from(bucket).remove([`${staffId}/berkas.png`]);
    }
    const { rows } = await db().query<{ bucket_id: string }>(
      `select bucket_id from storage.objects where name = $1 or name like $2 order by 1`, [`${staffId}/berkas.png`, `${anonymous.id}/%`]);
    expect(rows.map((r) => r.bucket_id)).toEqual([...SITE_BUCKETS].sort());
  });
});

describe('an anonymous user in realtime', () => {
  it('joins no private channel: the site has no policy on realtime.messages, as for a visitor', async () => {
    const client = t.withToken(anonymous.token);
    try {
      await expect(joined(client.channel('artikel-disunting', { config: { private: true } })))
        .rejects.toThrow(/You do not have permissions to read from this Channel topic: artikel-disunting/);
    } finally {
      await client.removeAllChannels();
    }
  });
});
