import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run, UsageError } from '../../server/cli/user.ts';
import { anonClient, startTestServer, type TestServer } from '../support/server.ts';
import { createTemplateDatabase } from '../support/template-db.ts';
import { totpCode } from './mfa-helpers.ts';

// each step opens (and the first one migrates) a whole embedded database
vi.setConfig({ testTimeout: 180_000 });

let dataDir: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-cli-'));
  const base = process.env.TEST_DATABASE_URL_BASE;
  env = { DATA_DIR: dataDir, SEED_DEMO: 'false', ...(base ? { DATABASE_URL: await createTemplateDatabase(base) } : {}) };
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await run(argv, env, (line) => lines.push(line));
  return lines;
}

/** Starts a server on the database the command wrote to, signs in, and reads the own profile. */
async function signInOn(email: string, password: string) {
  const server: TestServer = await startTestServer({ dataDir, databaseUrl: env.DATABASE_URL });
  try {
    const client = anonClient(server);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error) return { error, profile: null };
    const { data: profile } = await client.from('profiles').select('role, status, full_name').eq('id', data.user!.id).single();
    return { error: null, profile };
  } finally {
    await server.close();
  }
}

describe('npm run user', () => {
  it('creates an approved superadmin that can sign in', async () => {
    const out = await cli('create', '--email', 'Komandan@Example.com', '--password', 'rahasia-123', '--role', 'superadmin', '--full-name', 'Komandan');
    expect(out[0]).toMatch(/^Created komandan@example.com \(id [0-9a-f-]{36}, role superadmin, status approved\)\.$/);
    const { error, profile } = await signInOn('komandan@example.com', 'rahasia-123');
    expect(error).toBeNull();
    expect(profile).toEqual({ role: 'superadmin', status: 'approved', full_name: 'Komandan' });
  });

  it('changes password, role and status', async () => {
    await cli('create', '--email', 'anggota@example.com', '--password', 'lama-123', '--status', 'pending');
    await cli('set-password', '--email', 'anggota@example.com', '--password', 'baru-456');
    await cli('set-role', '--email', 'anggota@example.com', '--role', 'admin');
    await cli('set-status', '--email', 'anggota@example.com', '--status', 'approved');
    expect((await signInOn('anggota@example.com', 'lama-123')).error).toMatchObject({ code: 'invalid_credentials' });
    const { error, profile } = await signInOn('anggota@example.com', 'baru-456');
    expect(error).toBeNull();
    expect(profile).toMatchObject({ role: 'admin', status: 'approved' });
  });

  it('resets a lost second step: the factors and sessions go, the password alone signs in again', async () => {
    await cli('create', '--email', 'hilang@example.com', '--password', 'rahasia-123', '--role', 'admin');
    const server: TestServer = await startTestServer({ dataDir, databaseUrl: env.DATABASE_URL });
    try {
      const client = anonClient(server);
      await client.auth.signInWithPassword({ email: 'hilang@example.com', password: 'rahasia-123' });
      const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
      expect((await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret) })).error).toBeNull();

      expect(await cli('reset-mfa', '--email', 'hilang@example.com')).toEqual([
        'Two-step verification of hilang@example.com reset (1 factor(s) and passkey(s) removed); all of its sessions were ended.']);
      expect((await client.auth.refreshSession()).error).not.toBeNull();
      const again = anonClient(server);
      await again.auth.signInWithPassword({ email: 'hilang@example.com', password: 'rahasia-123' });
      expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
      const { data: user } = await again.auth.getUser();
      expect(user.user!.factors ?? []).toEqual([]);
    } finally {
      await server.close();
    }
    await expect(cli('reset-mfa', '--email', 'siapa@example.com')).rejects.toThrow('No user with e-mail siapa@example.com');
  });

  it('fails clearly on bad input', async () => {
    await expect(cli('create', '--email', 'komandan@example.com', '--password', 'rahasia-123')).rejects.toThrow('already exists');
    await expect(cli('set-role', '--email', 'siapa@example.com', '--role', 'admin')).rejects.toThrow('No user with e-mail siapa@example.com');
    await expect(cli('set-role', '--email', 'komandan@example.com', '--role', 'raja')).rejects.toThrow(UsageError);
    await expect(cli('create', '--email', 'x@example.com')).rejects.toThrow('Missing --password');
    await expect(cli('create', '--email', 'x@example.com', '--password', '123')).rejects.toThrow('at least 6 characters');
    await expect(cli('hapus', '--email', 'x@example.com')).rejects.toThrow('Unknown command "hapus"');
    await expect(cli('create', '--email', 'x@example.com', '--password', 'rahasia', '--admin')).rejects.toThrow(UsageError);
    expect((await cli('--help'))[0]).toMatch(/^Usage: npm run user/);
  });
});

describe('SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD', () => {
  it('creates the superadmin once and never overwrites a changed password', async () => {
    const first = await startTestServer({ superadminEmail: 'admin@skadron.id', superadminPassword: 'awal-123' });
    try {
      const client = anonClient(first);
      const { data, error } = await client.auth.signInWithPassword({ email: 'admin@skadron.id', password: 'awal-123' });
      expect(error).toBeNull();
      const { data: profile } = await client.from('profiles').select('role, status').eq('id', data.user!.id).single();
      expect(profile).toEqual({ role: 'superadmin', status: 'approved' });
      expect((await client.auth.updateUser({ password: 'diganti-456' })).error).toBeNull();
      // a restart with the same environment
      const { ensureSuperadmin } = await import('../../server/auth/accounts.ts');
      const again = await ensureSuperadmin(first.ctx);
      expect(again).toEqual({ id: data.user!.id, created: false });
      expect((await anonClient(first).auth.signInWithPassword({ email: 'admin@skadron.id', password: 'awal-123' })).error?.code).toBe('invalid_credentials');
      expect((await anonClient(first).auth.signInWithPassword({ email: 'admin@skadron.id', password: 'diganti-456' })).error).toBeNull();
    } finally {
      await first.stop();
    }
  });
});
