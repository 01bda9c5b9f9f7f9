import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type Service = 'auth' | 'rest' | 'storage' | 'realtime' | 'site' | 'ops';

/** Hit and miss counts a cache keeps itself (read at scrape time). */
export interface CacheStats {
  hits: number;
  misses: number;
}

/** A value read when Prometheus scrapes; undefined leaves the gauge without a sample. */
export type Reading = () => number | undefined | Promise<number | undefined>;

/**
 * An unlabelled gauge that has no sample while its reading is unknown: prom-client's own would
 * report 0, which for the age of the last backup would read as "just now".
 */
class ReadingGauge extends Gauge {
  constructor(name: string, help: string, private readonly read: Reading) {
    super({ name, help, registers: [] });
  }

  override async get() {
    const value = await Promise.resolve().then(this.read).catch(() => undefined);
    const known = value !== undefined && Number.isFinite(value);
    if (known) this.set(value);
    const metric = await super.get();
    return known ? metric : { ...metric, values: [] };
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One registry per running server (tests run several in one process), so no metric leaks between
 * them. Process metrics are prom-client's defaults; the rest are this server's own.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'service' | 'method' | 'status'>;
  private readonly duration: Histogram<'service' | 'method'>;
  /** Counted in a plain object and reported at scrape time: a labelled gauge costs two lookups per request. */
  private readonly inFlight: Record<Service, number> = { auth: 0, rest: 0, storage: 0, realtime: 0, site: 0, ops: 0 };
  private readonly caches = new Map<string, CacheStats>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total', help: 'HTTP requests answered, by service, method and status.',
      labelNames: ['service', 'method', 'status'], registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds', help: 'Time from the request to the last byte of its answer.',
      labelNames: ['service', 'method'], registers,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    const { inFlight, caches } = this;
    new Gauge({
      name: 'http_requests_in_flight', help: 'Requests being answered now.', labelNames: ['service'], registers,
      collect() {
        for (const [service, count] of Object.entries(inFlight)) this.set({ service }, count);
      },
    });
    new Counter({
      name: 'cache_requests_total', help: 'Lookups in the REST read cache and the rendered page cache, by result.',
      labelNames: ['cache', 'result'], registers,
      collect() {
        this.reset();
        for (const [cache, stats] of caches) {
          this.inc({ cache, result: 'hit' }, stats.hits);
          this.inc({ cache, result: 'miss' }, stats.misses);
        }
      },
    });
  }

  started(service: Service): void {
    this.inFlight[service]++;
  }

  finished(service: Service, method: string, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : 'OTHER';
    this.inFlight[service]--;
    this.requests.inc({ service, method: m, status: String(status) });
    this.duration.observe({ service, method: m }, seconds);
  }

  /** Reports a cache's own hit and miss counters as cache_requests_total{cache=name}. */
  cache(name: string, stats: CacheStats): void {
    this.caches.set(name, stats);
  }

  /**
   * A gauge read at scrape time: the hook for values other modules own (the age of the last
   * backup, the mail queue). A reading that throws or returns undefined is left out of that scrape.
   */
  gauge(name: string, help: string, read: Reading): void;
  gauge(name: string, help: string, label: string, read: () => Promise<Record<string, number>> | Record<string, number>): void;
  gauge(name: string, help: string, labelOrRead: string | Reading, readMany?: () => Promise<Record<string, number>> | Record<string, number>): void {
    if (typeof labelOrRead === 'function') {
      this.registry.registerMetric(new ReadingGauge(name, help, labelOrRead));
      return;
    }
    new Gauge({
      name, help, labelNames: [labelOrRead], registers: [this.registry],
      async collect() {
        this.reset();
        const values = await Promise.resolve().then(readMany!).catch(() => ({}));
        for (const [label, value] of Object.entries(values)) this.set({ [labelOrRead]: label }, value);
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
