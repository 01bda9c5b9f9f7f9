import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';

export interface PurgeSettings {
  /** CDN_PURGE_URL: Cloudflare's `https://api.cloudflare.com/client/v4/zones/<zone>/purge_cache`, or a cache's own purge address. */
  url: string;
  /** CDN_PURGE_TOKEN: sent as `Authorization: Bearer ...`. */
  token: string | undefined;
  /** CDN_PURGE_FORMAT: `cloudflare` (POST {"tags": [...]}) or `surrogate-key` (PURGE with a Surrogate-Key header). */
  format: 'cloudflare' | 'surrogate-key';
}

/** Cloudflare takes at most 30 tags per purge call on every plan. */
const TAGS_PER_CALL = 30;
/** Changes that arrive together (one save touches the article and its lists) go in one call. */
const GATHER_MS = 200;
const TIMEOUT_MS = 5_000;
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

/**
 * Asks the CDN to drop the pages a change touched (issue 36, decision 0029). The database says
 * which (NOTIFY cdn_purge with content tags, migration 20261127140100); the purge runs after the
 * commit, beside the save, so a CDN that is down or slow never delays or fails a save: each call
 * is retried with backoff and logged, and only given up on (with an error in the log) after the
 * last retry, when the pages still expire within their short max-age.
 */
export class CdnPurger {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly db: Pick<Db, 'listen'>,
    private readonly settings: PurgeSettings,
    private readonly delays: readonly number[] = RETRY_DELAYS_MS,
    /** With several servers every one hears the NOTIFY; only the job leader purges (server/db/job-leader.ts). */
    private readonly leads: () => boolean = () => true,
  ) {}

  /** Listens for changes; the first purge drops every page, which a new build may have changed. */
  async start(): Promise<void> {
    this.unlisten = await this.db.listen('cdn_purge', (payload) => {
      if (this.leads()) this.add(payload ? payload.split(',') : ['pages']);
    });
    this.add(['pages']);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves once every tag gathered so far has been sent (or given up on). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.send();
    await Promise.allSettled([...this.inFlight]);
  }

  private add(tags: string[]): void {
    for (const tag of tags) if (tag) this.pending.add(tag);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.send();
    }, GATHER_MS);
  }

  private send(): void {
    const tags = [...this.pending];
    this.pending = new Set();
    for (let i = 0; i < tags.length; i += TAGS_PER_CALL) {
      const call = this.purge(tags.slice(i, i + TAGS_PER_CALL)).finally(() => this.inFlight.delete(call));
      this.inFlight.add(call);
    }
  }

  private async purge(tags: string[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      try {
        const res = await fetch(this.settings.url, { ...this.request(tags), signal: AbortSignal.timeout(TIMEOUT_MS) });
        const body = await res.text();
        // Cloudflare answers 200 with {"success": false} for some refusals
        if (res.ok && !/"success"\s*:\s*false/.test(body)) {
          log.info({ tags, attempt, ms: Date.now() - started }, '[cdn] purged');
          return;
        }
        throw new Error(`HTTP ${res.status}: ${body.slice(0, 200)}`);
      } catch (error) {
        const delay = this.delays[attempt];
        if (delay === undefined || this.stopped) {
          log.error({ tags, attempts: attempt + 1, err: error }, '[cdn] purge failed; the pages expire within their max-age');
          return;
        }
        log.warn({ tags, attempt: attempt + 1, retryInMs: delay, err: error }, '[cdn] purge failed, retrying');
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }

  private request(tags: string[]): RequestInit {
    const auth: Record<string, string> = this.settings.token ? { Authorization: `Bearer ${this.settings.token}` } : {};
    if (this.settings.format === 'surrogate-key') {
      // comma-separated, as Souin (Caddy's cache handler) documents its PURGE
      return { method: 'PURGE', headers: { ...auth, 'Surrogate-Key': tags.join(', ') } };
    }
    return { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ tags }) };
  }
}
