/**
 * `npx tsx bench/slow-phone.ts`: how soon the mobile menu and the contact form respond on a slow
 * phone connection (Chromium's network emulation over CDP: 400 kbps both ways, 400 ms latency,
 * no cache), measured from the start of navigation, beside when the app's JavaScript takes over.
 * Starts the compiled server with the demo content. Writes the "## Public site: slow phone
 * (issue 25)" section of docs/benchmarks.md.
 */
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

type Started = { url: string; stop: () => Promise<void> };
const { buildServer, ensureBuilt, startServer } = (await import('../e2e/support/start-server.mjs' as string)) as {
  buildServer: () => Promise<void>;
  ensureBuilt: () => Promise<void>;
  startServer: (env: Record<string, string>, options: { compiled: boolean }) => Promise<Started>;
};

const HEADING = '## Public site: slow phone (issue 25)';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KBPS = 400;
const LATENCY_MS = 400;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function slowPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytesPerSecond = (KBPS * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: LATENCY_MS, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond,
  });
  return { page, close: () => browser.close() };
}

/** Milliseconds since navigation started, read in the page. */
const sinceNavigation = (page: Page) => page.evaluate(() => performance.now());

const hydrated = (page: Page) => page.waitForFunction(() => {
  const root = document.getElementById('root');
  return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
}, undefined, { timeout: 60_000 });

async function menuRun(url: string) {
  const { page, close } = await slowPage();
  try {
    await page.goto(`${url}/profil`, { waitUntil: 'commit' });
    await page.locator('summary[aria-controls="mobile-menu"]').click({ timeout: 60_000 });
    await page.locator('#mobile-menu').waitFor({ state: 'visible', timeout: 60_000 });
    const menu = await sinceNavigation(page);
    await hydrated(page);
    return { menu, app: await sinceNavigation(page) };
  } finally {
    await close();
  }
}

async function contactRun(url: string, n: number) {
  const { page, close } = await slowPage();
  try {
    await page.goto(`${url}/kontak`, { waitUntil: 'commit' });
    await page.getByLabel('Nama Lengkap').fill('Pengukur', { timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`lambat-${Date.now()}-${n}@contoh.id`);
    await page.getByRole('textbox', { name: 'Pesan', exact: true }).fill('Pesan dari ponsel dengan jaringan lambat.');
    const startedAt = await sinceNavigation(page);
    await page.getByRole('button', { name: 'Kirim Pesan' }).click();
    // Either answer: the page the server sends back, or the app's toast.
    await page.getByText('Pesan Terkirim!').first().waitFor({ timeout: 60_000 });
    // After a no-JS post this is the new page's clock: add the time up to the submit.
    const answered = page.url().includes('terkirim') ? startedAt + (await sinceNavigation(page)) : await sinceNavigation(page);
    return { usable: startedAt, answered, viaServer: page.url().includes('terkirim') };
  } finally {
    await close();
  }
}

async function main() {
  await ensureBuilt();
  await buildServer();
  const load = os.loadavg();
  const server = await startServer({ SEED_DEMO: 'true' }, { compiled: true });
  try {
    const menus = [];
    const contacts = [];
    for (let i = 0; i < RUNS; i++) {
      menus.push(await menuRun(server.url));
      contacts.push(await contactRun(server.url, i));
    }
    const rows = [
      `| menu open (/profil) | ${seconds(median(menus.map((r) => r.menu)))} s | ${menus.map((r) => seconds(r.menu)).join(', ')} |`,
      `| app took over (/profil) | ${seconds(median(menus.map((r) => r.app)))} s | ${menus.map((r) => seconds(r.app)).join(', ')} |`,
      `| contact form fillable (/kontak) | ${seconds(median(contacts.map((r) => r.usable)))} s | ${contacts.map((r) => seconds(r.usable)).join(', ')} |`,
      `| contact message answered 'Pesan Terkirim!' | ${seconds(median(contacts.map((r) => r.answered)))} s | ${contacts.map((r) => `${seconds(r.answered)}${r.viaServer ? ' (server)' : ' (app)'}`).join(', ')} |`,
    ];
    const section = `${HEADING}

\`npx tsx bench/slow-phone.ts\`, ${new Date().toISOString().slice(0, 10)}: Chromium at 390 x 844 with CDP network emulation
(${KBPS} kbps down and up, ${LATENCY_MS} ms latency, cache disabled), compiled server with the demo content,
${RUNS} runs each, times from the start of navigation. Load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}
(shared 2-core machine). Before issue 25 the menu and the form did nothing until the app ran (7-7.6 s).

| what | median | runs |
|---|---|---|
${rows.join('\n')}

The menu is a native \`<details>\` and the form posts to the site server, so both respond from the
first HTML; "(server)" marks a message sent before the app took over the form.
`;
    writeBenchmarkSection(HEADING, section);
    console.log(section);
  } finally {
    await server.stop();
  }
}

await main();
