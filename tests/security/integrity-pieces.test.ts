/**
 * Issue 32, the guard's cost per save (decision 0035): a save reads only the paragraphs (pieces
 * ending at a block's closing tag) the guard has not read before. The judgement must stay the
 * whole body's: a term split across an old and a new paragraph, hiding markup that wraps old
 * paragraphs, links counted over old and new paragraphs, and terms added after a paragraph was
 * read are all still held or refused; real unit news saved and edited through the API is not held.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { UNIT_NEWS } from './integrity-corpus.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

const t = useTestServer();
let staff: TypedClient;
let staffId: string;
let superadmin: TypedClient;

beforeAll(async () => {
  const user = await t.createUser({ role: 'admin', fullName: 'Letda Penerangan' });
  staffId = user.id;
  staff = await t.signInAs(user);
  superadmin = (await t.signedIn({ role: 'superadmin', fullName: 'Kapten Super' })).client;
});

/** A piece's key in private.integrity_pieces (private.piece_digest). */
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

const OLD = '<h2>Latihan terbang</h2><p>Skadron Udara 31/Serbu melaksanakan latihan terbang malam di Semarang.</p>'
  + '<p>Latihan diikuti dua belas penerbang dan dua puluh mekanik.</p>';

/** A published article saved by staff; its paragraphs are read (and remembered) by this save. */
async function published(content: string) {
  const { data, error } = await staff.from('articles').insert({ title: 'Kabar satuan', content, author_id: staffId }).select('id, version, published_at').single();
  expect(error).toBeNull();
  expect(data!.published_at).not.toBeNull();
  return data!;
}

/** Staff edit the body; returns what is stored afterwards and the pending hold's reasons. */
async function edit(article: { id: string; version: number }, content: string) {
  const saved = await staff.from('articles').update({ content, version: article.version }).eq('id', article.id).select('content, version').single();
  const hold = await superadmin.from('integrity_holds').select('reasons').eq('row_id', article.id).eq('status', 'pending');
  return { error: saved.error, content: saved.data?.content, version: saved.data?.version, reasons: hold.data?.[0]?.reasons ?? [] };
}

describe('a term split across an old and a new paragraph', () => {
  it('is held when the new paragraph completes a term the old one starts', async () => {
    const before = `${OLD}<p>Cek jadwal rtp</p>`;
    const article = await published(before);
    const saved = await edit(article, `${before}<p>live setiap malam</p>`);
    expect(saved.content).toBe(before);
    expect(saved.reasons).toEqual(['Kata yang lazim di spam judi: rtp live']);
  });

  it('is held when a new one-word paragraph joins two old ones into a term', async () => {
    const article = await published(`${OLD}<p>Ada bonus</p><p>member baru bergabung</p>`);
    const saved = await edit(article, `${OLD}<p>Ada bonus</p><p>new</p><p>member baru bergabung</p>`);
    expect(saved.reasons).toEqual(['Kata yang lazim di spam judi: bonus new member']);
  });

  it('is held when deleting a paragraph brings two old words together', async () => {
    const article = await published(`${OLD}<p>Pantau rtp</p><p>Cuaca cerah dan angin tenang sepanjang hari.</p><p>live dari hanggar</p>`);
    const saved = await edit(article, `${OLD}<p>Pantau rtp</p><p>live dari hanggar</p>`);
    expect(saved.reasons).toEqual(['Kata yang lazim di spam judi: rtp live']);
  });

  it('scores a weak word in an old paragraph with another in a new one', async () => {
    const article = await published(`${OLD}<p>Sosialisasi bahaya judi online bagi prajurit.</p>`);
    const saved = await edit(article, `${OLD}<p>Sosialisasi bahaya judi online bagi prajurit.</p><p>Ikuti taruhan hari ini.</p>`);
    expect(saved.reasons).toEqual(['Kata yang lazim di spam judi: judi online, taruhan']);
  });

  it('is held when the category completes a term the body starts with', async () => {
    const article = await published('<p>live dari lapangan, latihan berjalan lancar.</p><p>Semua penerbang siap.</p>');
    const saved = await staff.from('articles').update({ category: 'Laporan rtp', content: '<p>live dari lapangan, latihan berjalan lancar.</p><p>Semua penerbang siap sekali.</p>', version: article.version })
      .eq('id', article.id).select('category, content').single();
    expect(saved.data).toEqual({ category: null, content: '<p>live dari lapangan, latihan berjalan lancar.</p><p>Semua penerbang siap.</p>' });
  });

  it('reads a body with comments whole: a comment that joins two words across paragraphs', async () => {
    const article = await published(OLD);
    const saved = await edit(article, `${OLD}<p>Info slot <!-- </p><p> --> gacor</p>`);
    expect(saved.reasons).toEqual(['Kata yang lazim di spam judi: slot gacor']);
  });
});

