/**
 * `npm run bench:site`: the server-rendered public site in one run. Builds the site and the server
 * when missing and starts the compiled server (dist-server/main.mjs under plain node, as
 * `npm start` runs it) with the demo content, measures what a phone's visit to / and
 * /kegiatan transfers (HTML gzip-compressed as the server sends it) with the 5 demo articles and
 * again after adding 2,000 articles of 3 kB, then GET /berita/{id} and GET / at 10 connections
 * with autocannon, and a plain Node server sending the same bytes of / for comparison.
 * Writes the "## Public site: server rendering" section of docs/benchmarks.md.
 */
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

type Started = { url: string; stop: () => Promise<void> };
// The e2e helper (plain JavaScript) that starts the built site on a fresh data directory.
const { buildServer, ensureBuilt, startServer } = (await import('../e2e/support/start-server.mjs' as string)) as {
  buildServer: () => Promise<void>;
  ensureBuilt: () => Promise<void>;
  startServer: (env: Record<string, string>, options: { compiled: boolean }) => Promise<Started>;
};

const HEADING = '## Public site: server rendering';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { email: 'bench@contoh.id', password: 'benchmark-rahasia' };

/** Bytes on the wire for one GET with br and gzip accepted (the body as sent, not decompressed). */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

/**
 * Everything a phone (390 x 844) transfers opening `url` until the network is idle, without
 * scrolling: HTML, CSS, scripts, fonts, images and data, as encoded on the wire plus headers.
 */
async function phoneVisit(url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize, () => 0));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
  } finally {
    await browser.close();
  }
}

async function rate(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: SECONDS });
  return result.requests.average;
}

async function main() {
  await ensureBuilt();
  await buildServer();
  const loadAtStart = os.loadavg();
  const server = await startServer({ SEED_DEMO: 'true', SUPERADMIN_EMAIL: ADMIN.email, SUPERADMIN_PASSWORD: ADMIN.password }, { compiled: true });
  try {
    const env = await (await fetch(`${server.url}/env.js`)).text();
    const anonKey = JSON.parse(/(\{.*\})/.exec(env)![1]).SUPABASE_ANON_KEY as string;
    const token = await (await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: { apikey: anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN),
    })).json() as { access_token: string; user: { id: string } };

    const visit = async () => ({
      home: await wireBytes(`${server.url}/`),
      list: await wireBytes(`${server.url}/kegiatan`),
      homeVisit: await phoneVisit(`${server.url}/`),
      listVisit: await phoneVisit(`${server.url}/kegiatan`),
    });
    const small = await visit();

    const body = `<p>${'Prajurit Skadron 31/Serbu melaksanakan latihan terbang dengan helikopter MI-17 V5. '.repeat(36)}</p>`;
    for (let batch = 0; batch < 20; batch++) {
      const rows = Array.from({ length: 100 }, (_, i) => ({
        title: `Berita uji ${batch * 100 + i}`, category: ['Latihan', 'Operasi', 'Bakti Sosial'][i % 3], content: body,
        published_at: new Date(Date.UTC(2025, 0, 1) + (batch * 100 + i) * 60_000).toISOString(),
        author_id: token.user.id,
      }));
      const res = await fetch(`${server.url}/rest/v1/articles`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify(rows),
      });
      if (!res.ok) throw new Error(`insert: ${res.status} ${await res.text()}`);
    }
    const large = await visit();

    const [article] = await (await fetch(`${server.url}/rest/v1/articles?select=id&order=published_at.desc&limit=1`, { headers: { apikey: anonKey } })).json() as { id: string }[];
    // One request first: the rate is of the cached page, not of its first render.
    await fetch(`${server.url}/berita/${article.id}`);
    const articleRate = await rate(`${server.url}/berita/${article.id}`);
    const homeRate = await rate(`${server.url}/`);

    // The same bytes of / from a plain Node server (no rendering, no framework).
    const homeHtml = await (await fetch(`${server.url}/`)).text();
    const plain = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(homeHtml);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const { port } = plain.address() as { port: number };
    const plainRate = await rate(`http://127.0.0.1:${port}/`);
    plain.close();

    const loadAtEnd = os.loadavg();
    const kb = (n: number) => (n / 1024).toFixed(1);
    const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
    const busy = Math.max(loadAtStart[0], loadAtEnd[0]) > os.cpus().length;
    const section = [
      HEADING,
      '',
      `\`npm run bench:site\` (bench/site.ts), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average (1 / 5 / 15 min) ${load(loadAtStart)} at start and ${load(loadAtEnd)} at the end${busy ? ': the machine was busy (more runnable processes than cores), so the rates are lower bounds' : ''}.`,
      'The built site on the compiled server (`node dist-server/main.mjs`, as `npm start` runs it; embedded PostgreSQL 17, demo content); autocannon (in the same process as the plain server) at 10 connections for ' + `${SECONDS} s each, without Accept-Encoding (both servers send the same plain bytes).`,
      '',
      '| what | 5 articles | 2,005 articles (3 kB each) | ratio |',
      '|---|---|---|---|',
      `| GET / HTML on the wire (br) | ${kb(small.home)} kB | ${kb(large.home)} kB | ${(large.home / small.home).toFixed(2)} |`,
      `| GET /kegiatan HTML on the wire (br) | ${kb(small.list)} kB | ${kb(large.list)} kB | ${(large.list / small.list).toFixed(2)} |`,
      `| phone visit to / (390 x 844, DPR 3, until network idle): all bytes transferred | ${kb(small.homeVisit)} kB | ${kb(large.homeVisit)} kB | ${(large.homeVisit / small.homeVisit).toFixed(2)} |`,
      `| phone visit to /kegiatan: all bytes transferred | ${kb(small.listVisit)} kB | ${kb(large.listVisit)} kB | ${(large.listVisit / small.listVisit).toFixed(2)} |`,
      '',
      'Budget (issue 10): a phone visit transfers at most 300 kB, and with 2,000 articles at most 1.1x the 5-article visit.',
      '',
      '| request (10 connections) | requests/s |',
      '|---|---|',
      `| GET /berita/{id} (server-rendered, page cache) | ${articleRate.toFixed(0)} |`,
      `| GET / (server-rendered, page cache) | ${homeRate.toFixed(0)} |`,
      `| plain Node server sending the same bytes of / | ${plainRate.toFixed(0)} |`,
      `| GET / as a share of the plain server | ${(homeRate / plainRate).toFixed(2)} |`,
      '',
      'Budget (issue 10): GET /berita/{id} at least 2,000 requests/s; GET / at least 0.6x the plain server.',
      '',
      'JavaScript and Lighthouse numbers: "Public site: bundle size and Lighthouse" (`npm run lighthouse`).',
      '',
    ].join('\n');
    writeBenchmarkSection(HEADING, section);
    console.log(section);
  } finally {
    await server.stop();
  }
}

await main();
