/**
 * `npx tsx bench/admin-first-open.ts`: issue 33's first opens of the admin pages. A superadmin
 * lands on the dashboard, the browser stays idle for a few seconds (as a person reads the
 * dashboard), then a sidebar link is clicked; the time is from the click to the new page's
 * heading in <main>. Cold: a new browser context (empty HTTP cache). Warm: the same context after
 * a reload of the dashboard (HTTP cache filled, no page module loaded yet in the tab). Both
 * without the idle prefetch of the page chunks (requestIdleCallback stubbed out, as before it
 * existed) and as shipped, in the same run on the same build, over Chromium's emulation of a
 * slow connection. Writes the "## Issue 33: ..." section of docs/benchmarks.md.
 */
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

type Started = { url: string; stop: () => Promise<void> };
const { buildServer, ensureBuilt, startServer, CHROMIUM } = (await import('../e2e/support/start-server.mjs' as string)) as {
  buildServer: () => Promise<void>;
  ensureBuilt: () => Promise<void>;
  startServer: (env: Record<string, string>, options: { compiled: boolean }) => Promise<Started>;
  CHROMIUM: string;
};

const HEADING = '## Issue 33: admin pages, first open cold and warm, without and with the idle prefetch';
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const IDLE_MS = 4_000;
const KBPS = 1_600;
const LATENCY_MS = 150;
const EMAIL = 'bench-super@example.com';
const PASSWORD = 'rahasia-bench-123';
const PAGES = [
  'Manajemen Pengguna', 'Manajemen Konten', 'Manajemen Galeri', 'Halaman Satuan', 'Dokumen Publik',
  'Pesan Masuk', 'Riwayat Aktivitas', 'Integritas Situs', 'Akun Saya',
] as const;
type Mode = 'without' | 'with';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function session(url: string) {
  const script = await (await fetch(`${url}/env.js`)).text();
  const key = /SUPABASE_ANON_KEY["']?\s*:\s*["']([^"']+)/.exec(script)![1]!;
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { expires_in: number; expires_at?: number };
  return { ...body, expires_at: body.expires_at ?? Math.floor(Date.now() / 1000) + body.expires_in };
}

async function newContext(browser: Browser, url: string, mode: Mode): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const value = JSON.stringify(await session(url));
  await context.addInitScript(([storageKey, stored, stub]) => {
    if (!window.localStorage.getItem(storageKey)) window.localStorage.setItem(storageKey, stored);
    // Before the prefetch existed nothing ran while the tab was idle.
    if (stub) window.requestIdleCallback = () => 0;
  }, [`sb-${new URL(url).hostname.split('.')[0]}-auth-token`, value, mode === 'without'] as const);
  return context;
}

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (KBPS * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
}

const heading = (page: Page) => page.locator('main h1').first().textContent({ timeout: 60_000 });

/** Dashboard, idle, then a click on `name` in the sidebar: ms from the click to the page's heading. */
async function firstOpen(page: Page, name: string): Promise<number> {
  await page.locator('main h1').first().waitFor({ timeout: 60_000 });
  const before = await heading(page);
  await page.waitForTimeout(IDLE_MS);
  const link = page.getByRole('navigation', { name: 'Navigasi admin' }).getByRole('link', { name, exact: true });
  await link.waitFor({ state: 'visible' });
  const started = await page.evaluate(() => performance.now());
  await link.click();
  await page.waitForFunction((previous) => {
    const h1 = document.querySelector('main h1');
    return h1 !== null && h1.textContent !== previous;
  }, before, { timeout: 60_000 });
  return (await page.evaluate(() => performance.now())) - started;
}

async function measure(browser: Browser, url: string, mode: Mode, name: string) {
  const context = await newContext(browser, url, mode);
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto('/admin/dashboard');
    const cold = await firstOpen(page, name);
    await page.goto('/admin/dashboard');
    const warm = await firstOpen(page, name);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

async function main() {
  await ensureBuilt();
  await buildServer();
  const load = os.loadavg();
  const server = await startServer({ SEED_DEMO: 'true', SUPERADMIN_EMAIL: EMAIL, SUPERADMIN_PASSWORD: PASSWORD }, { compiled: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const results = new Map<string, Record<Mode, { cold: number[]; warm: number[] }>>();
    for (const name of PAGES) results.set(name, { without: { cold: [], warm: [] }, with: { cold: [], warm: [] } });
    for (let run = 0; run < RUNS; run++) {
      for (const name of PAGES) {
        for (const mode of ['without', 'with'] as const) {
          const { cold, warm } = await measure(browser, server.url, mode, name);
          results.get(name)![mode].cold.push(cold);
          results.get(name)![mode].warm.push(warm);
          console.log(`${name} ${mode}: cold ${cold.toFixed(0)} ms, warm ${warm.toFixed(0)} ms`);
        }
      }
    }
    const ms = (values: number[]) => `${median(values).toFixed(0)}`;
    const rows = PAGES.map((name) => {
      const r = results.get(name)!;
      return `| ${name} | ${ms(r.without.cold)} | ${ms(r.with.cold)} | ${ms(r.without.warm)} | ${ms(r.with.warm)} |`;
    });
    const all = (mode: Mode, kind: 'cold' | 'warm') => PAGES.flatMap((name) => results.get(name)![mode][kind]);
    const loadAfter = os.loadavg();
    const section = `${HEADING}

\`npx tsx bench/admin-first-open.ts\`, ${new Date().toISOString().slice(0, 10)}: compiled server with the demo content, a
superadmin in Chromium at 1440 x 900 (the sidebar shown) over CDP network emulation (${KBPS} kbps both ways, ${LATENCY_MS} ms latency). Each
page: the dashboard opens, the tab stays idle ${IDLE_MS / 1000} s, then the page's sidebar link is clicked; ms from the
click to the page's heading in \`<main>\`. Cold: a new browser context (empty cache); warm: the same context after
reloading the dashboard. "without": the same build with \`requestIdleCallback\` stubbed out, so the idle prefetch
of the page chunks and the editor never runs (the state before it); "with": as shipped. Median of ${RUNS} runs, taken
in one sitting, pages and modes interleaved. Load average ${load.map((l) => l.toFixed(2)).join(' / ')} at start, ${loadAfter.map((l) => l.toFixed(2)).join(' / ')}
at the end (shared 2-core machine, other engineers' tests running).

| page | cold, without | cold, with | warm, without | warm, with |
|---|---|---|---|---|
${rows.join('\n')}
| **median of all pages** | **${ms(all('without', 'cold'))}** | **${ms(all('with', 'cold'))}** | **${ms(all('without', 'warm'))}** | **${ms(all('with', 'warm'))}** |
`;
    writeBenchmarkSection(HEADING, section);
    console.log(section);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