describe('the same judgement as reading the whole body', () => {
  const LONG = '<p>Skadron Udara 31/Serbu melaksanakan latihan terbang malam di Semarang bersama tim mekanik.</p>';
  const CASES: [string, string, string, boolean][] = [
    ['the body\'s end read next to its start', `<p>live dari hanggar dan landasan pacu utama.</p>${LONG}`, `<p>live dari hanggar dan landasan pacu utama.</p>${LONG}<p>Cek rtp</p>`, true],
    ['a short heading before a paragraph', `<h2>Info</h2><p>live dari hanggar</p>${LONG}`, `<h2>rtp</h2><p>live dari hanggar</p>${LONG}`, true],
    ['inline tags around the two words', `${LONG}<p>Cek <em>jadwal</em></p><p><strong>live</strong> sekarang</p>`, `${LONG}<p>Cek <em>rtp</em></p><p><strong>live</strong> sekarang</p>`, true],
    ['a word split by an inline tag in a new paragraph', LONG, `${LONG}<p>Info ga<strong>cor</strong></p>`, true],
    ['a no-break space at a paragraph\'s end', LONG, `${LONG}<p>Cek rtp&nbsp;</p><p>live</p>`, true],
    ['a disguise across paragraphs', LONG, `${LONG}<p>Bonus</p><p>n3w m3mber</p>`, true],
    ['an ordinary edit', LONG, `${LONG}<p>Kegiatan berjalan aman dan lancar.</p>`, false],
  ];

  it.each(CASES)('%s', async (_name, before, after, held) => {
    const article = await published(before);
    const saved = await edit(article, after);
    const { rows } = await t.server.ctx.db.query<{ reasons: string[] }>(
      `select private.guard_reasons(private.guard_words('articles', $1::jsonb), $1::jsonb ->> 'content') as reasons`,
      [JSON.stringify({ title: 'Kabar satuan', content: after })]);
    expect(rows[0].reasons.length > 0).toBe(held);
    expect(saved.reasons).toEqual(rows[0].reasons);
    expect(saved.content).toBe(rows[0].reasons.length > 0 ? before : after);
  });
});

describe('several new paragraphs read at once', () => {
  it('finds a term in one of them, and marks only that one', async () => {
    const spam = '<p>Info slot gacor terbaru hari ini di sini.</p>';
    const clean = '<p>Cuaca cerah sepanjang latihan terbang hari ini.</p>';
    const held = await staff.from('articles').insert({ title: 'Kabar satuan', content: `${clean}${spam}<p>Pesawat kembali ke hanggar.</p>`, author_id: staffId }).select('published_at').single();
    expect(held.data!.published_at).toBeNull();
    const { rows } = await t.server.ctx.db.query<{ has_terms: boolean }>(
      'select has_terms from private.integrity_pieces where digest = any($1) order by has_terms', [[digest(spam), digest(clean)]]);
    expect(rows).toEqual([{ has_terms: false }, { has_terms: true }]);
    await published(`${clean}<p>Pesawat kembali ke hanggar.</p>`);
  });
});

