import pg from 'pg';

/**
 * Connects until PostgreSQL accepts connections: it refuses them while it starts and, after a
 * kill -9, while it replays its WAL (57P03). `gone()` gives a reason to stop waiting early (the
 * server exited); after `timeoutMs` the last connection error is thrown.
 */
export async function waitUntilAccepting(
  url: string,
  { timeoutMs, intervalMs, gone }: { timeoutMs: number; intervalMs: number; gone?: () => Error | undefined },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gone?.();
    if (reason) throw reason;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined); // a server dying mid-probe only fails this attempt
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
