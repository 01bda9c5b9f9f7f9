import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import { createUser as createAuthUser } from '../../server/auth/accounts.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { createTemplateDatabase } from './template-db.ts';

export type Role = Database['public']['Enums']['app_role'];
export type Status = Database['public']['Enums']['account_status'];
export type TypedClient = SupabaseClient<Database>;

export interface TestServer extends RunningServer {
  anonKey: string;
  serviceKey: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A real server in this process on 127.0.0.1 with a fresh DATA_DIR and its own database, copied
 * from the migrated template on the test run's one embedded PostgreSQL server (global setup).
 * Outside vitest (no global setup) it starts its own embedded server in DATA_DIR/db.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-test-'));
  const base = process.env.TEST_DATABASE_URL_BASE;
  const databaseUrl = base ? await createTemplateDatabase(base) : undefined;
  const config = loadConfig({}, {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    backupDir: path.join(dataDir, 'backups'),
    databaseUrl,
    serveSite: false,
    seedDemo: false,
    rateLimitScale: 100,
    pgDurable: false,
    // Tests that write with SQL and read through the API at once must not race the NOTIFY.
    readCache: false,
    siteUrl: 'http://localhost:3000',
    devMailbox: true,
    // The scheduled integrity watch would mail superadmins mid-test; tests run it themselves.
    integrityIntervalMinutes: 0,
    // One JSON line per request would bury the test report; problems are still printed.
    logLevel: 'warn',
    ...overrides,
  });
  const server = await startServer(config);
  return {
    ...server,
    anonKey: server.ctx.keys.anonKey,
    serviceKey: server.ctx.keys.serviceKey,
    dataDir,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A supabase-js client as a browser would make it, but without persistence or timers. */
export function anonClient(server: TestServer, key = server.anonKey): TypedClient {
  return createClient<Database>(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

export function serviceClient(server: TestServer): TypedClient {
  return anonClient(server, server.serviceKey);
}

/** A client that sends `token` as its bearer (for forged, expired or hand-made tokens). */
export function clientWithToken(server: TestServer, token: string): TypedClient {
  return createClient<Database>(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
    accessToken: async () => token,
  });
}

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  status: Status;
}

/** Creates a confirmed account with the given role and status, as the operator command does. */
export async function createUser(
  server: TestServer,
  options: { role?: Role; status?: Status; email?: string; password?: string; fullName?: string } = {},
): Promise<TestUser> {
  const role = options.role ?? 'user';
  const status = options.status ?? 'approved';
  const email = options.email ?? `${role}-${status}-${process.pid}-${Date.now()}-${counter++}@example.com`;
  const password = options.password ?? 'rahasia-123';
  const { id } = await createAuthUser(server.ctx.db, {
    email,
    password,
    role,
    status,
    fullName: options.fullName ?? `Uji ${role} ${status}`,
    confirmed: true,
  });
  return { id, email, password, role, status };
}

/** Signs in through the real auth endpoint and returns the signed-in client. */
export async function signInAs(server: TestServer, user: { email: string; password: string }): Promise<TypedClient> {
  const client = anonClient(server);
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(`sign-in of ${user.email} failed: ${error.message}`);
  return client;
}

/**
 * An access token for `userId` signed with the project secret, naming a session row made for it
 * (policies refuse tokens whose session does not exist). `extra.session_id` overrides it unmade.
 */
export async function mintUserToken(server: TestServer, userId: string, expiresIn = 3600, extra: Record<string, unknown> = {}): Promise<string> {
  const sessionId = crypto.randomUUID();
  if (!('session_id' in extra)) {
    await server.ctx.db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal)
       select $1, id, now(), now(), $3 from auth.users where id = $2`, [sessionId, userId, extra.aal ?? 'aal1']);
  }
  return server.ctx.keys.sign({
    sub: userId, role: 'authenticated', aud: 'authenticated', email: '', phone: '',
    app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {},
    session_id: sessionId, aal: 'aal1', amr: [], is_anonymous: false, ...extra,
  }, expiresIn);
}
