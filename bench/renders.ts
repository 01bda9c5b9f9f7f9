/**
 * `npm run bench:renders`: 60 s rendition floods against 127.0.0.1 (issue 20), written to the
 * "## Renditions under a flood" section of docs/benchmarks.md. Each flood asks, on 32
 * connections, for random width/height/quality/resize/format combinations of five public photos
 * while a visitor loads an already rendered thumbnail every 250 ms. Reported: the disk used by
 * DATA_DIR/storage/.renders (peak and at the end) against the budget, the answers the flood got,
 * and the visitor's thumbnail times.
 * 1. one client address, default settings (RENDER_CACHE_MB=256): the per-address rate decides;
 * 2. every request from a new address (a botnet; TRUST_PROXY lets the flood pick its own
 *    X-Forwarded-For) with RENDER_CACHE_MB=8, so the budget and its eviction decide.
 * Server and flood share this process and the machine's 2 cores.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { filesUnder } from '../tests/storage/fixtures.ts';
import { signedInAdmin } from './admin-client.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

const SECTION = '## Renditions under a flood';
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 60);
const CONNECTIONS = 32;
const EMAIL = 'bench-renders@example.com';
const PASSWORD = 'bench-password-123';
const ACCEPTS = ['image/avif,image/webp,image/*,*/*;q=0.8', 'image/*'];
const RESIZES = ['cover', 'contain', 'fill'];

interface FloodResult {
  label: string;
  budgetMb: number;
  peakMb: number;
  endMb: number;
  files: number;
  statuses: Map<number, number>;
  thumbnailMs: number[];
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function photo(seed: number): Promise<Buffer> {
  const coarse = await sharp({ create: { width: 100, height: 75, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + seed * 5, sigma: 50 } } })
    .resize(1600, 1200, { kernel: 'cubic' }).png().toBuffer();
  return sharp(coarse).jpeg({ quality: 85 }).toBuffer();
}

function rendersBytes(dataDir: string): { bytes: number; files: number } {
  const dir = path.join(dataDir, 'storage', '.renders');
  const files = filesUnder(dir);
  let bytes = 0;
  for (const file of files) {
    try {
      bytes += statSync(path.join(dir, file)).size;
    } catch {
      // evicted between the listing and the stat
    }
  }
  return { bytes, files: files.length };
}

async function flood(label: string, budgetMb: number, botnet: boolean): Promise<FloodResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-renders-'));
  const server = await startServer(loadConfig({}, {
    port: 0, host: '127.0.0.1', dataDir, seedDemo: false, serveSite: false, renderCacheMb: budgetMb,
    trustProxy: botnet ? ['127.0.0.1'] : [],
  }));
  try {
    const { client, signIn } = await signedInAdmin(server, EMAIL, PASSWORD);
    const urls: string[] = [];
    for (let i = 0; i < 5; i++) {
      const name = `${signIn.user.id}/flood-${i}.jpg`;
      const uploaded = await client.storage.from('article_images').upload(name, await photo(i), { contentType: 'image/jpeg' });
      if (uploaded.error) throw uploaded.error;
      urls.push(`${server.url}/storage/v1/render/image/public/article_images/${name}`);
    }
    const thumbnail = `${urls[0]}?width=320&height=240&resize=cover`;
    if ((await fetch(thumbnail, { headers: { accept: ACCEPTS[0] } })).status !== 200) throw new Error('thumbnail did not render');

    const statuses = new Map<number, number>();
    const thumbnailMs: number[] = [];
    let peak = 0;
    let request = 0;
    const until = Date.now() + FLOOD_SECONDS * 1000;
    const attacker = async () => {
      while (Date.now() < until) {
        const n = request++;
        const query = new URLSearchParams({ width: String(random(1, 2500)), quality: String(random(20, 100)), resize: RESIZES[n % 3] });
        if (n % 2 === 0) query.set('height', String(random(1, 2500)));
        if (n % 5 === 0) query.set('format', 'origin');
        const headers: Record<string, string> = { accept: ACCEPTS[n % 2] };
        if (botnet) headers['x-forwarded-for'] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        try {
          const response = await fetch(`${urls[n % urls.length]}?${query}`, { headers, signal: AbortSignal.timeout(30_000) });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }
      }
    };
    const visitor = async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await fetch(thumbnail, { headers: { accept: ACCEPTS[0], 'x-forwarded-for': '192.0.2.1' }, signal: AbortSignal.timeout(30_000) })
          .catch(() => undefined);
        await response?.arrayBuffer();
        thumbnailMs.push(response?.status === 200 ? performance.now() - started : 30_000);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const sampler = setInterval(() => {
      peak = Math.max(peak, rendersBytes(dataDir).bytes);
    }, 1000);
    await Promise.all([...Array.from({ length: CONNECTIONS }, attacker), visitor()]);
    clearInterval(sampler);
    const end = rendersBytes(dataDir);
    peak = Math.max(peak, end.bytes);
    return { label, budgetMb, peakMb: mb(peak), endMb: mb(end.bytes), files: end.files, statuses, thumbnailMs };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function row(r: FloodResult): string {
  const answers = [...r.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`).join(', ');
  const within = r.peakMb <= r.budgetMb ? 'yes' : 'NO';
  return `| ${r.label} | ${r.budgetMb} | ${r.peakMb.toFixed(1)} | ${r.endMb.toFixed(1)} (${r.files} files) | ${within} | ${answers} | `
    + `${percentile(r.thumbnailMs, 0.5).toFixed(0)} / ${percentile(r.thumbnailMs, 0.99).toFixed(0)} |`;
}

async function main() {
  const results = [
    await flood('one address, defaults', 256, false),
    await flood('new address per request, 8 MB budget', 8, true),
  ];
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  const section = `${SECTION}

\`npm run bench:renders\` (bench/renders.ts), ${new Date().toISOString().slice(0, 10)}, load average before the run ${load}
(1/5/15 min; the machine's 2 cores are shared). Each run: ${FLOOD_SECONDS} s, ${CONNECTIONS} connections asking for random
width/height (1-2500), quality, resize and format of five 1600 x 1200 photos, while a visitor loads a kept 320 x 240
thumbnail every 250 ms. Goal (issue 20): the disk used by \`.renders\` stays within the budget (\`RENDER_CACHE_MB\`).

| flood | budget (MB) | peak .renders (MB) | at the end (MB) | within budget | answers to the flood | thumbnail p50 / p99 (ms) |
|---|---|---|---|---|---|---|
${results.map(row).join('\n')}

Before (main at bee0fde, measured by the attack in issue 20): 129 MB written in 60 s by one client, no eviction,
real thumbnails timed out at 30 s.
`;
  writeBenchmarkSection(SECTION, section);
  console.log(section);
}

await main();
