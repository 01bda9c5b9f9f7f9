/**
 * `npx vite build && npx tsx bench/images.ts`: the photo pipeline's numbers (issue 11), written to
 * the "## Images: uploads, gallery page, transformation" section of docs/benchmarks.md.
 * - a 4000 x 3000 phone JPEG picked in the admin gallery uploader in Chromium: bytes uploaded and
 *   time from pick to "Selesai";
 * - a visitor's bytes for /galeri/{id} with 24 photos at 390 x 844 (all photos scrolled into view);
 * - the transformation endpoint: first render, cached render, cached req/s (autocannon).
 * Server, browser driver and autocannon share this process and the machine's 2 cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { signedInAdmin } from './admin-client.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

const SECTION = '## Images: uploads, gallery page, transformation';
const EMAIL = 'bench-images@example.com';
const PASSWORD = 'bench-password-123';

/** Photo-like content: coarse shapes plus fine grain, which compresses about as a phone photo does. */
async function photo(width: number, height: number, seed: number, format: 'jpeg' | 'webp', quality: number): Promise<Buffer> {
  const coarse = await sharp({ create: { width: Math.ceil(width / 16), height: Math.ceil(height / 16), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + seed * 3, sigma: 50 } } })
    .resize(width, height, { kernel: 'cubic' }).png().toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).png().toBuffer();
  const mixed = sharp(coarse).composite([{ input: grain, blend: 'soft-light' }]);
  return format === 'jpeg'
    ? mixed.jpeg({ quality }).withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 10/1 3000/100' } }).toBuffer()
    : mixed.webp({ quality }).toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-images-'));
  const server = await startServer(loadConfig({}, {
    port: 0, host: '127.0.0.1', dataDir, seedDemo: false, serveSite: true, rateLimitScale: 1000,
  }));
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const { client, signIn } = await signedInAdmin(server, EMAIL, PASSWORD);

    // 1. upload from the admin UI
    const { data: uploadGallery } = await client.from('galleries').insert({ name: 'Bench unggah' }).select('id').single();
    const phoneJpeg = await photo(4000, 3000, 1, 'jpeg', 92);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'id-ID' });
    const storageKey = `sb-${new URL(server.url).hostname.split('.')[0]}-auth-token`;
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [storageKey, JSON.stringify(signIn.session)] as const);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/gallery`);
    await page.getByRole('button', { name: 'Kelola foto Bench unggah' }).click();
    const started = performance.now();
    await page.getByLabel('Unggah Foto').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: phoneJpeg });
    await page.getByText('Selesai').waitFor({ timeout: 120_000 });
    const uploadMs = performance.now() - started;
    const { data: stored } = await client.from('gallery_photos').select('path').eq('gallery_id', uploadGallery!.id).single();
    const storedBytes = (await (await fetch(`${server.url}/storage/v1/object/public/gallery_photos/${stored!.path}`)).arrayBuffer()).byteLength;
    await context.close();

    // 2. a 24-photo gallery at 390 px
    const { data: gallery } = await client.from('galleries').insert({ name: 'Bench 24 foto', description: 'Dua puluh empat foto.' }).select('id').single();
    const originals: number[] = [];
    for (let i = 0; i < 24; i++) {
      const bytes = await photo(2000, 1500, i, 'webp', 80);
      originals.push(bytes.length);
      const name = `${gallery!.id}/${i}.webp`;
      const { error: uploadError } = await client.storage.from('gallery_photos').upload(name, bytes, { contentType: 'image/webp' });
      if (uploadError) throw uploadError;
      await client.from('gallery_photos').insert({ gallery_id: gallery!.id, path: name, position: i, alt: `Foto ${i + 1}` });
    }
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'id-ID' });
    const phone = await visitor.newPage();
    const cdp = await visitor.newCDPSession(phone);
    await cdp.send('Network.enable');
    const transferred = { total: 0, images: 0 };
    const imageRequests = new Set<string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Image') imageRequests.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      transferred.total += event.encodedDataLength;
      if (imageRequests.has(event.requestId)) transferred.images += event.encodedDataLength;
    });
    await phone.goto(`${server.url}/galeri/${gallery!.id}`);
    await phone.getByRole('button', { name: /^Perbesar foto 24/ }).waitFor();
    for (let y = 0; y < 30; y++) {
      await phone.mouse.wheel(0, 800);
      await phone.waitForTimeout(100);
    }
    await phone.waitForLoadState('networkidle');
    const loadedImages = await phone.evaluate(() => Array.from(document.querySelectorAll('section img')).filter((img) => (img as HTMLImageElement).complete).length);
    await visitor.close();

    // 3. the transformation endpoint
    const sample = `${gallery!.id}/0.webp`;
    const renderUrl = (width: number) => `${server.url}/storage/v1/render/image/public/gallery_photos/${sample}?width=${width}&height=${Math.round(width * 0.75)}&resize=cover`;
    const accept = { accept: 'image/avif,image/webp,*/*' };
    const first: number[] = [];
    for (const width of [320, 480, 640, 800, 1200]) {
      const t = performance.now();
      await (await fetch(renderUrl(width), { headers: accept })).arrayBuffer();
      first.push(performance.now() - t);
    }
    const cached: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await (await fetch(renderUrl(640), { headers: accept })).arrayBuffer();
      cached.push(performance.now() - t);
    }
    const load = await autocannon({ url: renderUrl(640), headers: accept, connections: 10, duration: 10 });

    const section = `${SECTION}

\`npx vite build && npx tsx bench/images.ts\` (bench/images.ts), ${new Date().toISOString().slice(0, 10)}, one run, on the
shared 2-core machine (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} at the end). Server (embedded
PostgreSQL 17), Chromium (/usr/bin/chromium) and autocannon run from one process. Test photos are synthetic
(coarse shapes plus grain, compressing about as a phone photo does).

| what | result |
|---|---|
| 4000 x 3000 JPEG (q92, with GPS EXIF, ${kB(phoneJpeg.length)}) picked in the admin uploader: bytes uploaded | ${kB(storedBytes)} (the WebP the browser made and sent; stored as sent, no EXIF) |
| same: time from pick to "Selesai" in Chromium (resize + encode + upload + row) | ${(uploadMs / 1000).toFixed(2)} s |
| /galeri/{id} with 24 photos (2000 x 1500 WebP originals, ${kB(originals.reduce((a, b) => a + b, 0))} in all) at 390 x 844, DPR 2, scrolled to the end: all bytes transferred | ${kB(transferred.total)} (images ${kB(transferred.images)}, ${loadedImages} images loaded; goal < 1.5 MB) |
| transformation, first render of a 2000 x 1500 WebP (median of 5 widths) | ${median(first).toFixed(0)} ms |
| transformation, cached rendition (median of 50 sequential) | ${median(cached).toFixed(1)} ms |
| transformation, cached rendition, autocannon 10 connections 10 s | ${load.requests.average.toFixed(0)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ${load.errors + load.non2xx} errors |
`;
    writeBenchmarkSection(SECTION, section);
    console.log(section);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
