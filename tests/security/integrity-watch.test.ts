/**
 * Issue 32 item 3: the integrity watch. A small site that cloaks for Googlebot, a changed built
 * file (also with its manifest changed to match) and a row changed by plain SQL are all reported
 * by `npm run integrity`; findings are mailed once, counted on /metrics and in the doctor.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFindings, recordBuild, writeManifest, MANIFEST_FILE, type BuildManifest } from '../../server/integrity/build-files.ts';
import { integrityCheck } from '../../server/integrity/doctor-check.ts';
import { runIntegrity } from '../../server/cli/integrity.ts';
import { mailbox } from '../auth/helpers.ts';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let site: Server;
let siteUrl: string;
let root: string;
let superadminEmail: string;

const PAGE = (extra = '') => `<!doctype html><html><body><main><h1>Skadron Udara 31</h1><p>Latihan terbang malam.</p>
<a href="/berita">Berita</a> <a href="https://tniad.mil.id/">TNI AD</a>${extra}</main><script>var x = "tidak dihitung";</script></body></html>`;

beforeAll(async () => {
  superadminEmail = (await t.createUser({ role: 'superadmin', fullName: 'Kapten Super' })).email;
  // The defaced site: Googlebot gets a gambling link the visitor never sees; /kontak carries a
  // visible stranger link and text that no database row accounts for.
  site = createServer((req, res) => {
    const googlebot = /Googlebot/.test(req.headers['user-agent'] ?? '');
    const base = `http://${req.headers.host}`;
    if (req.url === '/sitemap.xml') {
      res.setHeader('Content-Type', 'application/xml');
      res.end(`<?xml version="1.0"?><urlset><url><loc>https://skadron.example.id/</loc></url><url><loc>https://skadron.example.id/kontak</loc></url>
<url><loc>https://skadron.example.id/berita/lama</loc><lastmod>2020-01-01T00:00:00Z</lastmod></url></urlset>`);
      return;
    }
    if (req.url === '/rss.xml') {
      res.end(`<rss><channel><link>${base}/</link></channel></rss>`);
      return;
    }
    if (req.url === '/kontak') {
      res.end(PAGE('<p>Hubungi kami. Situs slot gacor maxwin: <a href="https://judi-asing.example/">daftar</a></p>'));
      return;
    }
    if (req.url === '/berita/lama') {
      res.statusCode = 500;
      res.end('should not be fetched: older than 30 days');
      return;
    }
    res.end(PAGE(googlebot ? '<div style="display:none"><a href="https://slot-gacor.example/">slot gacor</a></div>' : ''));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;

  root = mkdtempSync(path.join(os.tmpdir(), 'skd-build-'));
  mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-server'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>Skadron</title>');
  writeFileSync(path.join(root, 'dist', 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(path.join(root, 'dist-server', 'main.mjs'), 'export {}');
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

const env = () => ({ DATABASE_URL: t.server.ctx.config.databaseUrl, DATA_DIR: t.server.ctx.config.dataDir, SITE_URL: siteUrl });

describe('built files', () => {
  it('reports a changed, an added and a removed file, also when the manifest was changed to match', async () => {
    const manifest = await writeManifest(root);
    expect(await recordBuild(t.server.ctx.db, root)).toBe(manifest.build_id);
    expect(await buildFindings(t.server.ctx.db, root, manifest.build_id)).toEqual([]);

    writeFileSync(path.join(root, 'dist', 'assets', 'app.js'), 'console.log("app");document.body.insertAdjacentHTML("beforeend","<a href=//slot.example>slot</a>")');
    writeFileSync(path.join(root, 'dist', 'slot.html'), '<a href="https://slot.example">slot</a>');
    rmSync(path.join(root, 'dist-server', 'main.mjs'));
    // the attacker rewrites the manifest on disk too, keeping its build id
    const forged = await writeManifest(root);
    writeFileSync(path.join(root, MANIFEST_FILE), JSON.stringify({ ...forged, build_id: manifest.build_id } satisfies BuildManifest));
    // and a later start of the same build does not overwrite the first record
    await recordBuild(t.server.ctx.db, root);

    const found = await buildFindings(t.server.ctx.db, root, manifest.build_id);
    expect(found).toEqual([
      { kind: 'build', subject: 'dist-server/main.mjs', detail: 'Berkas hasil build hilang' },
      { kind: 'build', subject: 'dist/assets/app.js', detail: 'Isi berkas hasil build berubah sejak build dicatat' },
      { kind: 'build', subject: 'dist/slot.html', detail: 'Berkas baru yang tidak ada di build yang dicatat' },
    ]);
    expect(JSON.parse(readFileSync(path.join(root, MANIFEST_FILE), 'utf8')).build_id).toBe(manifest.build_id);
  });
});

describe('npm run integrity', () => {
  it('reports cloaking for Googlebot, strangers on a page, a row changed by SQL and the changed build', async () => {
    const { rows } = await t.server.ctx.db.query<{ id: string }>(
      `insert into public.articles (title, content) values ('Latihan gabungan', '<p>Latihan.</p>') returning id`);
    await t.server.ctx.db.query(`update public.articles set content = '<p>Latihan. Info s1ot g4cor hari ini.</p>' where id = $1`, [rows[0].id]);

    const result = await runIntegrity(['--root', root], env());
    const kinds = (kind: string) => result.findings.filter((f) => f.kind === kind);
    expect(kinds('cloaking')).toEqual([{ kind: 'cloaking', subject: `${siteUrl}/`, detail: 'Sebagai Googlebot: tautan tambahan: https://slot-gacor.example/; teks yang terlihat berbeda' }]);
    expect(kinds('unaccounted')).toEqual([
      { kind: 'unaccounted', subject: `${siteUrl}/kontak`, detail: 'Di halaman, teks yang bukan isian situs: Kata yang lazim di spam judi: gacor, maxwin, situs slot' },
      { kind: 'unaccounted', subject: `${siteUrl}/kontak`, detail: 'Tautan ke judi-asing.example yang tidak berasal dari isi situs maupun templat' },
    ]);
    expect(kinds('words')).toEqual([{ kind: 'words', subject: `Artikel "Latihan gabungan" (${rows[0].id})`, detail: 'Kata yang lazim di spam judi: slot gacor (disamarkan)' }]);
    expect(kinds('build')).toHaveLength(3);
    expect(kinds('watch')).toEqual([]);
    expect(result.pages).toBe(4);
  });

  it('mails each finding once, counts them on /metrics and fails the doctor', async () => {
    await t.server.integrityNotices.drain();
    const mailed = (await mailbox(t.server)).filter((mail) => mail.to === superadminEmail && mail.subject.startsWith('Integritas Situs'));
    expect(mailed).toHaveLength(1);
    expect(mailed[0].subject).toBe('Integritas Situs: 7 temuan baru');
    await runIntegrity(['--root', root], env());
    await t.server.integrityNotices.drain();
    expect((await mailbox(t.server)).filter((mail) => mail.to === superadminEmail && mail.subject.startsWith('Integritas Situs'))).toHaveLength(1);

    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(metrics).toMatch(/integrity_findings_open\{state="findings"\} 7/);
    expect(await integrityCheck(env())).toMatchObject({ verdict: 'fail', message: '7 open finding(s), 0 item(s) held for review' });
  });
});