describe('hiding markup around old paragraphs', () => {
  it('refuses a change that only wraps old paragraphs in hidden markup', async () => {
    const article = await published(OLD);
    const wrapped = await edit(article, `<div hidden>${OLD}</div>`);
    expect(wrapped.error?.message).toBe('Isi artikel berisi markah yang menyembunyikan isi (atribut hidden).');
    const styled = await edit(article, OLD.replace('<p>Latihan diikuti', '<p style="display:none">Latihan diikuti'));
    expect(styled.error?.message).toBe('Isi artikel berisi markah yang menyembunyikan isi (gaya display:none).');
    const classed = await edit(article, `<section class="sr-only">${OLD}</section>`);
    expect(classed.error?.message).toBe('Isi artikel berisi markah yang menyembunyikan isi (kelas yang menyembunyikan).');
  });

  it('refuses a tag cut by a closing tag inside its quoted value', async () => {
    const article = await published(OLD);
    const saved = await edit(article, `${OLD}<p title="a</p>b" hidden><a href="https://tniad.mil.id/">x</a></p>`);
    expect(saved.error?.message).toBe('Isi artikel berisi markah yang menyembunyikan isi (atribut hidden).');
  });

  it('refuses emptying an old link', async () => {
    const article = await published(`${OLD}<p>Baca <a href="https://tniad.mil.id/">TNI AD</a></p>`);
    const saved = await edit(article, `${OLD}<p>Baca <a href="https://tniad.mil.id/"></a></p>`);
    expect(saved.error?.message).toBe('Isi artikel berisi markah yang menyembunyikan isi (tautan tanpa teks).');
  });
});

describe('links over old and new paragraphs', () => {
  it('counts every outbound link of the body and finds a never-linked domain in a new paragraph', async () => {
    await t.server.ctx.db.query(`insert into private.integrity_known_domains (domain) values ('arsip-pieces.example') on conflict do nothing`);
    const old = OLD + Array.from({ length: 4 }, (_, i) => `<p><a href="https://arsip-pieces.example/${i}">sumber ${i}</a></p>`).join('');
    const article = await published(old);
    const more = await edit(article, `${old}<p><a href="https://arsip-pieces.example/8">sumber 8</a> <a href="https://arsip-pieces.example/9">sumber 9</a></p>`);
    expect(more.reasons).toEqual(['Tautan keluar terlalu banyak: 6 (batas 5)']);
    const fresh = await edit({ id: article.id, version: more.version! }, `${old}<p><a href="https://baru-pieces.example/">sumber baru</a></p>`);
    expect(fresh.reasons).toEqual(['Tautan ke domain yang belum pernah ditautkan: baru-pieces.example']);
  });
});

describe('a new paragraph of plain text (read without its joined reading, decision 0037)', () => {
  it('is searched as its text reads: no-break spaces, disguises and a heading', async () => {
    // each term stands in the middle of its piece, away from the ends searched with the other pieces
    const around = (words: string) => `Dalam apel pagi komandan mengingatkan ${words} dilarang keras bagi seluruh prajurit skadron`;
    const spaced = await edit(await published(OLD), `${OLD}<p>${around('main slot\u00a0gacor\u2003malam ini')}.</p>`);
    expect(spaced.reasons).toEqual(['Kata yang lazim di spam judi: slot gacor']);
    const disguised = await edit(await published(OLD), `${OLD}<p>${around('info s1ot g4cor hari ini')}.</p>`);
    expect(disguised.reasons).toEqual(['Kata yang lazim di spam judi: slot gacor (disamarkan)']);
    const heading = await edit(await published(OLD), `${OLD}<h3>${around('bandar togel')}</h3>`);
    expect(heading.reasons).toEqual(['Kata yang lazim di spam judi: bandar togel']);
  });

  it('is remembered with nothing hidden, no attribute, no link and one reading', async () => {
    const piece = '<p>Apel pagi dipimpin Danskadron di hanggar.</p>';
    const saved = await edit(await published(OLD), `${OLD}${piece}`);
    expect(saved.reasons).toEqual([]);
    const { rows } = await t.server.ctx.db.query('select hiding, has_terms, text_ends, joined_ends, attrs_ends, hosts, outbound from private.integrity_pieces where digest = $1', [digest(piece)]);
    expect(rows).toEqual([{ hiding: null, has_terms: false, text_ends: 'Apel pagi ¶ di hanggar.', joined_ends: null, attrs_ends: null, hosts: [], outbound: [] }]);
  });
});

