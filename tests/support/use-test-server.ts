import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config.ts';
import {
  anonClient, clientWithToken, createUser, mintUserToken, serviceClient, signInAs, startTestServer,
  type TestServer, type TestUser, type TypedClient,
} from './server.ts';

export interface TestServerHandle {
  /** The running server (available inside tests and hooks, after the file's beforeAll). */
  readonly server: TestServer;
  readonly url: string;
  anon(): TypedClient;
  service(): TypedClient;
  withToken(token: string): TypedClient;
  createUser(options?: Parameters<typeof createUser>[1]): Promise<TestUser>;
  signInAs(user: { email: string; password: string }): Promise<TypedClient>;
  /** createUser + signInAs in one step. */
  signedIn(options?: Parameters<typeof createUser>[1]): Promise<{ user: TestUser; client: TypedClient }>;
  mintUserToken(userId: string, expiresIn?: number, extra?: Record<string, unknown>): Promise<string>;
}

/**
 * One server for the calling test file: started in beforeAll on its own copy of the migrated
 * template database, stopped in afterAll.
 *
 *   const t = useTestServer();
 *   test('...', async () => { const { data } = await t.anon().from('articles').select(); });
 */
export function useTestServer(overrides: Partial<Config> = {}): TestServerHandle {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(overrides);
  });
  afterAll(async () => {
    await current?.stop();
    current = undefined;
  });
  const server = (): TestServer => {
    if (!current) throw new Error('useTestServer(): the server starts in beforeAll; use it inside tests or hooks');
    return current;
  };
  return {
    get server() { return server(); },
    get url() { return server().url; },
    anon: () => anonClient(server()),
    service: () => serviceClient(server()),
    withToken: (token) => clientWithToken(server(), token),
    createUser: (options) => createUser(server(), options),
    signInAs: (user) => signInAs(server(), user),
    async signedIn(options) {
      const user = await createUser(server(), options);
      return { user, client: await signInAs(server(), user) };
    },
    mintUserToken: (userId, expiresIn, extra) => mintUserToken(server(), userId, expiresIn, extra),
  };
}
