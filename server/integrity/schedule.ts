import type { Db } from '../db/adapter.ts';
import type { Metrics } from '../observability/metrics.ts';
import { log } from '../observability/log.ts';
import { ROOT } from '../paths.ts';
import { recordBuild } from './build-files.ts';
import { runWatch } from './watch.ts';

export interface IntegrityWatch {
  /** The build this server runs, as recorded at its start (undefined without a built site). */
  buildId: string | undefined;
  /** Runs the watch now (or waits for the run under way). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The scheduled integrity watch: records this build's manifest at start, then looks at the site
 * from the outside (its own address) every `intervalMinutes` (0: only on demand). Findings are
 * counted on /metrics as integrity_findings_open.
 */
export async function startIntegrityWatch(db: Db, metrics: Metrics, options: { siteUrl: string | undefined; intervalMinutes: number; root?: string; leads?: () => boolean }): Promise<IntegrityWatch> {
  const root = options.root ?? ROOT;
  const buildId = await recordBuild(db, root);
  let running: Promise<void> | undefined;
  // a stopping server ends a run under way instead of waiting out a crawl of every page
  const stopping = new AbortController();
  const runNow = () => {
    running ??= runWatch({ db, siteUrl: options.siteUrl, root, buildId, signal: stopping.signal })
      .then((result) => {
        if (result.findings.length > 0) log.warn({ findings: result.findings.length, pages: result.pages }, '[integrity] the watch found problems');
      })
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) log.error({ err: error }, '[integrity] watch run failed');
      })
      .finally(() => { running = undefined; });
    return running;
  };
  metrics.gauge('integrity_findings_open', 'Open findings of the integrity watch, and items held for review.', 'state', async () => {
    const { rows } = await db.query<{ findings: number; holds: number }>(
      `select (select count(*) from public.integrity_findings where resolved_at is null)::int as findings,
              (select count(*) from public.integrity_holds where status = 'pending')::int as holds`);
    return { findings: rows[0].findings, held: rows[0].holds };
  });
  // With several servers only the job leader looks (runNow stays for operators and tests).
  const scheduled = () => {
    if (options.leads?.() ?? true) void runNow();
  };
  const timer = options.intervalMinutes > 0 ? setInterval(scheduled, options.intervalMinutes * 60_000) : undefined;
  timer?.unref();
  // a first look soon after start, not during it
  const first = options.intervalMinutes > 0 ? setTimeout(scheduled, 60_000) : undefined;
  first?.unref();
  return {
    buildId,
    runNow,
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      stopping.abort();
      await running;
    },
  };
}
