/**
 * Issue 42 item 6: `npm run integrity` judges each public page as its reader sees it. Every
 * disguise of the guard's corpus, a category, a byline, a past commander and a zero-width title,
 * written by SQL with the triggers off and served through the site's own sanitizer, is reported
 * with the page, the field and the guard's reason; text hidden by layout is reported as hidden.
 * Item 5: a body whose picture is drawn by the HTML itself (data:) is refused on save and reported
 * when stored.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { report, runIntegrity } from '../../server/cli/integrity.ts';
import { escapeHtml } from '../../server/integrity/mail.ts';
import { sanitizeArticleHtml } from '../../src/lib/sanitize.ts';
import { mailbox } from '../auth/helpers.ts';
import { type TestUser, type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { DISGUISES } from './integrity-disguises.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

const t = useTestServer();
// a zero-width space, a Cyrillic о and a digit: a different one in each field, as an attacker would write them
const SPAM = { byline: 'SL\u200bOT G4C\u043eR maxwin', commander: 'Situs t\u043eg\u0435l 4D', gallery: 'Daftar ga\u00adcor hari ini' };
const REASON = 'Kata yang lazim di spam judi: ';
const DATA_SVG = '<img src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E%3Ctext%3ESLOT GACOR MAXWIN%3C/text%3E%3C/svg%3E">';
let site: Server;
let siteUrl: string;
let root: string;
let staff: TypedClient;
let staffId: string;
let superadmin: TestUser;
const ids = { disguised: [] as string[], category: '', byline: '', bylineAuthor: '', title: '', commander: '', gallery: '', image: '' };

type Row = { id: string; title: string; category: string | null; content: string; full_name: string | null };

// The public pages as the site lays them out: an article's category badge (white on the primary
// colour), title, byline and body through the site's own sanitizer; the past commanders; the
// galleries with their descriptions folded away; a home page with a line only crawlers see.
async function page(url: string): Promise<string | undefined> {
  const db = t.server.ctx.db;
  const wrap = (inner: string) => `<!doctype html><html><head><title>Skadron</title><style>:root{--color-background:#f5f5f0;--color-card:#ffffff;--color-primary:#1f3d2b;--color-primary-foreground:#ffffff}</style></head>
<body class="bg-background"><main>${inner}</main><script type="application/json" id="ssr-state">{}</script></body></html>`;
  if (url === '/') return wrap('<h1>Skadron Udara 31</h1><p>Latihan terbang malam.</p><div class="sr-only">Daftar situs slot gacor maxwin</div>');
  const article = /^\/berita\/([0-9a-f-]+)$/.exec(url)?.[1];
  if (article) {
    const { rows } = await db.query<Row>(`select a.id, a.title, a.category, a.content, p.full_name from public.articles a
      left join public.profiles p on p.id = a.author_id where a.id = $1`, [article]);
    const a = rows[0];
    return wrap(`<article class="bg-card"><span class="rounded bg-primary text-primary-foreground">${escapeHtml(a.category ?? '')}</span>
<h1>${escapeHtml(a.title)}</h1><p>Oleh <span>${escapeHtml(a.full_name ?? '')}</span></p><div>${sanitizeArticleHtml(a.content, siteUrl)}</div></article>`);
  }
  if (url === '/profil/komandan') {
    const { rows } = await db.query<{ rank: string; name: string; period: string }>('select rank, name, period from public.past_commanders order by ordinal');
    return wrap(`<ul>${rows.map((c) => `<li>${escapeHtml(c.rank)} ${escapeHtml(c.name)} <span>${escapeHtml(c.period)}</span></li>`).join('')}</ul>`);
  }
  if (url === '/galeri') {
    const { rows } = await db.query<{ name: string; description: string | null }>('select name, description from public.galleries order by name');
    return wrap(rows.map((g) => `<h2>${escapeHtml(g.name)}</h2><p style="display:none">${escapeHtml(g.description ?? '')}</p>`).join(''));
  }
  return undefined;
}

async function writeWithTriggersOff() {
  const bylineAuthor = await t.createUser({ role: 'admin', fullName: 'Serda Humas' });
  await t.server.ctx.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    const article = async (fields: { title: string; content: string; category?: string }, author = ids.bylineAuthor || null) => (await tx.query<{ id: string }>(
      `insert into public.articles (title, content, category, author_id, published_at) values ($1, $2, $3, $4, now()) returning id`,
      [fields.title, fields.content, fields.category ?? null, author])).rows[0].id;
    for (const attacks of Object.values(DISGUISES)) ids.disguised.push(await article(attacks[0], null));
    ids.title = await article({ title: 'Situs ga\u200bcor', content: '<p>Berita.</p>' }, null);
    ids.category = await article({ title: 'Latihan', content: '<p>Latihan.</p>', category: 'SLOTGACOR' }, null);
    ids.bylineAuthor = bylineAuthor.id;
    await tx.query('update public.profiles set full_name = $2 where id = $1', [bylineAuthor.id, SPAM.byline]);
    ids.byline = await article({ title: 'Apel pagi', content: '<p>Apel pagi.</p>' }, bylineAuthor.id);
    ids.image = await article({ title: 'Foto latihan', content: `<p>Foto latihan.</p>${DATA_SVG}` }, null);
    ids.commander = (await tx.query<{ id: string }>(`insert into public.past_commanders (ordinal, rank, name, period) values (901, 'Letkol Cpn', $1, '2001') returning id`, [SPAM.commander])).rows[0].id;
    ids.gallery = (await tx.query<{ id: string }>(`insert into public.galleries (name, description) values ('Latihan Terjun', $1) returning id`, [SPAM.gallery])).rows[0].id;
  });
}

beforeAll(async () => {
  superadmin = await t.createUser({ role: 'superadmin', fullName: 'Kapten Super' });
  const staffUser = await t.createUser({ role: 'admin', fullName: 'Letda Penerangan' });
  staffId = staffUser.id;
  staff = await t.signInAs(staffUser);
  await writeWithTriggersOff();
  site = createServer((req, res) => {
    if (req.url === '/sitemap.xml') {
      const articles = [...ids.disguised, ids.title, ids.category, ids.byline].map((id) => `<url><loc>https://skadron.example.id/berita/${id}</loc></url>`);
      res.end(`<?xml version="1.0"?><urlset>${articles.join('')}<url><loc>https://skadron.example.id/profil/komandan</loc></url>
<url><loc>https://skadron.example.id/galeri</loc></url></urlset>`);
      return;
    }
    if (req.url === '/rss.xml') return void res.end('<rss><channel></channel></rss>');
    page(req.url ?? '/').then((html) => {
      res.statusCode = html === undefined ? 404 : 200;
      res.end(html ?? 'tidak ada');
    }, (error: Error) => {
      res.statusCode = 500;
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  root = mkdtempSync(path.join(os.tmpdir(), 'skd-shown-'));
  mkdirSync(path.join(root, 'dist'));
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

const env = () => ({ DATABASE_URL: t.server.ctx.config.databaseUrl, DATA_DIR: t.server.ctx.config.dataDir, SITE_URL: siteUrl });

describe('npm run integrity judges the page as its reader sees it', () => {
  it('reports each bypass class with the page, the field and the guard\'s reason', async () => {
    const result = await runIntegrity(['--root', root], env());
    const onPage = (url: string, kind: string, field: string) => result.findings.filter((f) => f.kind === kind && f.subject === `${siteUrl}${url}`
      && f.detail.includes(`, ${field}: ${REASON}`));
    const classes = Object.keys(DISGUISES);
    const missed = classes.filter((_, i) => onPage(`/berita/${ids.disguised[i]}`, 'unaccounted', `Isi artikel "Info kegiatan" (${ids.disguised[i]})`).length !== 1);
    expect(missed).toEqual([]);
    expect(onPage(`/berita/${ids.title}`, 'unaccounted', `Judul artikel (${ids.title})`)).toHaveLength(1);
    expect(onPage(`/berita/${ids.category}`, 'unaccounted', `Kategori artikel "Latihan" (${ids.category})`)).toHaveLength(1);
    expect(onPage(`/berita/${ids.byline}`, 'unaccounted', `Nama profil sebagai penulis artikel (${ids.bylineAuthor})`)).toHaveLength(1);
    expect(onPage('/profil/komandan', 'unaccounted', `Komandan terdahulu (${ids.commander})`)).toHaveLength(1);
    expect(result.findings.filter((f) => f.kind === 'hidden')).toEqual([
      { kind: 'hidden', subject: `${siteUrl}/`, detail: `Tersembunyi dari pembaca (kelas sr-only), teks yang bukan isian situs: ${REASON}gacor, maxwin, situs slot` },
      { kind: 'hidden', subject: `${siteUrl}/galeri`,
        detail: `Tersembunyi dari pembaca (display:none), Keterangan galeri "Latihan Terjun" (${ids.gallery}): ${REASON}gacor` },
    ]);
    expect(result.findings).toContainEqual({ kind: 'markup', subject: `Artikel "Foto latihan" (${ids.image})`, detail: 'Gambar yang tidak diambil dari alamat web (data:)' });
    expect(report(result)).toContain(`FOUND  unaccounted  ${siteUrl}/berita/${ids.byline}\n       Di halaman, Nama profil sebagai penulis artikel (${ids.bylineAuthor}): ${REASON}`);
  });

  it('mails each finding with its page, field and reason, and keeps them for Integritas Situs', async () => {
    await t.server.integrityNotices.drain();
    const mail = (await mailbox(t.server)).find((m) => m.to === superadmin.email && m.subject.startsWith('Integritas Situs'));
    expect(mail?.text).toContain(`- ${siteUrl}/berita/${ids.byline}: Di halaman, Nama profil sebagai penulis artikel (${ids.bylineAuthor}): ${REASON}`);
    const { data } = await (await t.signInAs(superadmin)).from('integrity_findings')
      .select('kind, subject, detail').eq('kind', 'hidden');
    expect(data?.map((f) => f.subject).sort()).toEqual([`${siteUrl}/`, `${siteUrl}/galeri`]);
  });
});

describe('a picture drawn by the HTML itself', () => {
  it('is refused on save in Indonesian, read as a browser reads the address; a web address saves', async () => {
    for (const src of ['data:image/svg+xml,%3Csvg%3E', ' DATA:image/png;base64,AAAA', 'da&#9;ta:image/gif,x', 'javascript:alert(1)', 'blob:https://x/1']) {
      const { error } = await staff.from('articles').insert({ title: 'Foto', content: `<p>Foto</p><img src="${src}">`, author_id: staffId }).select('id');
      expect([src, error?.message]).toEqual([src, expect.stringMatching(/^Isi artikel berisi gambar yang tidak diambil dari alamat web \([a-z]+:\)\.$/)]);
    }
    const srcset = await staff.from('articles').insert({ title: 'Foto', author_id: staffId,
      content: '<p>x</p><img src="/a.webp" srcset="/a.webp 1x, data:image/png,x 2x">' }).select('id');
    expect(srcset.error?.message).toBe('Isi artikel berisi gambar yang tidak diambil dari alamat web (data:).');
    const svg = await staff.from('articles').insert({ title: 'Foto', author_id: staffId,
      content: '<p>x</p><svg><image xlink:href="&#x64;ata:image/png,x"/></svg>' }).select('id');
    expect(svg.error?.message).toBe('Isi artikel berisi gambar yang tidak diambil dari alamat web (data:).');
    const text = (await staff.from('unit_texts').select('id, version').eq('key', 'visi').single()).data!;
    const poster = await staff.from('unit_texts').update({ body: '<p>Visi</p><video poster="blob:https://x/1"></video>', version: text.version })
      .eq('id', text.id).select('id');
    expect(poster.error?.message).toBe('Isi teks berisi gambar yang tidak diambil dari alamat web (blob:).');
    const saved = await staff.from('articles').insert({ title: 'Foto', author_id: staffId, content: '<p>Foto</p><img src="/storage/v1/object/public/articles/a.webp"><img src="https://tniad.mil.id/a.png">' }).select('id');
    expect(saved.error).toBeNull();
  });
});
