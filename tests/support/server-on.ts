import { afterAll, beforeAll } from 'vitest';
import { startServerOnPostgres15 } from './pg15.ts';
import { startTestServer, type TestServer } from './server.ts';

/** The servers the integrity tests run on: the embedded one, and Debian's PostgreSQL 15 with its default settings through DATABASE_URL. */
export const SERVER_MODES = ['embedded', 'postgresql 15'] as const;

/** One server of `mode` for the calling describe block: started in beforeAll, stopped in afterAll. */
export function useServerOn(mode: (typeof SERVER_MODES)[number]): { readonly server: TestServer } {
  let current: TestServer | undefined;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (mode === 'embedded') {
      const started = await startTestServer();
      [current, stop] = [started, () => started.stop()];
    } else {
      const started = await startServerOnPostgres15();
      [current, stop] = [started, () => started.stopAll()];
    }
  });
  afterAll(async () => {
    await stop?.();
  });
  return {
    get server() {
      if (!current) throw new Error('the server starts in beforeAll');
      return current;
    },
  };
}
