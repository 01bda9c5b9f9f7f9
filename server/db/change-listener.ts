import pg from 'pg';
import { log } from '../observability/log.ts';

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/**
 * One LISTEN connection for the whole server. When it drops (a restarted database, a terminated
 * backend, a network cut) it reconnects with backoff, listens again on every channel that still
 * has handlers, and then calls each handler once with an empty payload: notifications sent
 * while it was away are lost, so the handlers must re-read what they watch.
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, set);
    const client = await this.connected();
    if (set.size === 0) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0 && this.client) await this.client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => { this.connecting = undefined; });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'skadron-listen' });
    client.on('error', (error) => log.warn({ err: error }, '[db] change listener lost its connection'));
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      for (const [channel, set] of this.handlers) {
        if (set.size > 0) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private dispatch(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retryTimer = setTimeout(() => {
      this.connected().then(() => {
        this.retryMs = FIRST_RETRY_MS;
        log.info('[db] change listener reconnected');
        for (const channel of this.handlers.keys()) this.dispatch(channel, '');
      }, () => {
        this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
        if (!this.closed) this.scheduleReconnect();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