describe('terms changed after a paragraph was read', () => {
  it('reads the old paragraphs again', async () => {
    const article = await published(`${OLD}<p>Helikopter mendarat di helipad rumah sakit.</p>`);
    const { error } = await superadmin.from('integrity_terms').insert({ term: 'helipad', weight: 2 });
    expect(error).toBeNull();
    try {
      const saved = await edit(article, `${OLD}<p>Helikopter mendarat di helipad rumah sakit.</p><p>Pasien selamat.</p>`);
      expect(saved.reasons).toEqual(['Kata yang lazim di spam judi: helipad']);
    } finally {
      await superadmin.from('integrity_terms').delete().eq('term', 'helipad');
    }
  });
});

describe('real unit news', () => {
  it('is neither held nor refused when published and then edited a paragraph at a time', async () => {
    const held: string[] = [];
    for (const news of UNIT_NEWS) {
      const { data, error } = await staff.from('articles').insert({ title: news.title, category: news.category, content: news.content, author_id: staffId }).select('id, version, published_at').single();
      expect(error, news.title).toBeNull();
      if (data!.published_at === null) held.push(news.title);
      const edited = news.content.replace(/<\/p>$/, ' Kegiatan berjalan aman dan lancar.</p>');
      const saved = await edit(data!, edited);
      expect(saved.error, news.title).toBeNull();
      if (saved.content !== edited) held.push(`${news.title} (edit)`);
    }
    expect(UNIT_NEWS.length).toBeGreaterThanOrEqual(50);
    expect(held).toEqual([]);
  });
});

describe('the cache of read paragraphs', () => {
  it('forgets paragraphs read more than a week ago when a save reads new ones, and judges them again', async () => {
    const spam = '<p>Main slot gacor malam ini</p>';
    const stale = digest('<p>Paragraf lama yang sudah sepekan tidak dibaca lagi.</p>');
    await t.server.ctx.db.query(
      `insert into private.integrity_pieces (digest, has_terms, text_ends, hosts, kept_at) values ($1, false, 'lama', '{}', now() - interval '8 days')`, [stale]);
    // a forged entry claiming a spam paragraph is clean, as old as the stale one
    await t.server.ctx.db.query(
      `insert into private.integrity_pieces (digest, has_terms, text_ends, hosts, kept_at) values ($1, false, 'Main slot', '{}', now() - interval '8 days')
       on conflict (digest) do update set has_terms = false, kept_at = excluded.kept_at`, [digest(spam)]);
    const article = await published(`${OLD}<p>Paragraf baru tentang latihan tim SAR.</p>`);
    const { rows } = await t.server.ctx.db.query<{ digest: string }>(
      'select digest from private.integrity_pieces where digest = any($1)', [[stale, digest(spam)]]);
    expect(rows).toEqual([]);
    const saved = await edit(article, `${OLD}<p>Paragraf baru tentang latihan tim SAR.</p>${spam}`);
    expect(saved.reasons.join(' ')).toContain('slot gacor');
  });
});

describe('what the cache keeps of links', () => {
  it('judges a remembered paragraph\'s link again once its domain leaves the allowlist', async () => {
    const db = t.server.ctx.db;
    const link = '<p>Mitra kegiatan: <a href="https://mitra-pieces.example/">mitra</a>.</p>';
    await db.query(`update private.integrity_settings set link_allowlist = link_allowlist || '{mitra-pieces.example}'`);
    let article;
    try {
      article = await published(`${OLD}${link}`);
    } finally {
      await db.query(`update private.integrity_settings set link_allowlist = array_remove(link_allowlist, 'mitra-pieces.example')`);
    }
    // only another paragraph changes: the link's paragraph is the one read while it was allowed
    const saved = await edit(article, `${OLD}<p>Latihan ditutup dengan apel.</p>${link}`);
    expect(saved.reasons).toEqual(['Tautan ke domain yang belum pernah ditautkan: mitra-pieces.example']);
  });
});
