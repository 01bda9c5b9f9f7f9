/**
 * Upgrades and what DATABASE_URL may be (issue 21, parts 4 and 7): a cluster of another
 * PostgreSQL major stops the start with the way across; migrations run once under a lock and a
 * failing one leaves the previous level; a database whose auth/storage schemas belong to another
 * role (a hosted Supabase project) is refused with what to use instead.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterVersionProblem } from '../../server/db/cluster-version.ts';
import { startEmbedded } from '../../server/db/embedded.ts';
import { applyMigrations, applyPlatform, migrationLevel, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { loadConfig } from '../../server/config.ts';
import { startServer } from '../../server/server.ts';
import { withDatabase } from '../support/template-db.ts';
import { asAdmin, clusterBase, emptyDatabase, tempDir } from './helpers.ts';

describe('PostgreSQL major of DATA_DIR/db', () => {
  it('a newer binary on an older cluster names both majors and the way across', () => {
    const dbDir = tempDir('skd-major-');
    writeFileSync(path.join(dbDir, 'PG_VERSION'), '17\n');
    const message = clusterVersionProblem(dbDir, 18);
    expect(message).toBe(`${dbDir} holds a PostgreSQL 17 database, but this version of the site runs PostgreSQL 18, which cannot open it. `
      + 'Backups are logical (docs/decisions/0015-backup-restore-upgrade.md), so they restore into any major: with the version of this site '
      + 'that ran this DATA_DIR, run "npm run backup"; then, with this version, "npm run restore -- <archive>" into a new, empty DATA_DIR '
      + '(or "--force" to replace this one; it is kept beside it).');
    expect(clusterVersionProblem(dbDir, 17)).toBeUndefined();
    expect(clusterVersionProblem(dbDir, 16)).toMatch(/newer than the PostgreSQL 16 of this version of the site\. Run the newer version/);
  });

  it('the server refuses to start on a cluster of another major, before PostgreSQL runs', async () => {
    const dataDir = tempDir('skd-major-');
    mkdirSync(path.join(dataDir, 'db'));
    writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '16\n');
    writeFileSync(path.join(dataDir, 'db', 'skadron-engine'), '');
    await expect(startEmbedded(dataDir, { size: { maxConnections: 10, sharedBuffers: '16MB' }, durable: false }))
      .rejects.toThrow(/holds a PostgreSQL 16 database, but this version of the site runs PostgreSQL 17, which cannot open it\..*npm run backup/);
    expect(readdirSync(path.join(dataDir, 'db')).sort()).toEqual(['PG_VERSION', 'skadron-engine']);
  });
});

describe('migrations', () => {
  async function platformOnly() {
    const url = await emptyDatabase();
    const db = await openPostgres(url, { poolSize: 4, anonymousConcurrency: 1 });
    await applyPlatform(db);
    return db;
  }

  it('two servers migrating one database at once apply each migration once', async () => {
    const db = await platformOnly();
    const other = await openPostgres(withDatabase(clusterBase(), (await db.query<{ d: string }>('select current_database() as d')).rows[0].d), { poolSize: 2, anonymousConcurrency: 1 });
    try {
      const [a, b] = await Promise.all([applyMigrations(db), applyMigrations(other)]);
      const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
      expect(a.length + b.length).toBe(files);
      const { rows } = await db.query<{ n: string }>('select count(*) as n from supabase_migrations.schema_migrations');
      expect(Number(rows[0].n)).toBe(files);
    } finally {
      await other.close();
      await db.close();
    }
  });

  it('a failing migration leaves the database on the previous level, and the error names it', async () => {
    const dir = tempDir('skd-migrations-');
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    writeFileSync(path.join(dir, '20991231000000_broken.sql'), 'create table public.half_done (id int);\nselect * from public.no_such_table;\n');
    const db = await platformOnly();
    try {
      await expect(applyMigrations(db, { dir })).rejects.toThrow(/^migration 20991231000000_broken\.sql failed: relation "public\.no_such_table" does not exist/);
      expect(await migrationLevel(db)).toBe(files.at(-1)!.slice(0, 14));
      expect((await db.query("select to_regclass('public.half_done') as t")).rows[0].t).toBeNull();
    } finally {
      await db.close();
    }
  });
});

describe('DATABASE_URL of a hosted Supabase project', () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const owner = `supabase_auth_admin_${suffix}`;
  const tenant = `tenant_${suffix}`;
  const database = `hosted_${suffix}`;

  afterAll(async () => {
    await asAdmin(async (c) => {
      await c.query(`drop database if exists ${database} with (force)`);
      await c.query(`drop role if exists ${tenant}`);
      await c.query(`drop role if exists ${owner}`);
    });
  });

  it('is refused at start with SUPABASE_URL/SUPABASE_ANON_KEY as the way, before any platform SQL runs', async () => {
    await asAdmin(async (c) => {
      await c.query(`create role ${owner} nologin`);
      await c.query(`create role ${tenant} login createrole`);
      await c.query(`create database ${database} owner ${tenant}`);
    });
    await asAdmin(async (c) => {
      await c.query(`create schema auth authorization ${owner}; create schema storage authorization ${owner}`);
    }, withDatabase(clusterBase(), database));
    const url = withDatabase(clusterBase(), database).replace('postgres://postgres@', `postgres://${tenant}@`);
    const config = loadConfig({}, { port: 0, host: '127.0.0.1', dataDir: tempDir('skd-hosted-'), databaseUrl: url, serveSite: false, seedDemo: false });
    await expect(startServer(config)).rejects.toThrow(
      `This database's auth (owner ${owner}), storage (owner ${owner}) schemas belong to another role than ${tenant}: it looks like a hosted Supabase project`,
    );
    await expect(startServer(config)).rejects.toThrow(/start this server with SUPABASE_URL and SUPABASE_ANON_KEY/);
    const untouched = await asAdmin((c) => c.query("select count(*)::int as n from pg_namespace where nspname in ('realtime', 'supabase_migrations', 'private')"), withDatabase(clusterBase(), database));
    expect(untouched.rows[0].n).toBe(0);
  });
});
