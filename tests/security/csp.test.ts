import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { ServerContext } from '../../server/context.ts';
import { createSiteApp } from '../../server/site/index.ts';

const built = existsSync(path.resolve(import.meta.dirname, '../../dist/index.html'));
const asset = '/images/hero/hero-formasi-800.webp';

/** The site app alone: a static file answer carries the page CSP; no database is touched. */
async function imgSrc(storageOrigin?: string): Promise<string[]> {
  const config = loadConfig({}, { serveSite: true, storageOrigin });
  const ctx = { config, keys: { anonKey: 'k' } } as unknown as ServerContext;
  const unused: typeof fetch = () => Promise.reject(new Error('no API call expected'));
  const res = await createSiteApp(ctx, unused).request(asset);
  expect(res.status).toBe(200);
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  return /img-src ([^;]*)/.exec(csp)![1].split(' ');
}

describe.skipIf(!built)('site Content-Security-Policy img-src', () => {
  it('allows images only from this site and blob:, never data: (issue 42)', async () => {
    expect(await imgSrc()).toEqual(["'self'", 'blob:']);
  });

  it('adds the hosted storage origin when STORAGE_ORIGIN names one', async () => {
    expect(await imgSrc('https://abcd.supabase.co')).toEqual(["'self'", 'blob:', 'https://abcd.supabase.co']);
    expect(loadConfig({ STORAGE_ORIGIN: 'https://abcd.supabase.co/storage/v1' }).storageOrigin).toBe('https://abcd.supabase.co');
    expect(() => loadConfig({ STORAGE_ORIGIN: 'http://abcd.supabase.co' })).toThrow(/https origin/);
  });
});

describe.skipIf(!built)('site Content-Security-Policy script-src', () => {
  it("allows this site's files and the page's own inline loader by its hash, never inline scripts in general", async () => {
    const config = loadConfig({}, { serveSite: true });
    const ctx = { config, keys: { anonKey: 'k' } } as unknown as ServerContext;
    const res = await createSiteApp(ctx, () => Promise.reject(new Error('no API call expected'))).request(asset);
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('Content-Security-Policy') ?? '')![1].split(' ');
    const html = readFileSync(path.resolve(import.meta.dirname, '../../dist/index.html'), 'utf8');
    const loader = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(scriptSrc).toEqual(["'self'", `'sha256-${createHash('sha256').update(loader).digest('base64')}'`]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
