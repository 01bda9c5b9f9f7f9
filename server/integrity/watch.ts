import type { Db } from '../db/adapter.ts';
import { buildFindings } from './build-files.ts';
import { comparePage, unaccountedLinks, type PageView } from './cloaking.ts';
import { recordFindings, type FindingKind, type WatchFinding } from './findings.ts';
import { fetchFailure, runFailure } from './failures.ts';
import { readerText } from '../../src/lib/integrity/reader-text.ts';
import { createPacer, DEFAULT_PACE, type PaceOptions, type Pacer } from './pace.ts';

export interface WatchOptions {
  db: Db;
  /** Where the site answers (the server's own address, or a deployment's public URL). */
  siteUrl: string | undefined;
  /** Project root holding the built files and build-manifest.json. */
  root: string;
  /** The build the server runs (recorded at its start); the newest recorded one when undefined. */
  buildId?: string;
  /** Articles published or changed within this many days are fetched. */
  days?: number;
  /** Pages fetched at once (each in four variants); one by default, so a busy site meets one request of the watch at a time. */
  concurrency?: number;
  /** How the crawl gives way to visitors while the site is busy; null: it does not. */
  pace?: PaceOptions | null;
  /** Ends the run early (a server stopping): no new page is fetched, and the run is recorded as failed. */
  signal?: AbortSignal;
}

export interface WatchResult {
  findings: WatchFinding[];
  pages: number;
  open: number;
}

const DAY = 86_400_000;
/** Articles judged per statement of the stored-content scan. */
const STORED_PAGE = 50;

/** The public pages to look at: every page the sitemap lists, articles only when recent, and the feeds. */
async function pagesToCheck(base: string, days: number): Promise<string[]> {
  const res = await fetch(`${base}/sitemap.xml`, { signal: AbortSignal.timeout(20_000) });
  if (!res.ok) throw new Error(`sitemap.xml menjawab status ${res.status}`);
  const xml = await res.text();
  const since = Date.now() - days * DAY;
  const pages = new Set<string>([`${base}/`, `${base}/rss.xml`, `${base}/sitemap.xml`]);
  for (const [, entry] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(entry)?.[1];
    if (!loc) continue;
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1];
    if (lastmod && Date.parse(lastmod) < since) continue;
    const url = new URL(loc.replace(/&amp;/g, '&'));
    pages.add(`${base}${url.pathname}${url.search}`);
  }
  return [...pages];
}

async function accountedHosts(db: Db): Promise<(host: string) => boolean> {
  const { rows } = await db.query<{ domain: string }>('select domain from private.integrity_known_domains');
  const known = new Set(rows.map((row) => row.domain));
  return (host) => known.has(host);
}

async function hostsAllowed(db: Db, hosts: string[]): Promise<Set<string>> {
  if (hosts.length === 0) return new Set();
  const { rows } = await db.query<{ host: string }>('select h as host from unnest($1::text[]) as h where private.host_allowed(h)', [hosts]);
  return new Set(rows.map((row) => row.host));
}

/** The page's text judged in the reading the guard judges stored HTML in (issue 42). */
async function pageWords(db: Db, page: PageView): Promise<WatchFinding[]> {
  const { rows } = await db.query<{ reasons: string[] }>('select private.guard_reasons($1, null) as reasons', [readerText(page.text)]);
  return rows[0].reasons.map((reason) => ({ kind: 'unaccounted' as const, subject: page.url, detail: `Di halaman: ${reason}` }));
}

async function crawl(db: Db, base: string, days: number, concurrency: number, pacer: Pacer | undefined, signal?: AbortSignal): Promise<{ findings: WatchFinding[]; pages: number }> {
  const pages = await pagesToCheck(base, days);
  const known = await accountedHosts(db);
  const findings: WatchFinding[] = [];
  const visitors: PageView[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      signal?.throwIfAborted();
      const url = pages[next++];
      let started = performance.now();
      try {
        const between = pacer?.variantsApart ? pacer.between : undefined;
        const { visitor, findings: cloaked } = await comparePage(url, between);
        // the variants rested after each of their own fetches; what is left is the judging
        if (between) started = performance.now();
        findings.push(...cloaked, ...(await pageWords(db, visitor)));
        visitors.push(visitor);
      } catch (error) {
        signal?.throwIfAborted();
        findings.push({ kind: 'watch', subject: url, detail: `Halaman tidak dapat diambil: ${fetchFailure(error)}` });
      }
      await pacer?.after(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const candidates = visitors.flatMap((page) => unaccountedLinks(page, base, known));
  const allowed = await hostsAllowed(db, [...new Set(candidates.map((f) => /Tautan ke (\S+)/.exec(f.detail)![1]))]);
  findings.push(...candidates.filter((f) => !allowed.has(/Tautan ke (\S+)/.exec(f.detail)![1])));
  return { findings, pages: pages.length };
}

/** The stored content judged as the guard would: the few unit, information and plain-text rows at once, the articles a page at a time. */
async function storedFindings(db: Db, pacer: Pacer | undefined, signal?: AbortSignal): Promise<WatchFinding[]> {
  const findings = (await db.query<WatchFinding>(
    'select * from private.stored_other_findings() union all select * from private.stored_field_findings()')).rows;
  const ids = (await db.query<{ id: string }>('select id from public.articles order by id')).rows.map((row) => row.id);
  for (let at = 0; at < ids.length; at += STORED_PAGE) {
    signal?.throwIfAborted();
    const started = performance.now();
    const { rows } = await db.query<WatchFinding>('select * from private.stored_article_findings($1::uuid[])', [ids.slice(at, at + STORED_PAGE)]);
    findings.push(...rows);
    await pacer?.after(performance.now() - started);
  }
  return findings;
}

/**
 * One run of the integrity watch: the stored content, the built files and (given a site URL)
 * the public pages in four variants. Findings are recorded (new ones get mailed), gone ones
 * resolved, and the run itself is logged for the dashboard and the doctor.
 */
export async function runWatch(options: WatchOptions): Promise<WatchResult> {
  const { db, siteUrl, root, buildId, days = 30, concurrency = 1, pace = DEFAULT_PACE, signal } = options;
  const run = (await db.query<{ id: string }>('insert into private.integrity_runs default values returning id::text')).rows[0].id;
  // one pacer for the whole run, its share split between the pages fetched at once
  const pacer = pace ? createPacer({ ...pace, busyShare: pace.busyShare / concurrency }) : undefined;
  try {
    const findings: WatchFinding[] = [...(await storedFindings(db, pacer, signal)), ...(await buildFindings(db, root, buildId, pacer?.after))];
    const checked: FindingKind[] = ['markup', 'photo', 'words', 'build'];
    let pages = 0;
    if (siteUrl) {
      const crawled = await crawl(db, siteUrl.replace(/\/+$/, ''), days, concurrency, pacer, signal);
      findings.push(...crawled.findings);
      pages = crawled.pages;
      checked.push('cloaking', 'unaccounted', 'watch');
    }
    const open = await recordFindings(db, findings, checked);
    await db.query('update private.integrity_runs set finished_at = now(), pages = $2, findings = $3 where id = $1', [run, pages, findings.length]);
    return { findings, pages, open };
  } catch (error) {
    await db.query('update private.integrity_runs set finished_at = now(), error = $2 where id = $1', [run, runFailure(error, signal)]);
    throw error;
  }
}
