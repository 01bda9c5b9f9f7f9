/**
 * Issue 45 item 4: this server in front of a hosted Supabase project. A PostgreSQL 15 made to look
 * like one: Supabase's auth and storage schemas belong to its own roles, the site's migrations
 * were applied by the project's admin, and DATABASE_URL names a role that owns none of them. The
 * server starts without touching the schema, answers none of the project's APIs itself, and its
 * workers mail an approval and a held save that the project's API (played here by SQL under the
 * `authenticated` role with a member's JWT claims, as PostgREST runs it) caused.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import { createUser } from '../../server/auth/accounts.ts';
import { applyMigrations, applyPlatform } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { mailbox } from '../auth/helpers.ts';
import { purgeEndpoint } from '../cdn/purge-endpoint.ts';
import { startPostgres15, type Postgres15 } from '../support/pg15.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 60_000 });

const SERVER_ROLE = 'site_server';
let cluster: Postgres15;
let admin: Db;
let siteUrl: string;
let server: TestServer | undefined;
let cdn: Awaited<ReturnType<typeof purgeEndpoint>>;

/**
 * What the hosted project's own roles hold, and what its `postgres` role (not a superuser, but
 * BYPASSRLS and the owner of what `supabase db push` made) may do with the site's tables.
 */
async function lookHosted(db: Db) {
  await db.transaction((tx) => tx.exec(`
    create role supabase_auth_admin nologin;
    create role supabase_storage_admin nologin;
    alter schema auth owner to supabase_auth_admin;
    alter schema storage owner to supabase_storage_admin;
    create role ${SERVER_ROLE} login bypassrls;
    grant usage on schema public, private, auth, supabase_migrations to ${SERVER_ROLE};
    grant select, insert, update, delete on all tables in schema public, private to ${SERVER_ROLE};
    grant usage on all sequences in schema public, private to ${SERVER_ROLE};
    grant execute on all functions in schema private to ${SERVER_ROLE};
    grant select on auth.users to ${SERVER_ROLE};
    grant select on supabase_migrations.schema_migrations to ${SERVER_ROLE};`));
}

/** An operator command as its own process, as `npm run <command>` starts it, against the hosted database. */
function cli(file: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: siteUrl, DATA_DIR: server!.dataDir };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', `server/cli/${file}`, ...args], { env: { ...base, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** As the hosted REST API runs a member's request: role authenticated, the JWT's claims set. */
async function asMember(userId: string, sql: string, params: unknown[] = []) {
  const sessionId = crypto.randomUUID();
  await admin.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal2')`, [sessionId, userId]);
  const claims = JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated', session_id: sessionId, aal: 'aal2', amr: [] });
  return admin.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [claims]);
    return tx.query(sql, params);
  });
}

beforeAll(async () => {
  cdn = await purgeEndpoint();
  cluster = await startPostgres15();
  const url = await cluster.createDatabase();
  admin = await openPostgres(url);
  await applyPlatform(admin);
  await applyMigrations(admin);
  await lookHosted(admin);
  siteUrl = url.replace('postgres://postgres@', `postgres://${SERVER_ROLE}@`);
});

afterAll(async () => {
  await server?.stop();
  await admin?.close();
  await cluster?.stop();
  await cdn?.close();
});

