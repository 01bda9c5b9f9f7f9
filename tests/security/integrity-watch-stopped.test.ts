/**
 * Issue 32: a watch run that the server stops, or a page that cannot be fetched, is told to the
 * superadmin in Indonesian ('Integritas Situs' shows integrity_summary's last run and the open
 * findings; the mail carries the findings), never as Node's "This operation was aborted".
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runWatch } from '../../server/integrity/watch.ts';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let site: Server;
let siteUrl: string;
let root: string;
let held: (() => void) | undefined;
let holdNext = true;

beforeAll(async () => {
  // /lambat's first answer waits until the test lets it go; /putus hangs up without an answer
  site = createServer((req, res) => {
    if (req.url === '/sitemap.xml') {
      res.end('<urlset><url><loc>https://skadron.example.id/lambat</loc></url><url><loc>https://skadron.example.id/putus</loc></url></urlset>');
    } else if (req.url === '/putus') {
      req.socket.destroy();
    } else if (req.url === '/lambat' && holdNext) {
      holdNext = false;
      held = () => res.end('<p>Skadron Udara 31.</p>');
    } else {
      res.end('<p>Skadron Udara 31.</p>');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  root = mkdtempSync(path.join(os.tmpdir(), 'skd-build-'));
});

afterAll(async () => {
  held?.();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a watch run stopped or unable to fetch a page', () => {
  it('shows the superadmin why, in Indonesian', async () => {
    const stop = new AbortController();
    const run = runWatch({ db: t.server.ctx.db, siteUrl, root, pace: null, signal: stop.signal });
    // the server stops while the crawl waits for /lambat
    await vi.waitFor(() => expect(held).toBeDefined(), { timeout: 30_000 });
    stop.abort();
    held!();
    await expect(run).rejects.toThrow();

    const { client } = await t.signedIn({ role: 'superadmin', fullName: 'Kapten Integritas' });
    const { data: summary, error } = await client.rpc('integrity_summary');
    expect(error).toBeNull();
    const lastRun = (summary as { last_run: { error: string } }).last_run;
    expect(lastRun.error).toBe('dihentikan sebelum selesai karena server berhenti; pemantauan berikutnya memeriksa semuanya lagi');

    // a run that ends records the page it could not fetch, in words the superadmin reads
    const finished = await runWatch({ db: t.server.ctx.db, siteUrl, root, pace: null });
    expect(finished.findings.filter((f) => f.kind === 'watch')).toEqual([
      { kind: 'watch', subject: `${siteUrl}/putus`, detail: expect.stringMatching(/^Halaman tidak dapat diambil: situs tidak dapat dihubungi/) },
    ]);
    const { data: findings } = await client.from('integrity_findings').select('detail').eq('kind', 'watch').is('resolved_at', null);
    expect(findings!.map((f) => f.detail).join(' ')).not.toMatch(/abort|fetch failed|operation/i);
  });
});