describe('DATABASE_URL of a hosted project with SUPABASE_URL and SUPABASE_ANON_KEY', () => {
  const hostedApi = { supabaseUrl: 'https://proyek.supabase.co', supabaseAnonKey: 'anon-key-of-the-project' };
  const cdnPurge = { url: '', token: 'cf-token-uji', format: 'cloudflare' as const };

  it('starts in front of it without changing its schema, and answers none of its APIs', async () => {
    const schemaBefore = (await admin.query<{ n: number }>(`select count(*)::int as n from pg_trigger where not tgisinternal`)).rows[0].n;
    server = await startTestServer({ databaseUrl: siteUrl, ...hostedApi, cdnPurge: { ...cdnPurge, url: cdn.url } });
    expect(server.hosted).toBe(true);
    expect((await admin.query<{ n: number }>(`select count(*)::int as n from pg_trigger where not tgisinternal`)).rows[0].n).toBe(schemaBefore);
    for (const path of ['/rest/v1/articles', '/auth/v1/settings', '/storage/v1/bucket']) {
      expect((await fetch(`${server.url}${path}`, { headers: { apikey: server.anonKey } })).status).toBe(404);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // one server alone on the database holds the job lock: the scheduled jobs run here
    await vi.waitFor(() => expect(server!.jobs.leads()).toBe(true), { timeout: 15_000 });
  });

  it('mails the member a superadmin approved through the project', async () => {
    const boss = await createUser(admin, { email: 'kapten@example.com', password: 'rahasia-123', role: 'superadmin', status: 'approved', fullName: 'Kapten Super', confirmed: true });
    const member = await createUser(admin, { email: 'pratu@example.com', password: 'rahasia-123', status: 'pending', fullName: 'Pratu Menunggu', confirmed: true });
    const updated = await asMember(boss.id, `update public.profiles set status = 'approved' where id = $1`, [member.id]);
    expect(updated.rowCount).toBe(1);
    await vi.waitFor(async () => {
      const mails = (await mailbox(server!)).filter((m) => m.to === 'pratu@example.com');
      expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('telah disetujui')]);
      expect(mails[0].text).toContain('Halo Pratu Menunggu,');
    }, { timeout: 15_000 });
    // the worker deletes the notice once the mail is sent: shortly after the mail is in the box
    await vi.waitFor(async () => expect((await admin.query('select 1 from private.account_notices')).rows).toEqual([]), { timeout: 5_000 });
  });

  it('mails the superadmins a save the guard held', async () => {
    const writer = await createUser(admin, { email: 'serda@example.com', password: 'rahasia-123', role: 'admin', status: 'approved', fullName: 'Serda Penulis', confirmed: true });
    await asMember(writer.id, `insert into public.articles (title, content, author_id, published_at) values ('Promo Baru', '<p>situs gacor</p>', $1, now())`, [writer.id]);
    expect((await admin.query(`select status from public.integrity_holds where label = 'Promo Baru'`)).rows).toEqual([{ status: 'pending' }]);
    await vi.waitFor(async () => {
      const mails = (await mailbox(server!)).filter((m) => m.to === 'kapten@example.com' && m.subject.startsWith('Integritas Situs'));
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('Promo Baru');
    }, { timeout: 15_000 });
  });

  it('purges from the CDN an article published through the project', async () => {
    const writer = (await admin.query<{ id: string }>(`select id from public.profiles where email = 'serda@example.com'`)).rows[0];
    const { rows } = await asMember(writer.id, `insert into public.articles (title, content, author_id, published_at) values ('Latihan Terbang Malam', '<p>Latihan rutin.</p>', $1, now()) returning id`, [writer.id]);
    const call = await cdn.callWith(`article-${(rows[0] as { id: string }).id}`);
    expect(call).toMatchObject({ method: 'POST', authorization: 'Bearer cf-token-uji' });
  });

  it('runs the integrity watch beside the workers, and records its run on the project', async () => {
    const before = (await admin.query<{ id: number }>('select coalesce(max(id), 0)::int as id from private.integrity_runs')).rows[0].id;
    await server!.integrityWatch.runNow();
    const { rows } = await admin.query('select error, finished_at is not null as finished from private.integrity_runs where id > $1', [before]);
    expect(rows).toEqual([{ error: null, finished: true }]);
  });

  it('doctor and integrity report what applies to the hosted project and succeed', async () => {
    // the held save of an earlier test would rightly fail both: a superadmin rejects it first
    await admin.query(`update public.integrity_holds set status = 'rejected' where label = 'Promo Baru'`);
    const doctor = await cli('doctor.ts', [], {
      SUPABASE_URL: hostedApi.supabaseUrl, SUPABASE_ANON_KEY: hostedApi.supabaseAnonKey, SITE_URL: 'https://skadron.example.id', TRUST_PROXY: '127.0.0.1',
    });
    expect(doctor.stderr).toBe('');
    expect(doctor.stdout).toMatch(/^ok {4}database: a hosted Supabase project's database; all \d+ migrations of this site are recorded there$/m);
    expect(doctor.stdout).toContain('ok    project API: pages are rendered from https://proyek.supabase.co');
    expect(doctor.stdout).toMatch(/^WARN {2}SMTP: SMTP_URL is not set/m);
    expect(doctor.stdout).toMatch(/^ok {4}integrity: nothing open; last run /m);
    // what Supabase keeps is not looked for here
    expect(doctor.stdout).not.toMatch(/^(ok|WARN|FAIL) +(backup|free disk|data directory|S3)/m);
    expect(doctor.code).toBe(0);
    const integrity = await cli('integrity.ts', []);
    expect(integrity.stderr).toBe('');
    expect(integrity.stdout).toMatch(/^Nothing found \(0 pages looked at\)\.$/m);
    expect(integrity.code).toBe(0);
  }, 120_000);

  it('refuses the commands that manage what Supabase keeps, saying where to do it instead', async () => {
    const users = await cli('user.ts', ['set-status', '--email', 'pratu@example.com', '--status', 'suspended']);
    expect(users.code).toBe(1);
    expect(users.stderr.trim()).toBe('Error: npm run user does not apply to a hosted Supabase project (DATABASE_URL belongs to one): '
      + "the project's Auth holds the accounts; create users, reset passwords and remove second steps in the Supabase dashboard, "
      + 'Authentication > Users, and approve or suspend members on /admin/users as a superadmin.');
    expect((await admin.query(`select status from public.profiles where email = 'pratu@example.com'`)).rows).toEqual([{ status: 'approved' }]);
    const keys = await cli('keys.ts', ['rotate']);
    expect(keys.code).toBe(1);
    expect(keys.stderr).toContain('npm run keys does not apply to a hosted Supabase project');
    expect(keys.stderr).toContain('Supabase dashboard, Project Settings > JWT Keys');
    const backup = await cli('backup.ts', []);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('Database > Backups');
    expect(backup.stdout).toBe('');
  }, 150_000);

  it('refuses to start while a migration of the site is missing from the project', async () => {
    const { rows } = await admin.query<{ version: string }>('delete from supabase_migrations.schema_migrations where version = (select max(version) from supabase_migrations.schema_migrations) returning version');
    try {
      await expect(startTestServer({ databaseUrl: siteUrl, ...hostedApi })).rejects.toThrow(
        new RegExp(`^The hosted project lacks 1 of this site's migrations \\(first: ${rows[0].version}_.*\\)\\. Apply them with "npx supabase db push"`));
    } finally {
      await admin.query('insert into supabase_migrations.schema_migrations (version) values ($1)', [rows[0].version]);
    }
  });
});
