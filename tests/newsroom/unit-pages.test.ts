/**
 * Editable unit pages and public-information pages (issue 25, decision 0023): everyone reads
 * them, only approved admin and superadmin staff write them, with versions, revisions, audit and
 * refusals in Indonesian, all through supabase-js.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, png } from '../storage/fixtures.ts';
import { sanitizeArticleHtml } from '../../src/lib/sanitize.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let staff: TypedClient;
let staffId: string;
let superadmin: TypedClient;
let personnel: TypedClient;
let pendingAdmin: TypedClient;
let visitor: TypedClient;

beforeAll(async () => {
  const a = await t.createUser({ role: 'admin', fullName: 'Letda Penerangan' });
  staffId = a.id;
  staff = await t.signInAs(a);
  superadmin = await t.signInAs(await t.createUser({ role: 'superadmin', fullName: 'Kapten Super' }));
  personnel = await t.signInAs(await t.createUser({ role: 'user', status: 'approved' }));
  pendingAdmin = await t.signInAs(await t.createUser({ role: 'admin', status: 'pending' }));
  visitor = t.anon();
});

const row = async (table: 'unit_texts' | 'unit_posts' | 'past_commanders' | 'info_pages', id: string) =>
  (await t.service().from(table).select('*').eq('id', id).single()).data as Record<string, unknown>;

describe('seeded content', () => {
  it('gives every visitor the profile, structure and information pages as the site showed them', async () => {
    const texts = (await visitor.from('unit_texts').select('key, title, body').order('position')).data!;
    expect(texts.map((text) => text.key)).toEqual(['sejarah', 'visi', 'misi', 'peran', 'tugas', 'makna_logo', 'penutup']);
    expect(texts[1].body).toBe('<p>Menjadi satuan penerbangan serbu yang profesional, modern, dan andal dalam mendukung tugas pokok TNI Angkatan Darat.</p>');
    expect(texts[5].body.match(/<li>/g)).toHaveLength(7);

    const posts = (await visitor.from('unit_posts').select('kind, name, officer_name, sections, note').order('kind').order('position')).data!;
    const of = (kind: string) => posts.filter((post) => post.kind === kind);
    expect(of('pimpinan').map((post) => [post.name, post.officer_name])).toEqual([
      ['Komandan Skadron', null],
      ['Wakil Komandan Skadron', '(Nama Wakil Komandan)'],
    ]);
    expect(of('staf')).toHaveLength(5);
    expect(of('flight_operasional').map((flight) => [flight.name, flight.sections.length])).toEqual([['Flight A', 4], ['Flight B', 4], ['Flight C', 4]]);
    expect(of('flight_pemeliharaan')[0].sections).toHaveLength(6);
    expect(of('kompi_markas')[0]).toMatchObject({ name: 'Kompi Markas', note: 'Akan diperbarui' });

    const commanders = (await visitor.from('past_commanders').select('ordinal, rank, period, photo_url').order('ordinal')).data!;
    expect(commanders).toHaveLength(13);
    expect(commanders[12]).toEqual({ ordinal: 13, rank: 'Letkol Cpn', period: '(Tahun Menjabat)', photo_url: '/images/commanders/komandan-13.webp' });

    const pages = (await visitor.from('info_pages').select('slug, title').order('slug')).data!;
    expect(pages).toEqual([
      { slug: 'aksesibilitas', title: 'Pernyataan Aksesibilitas' },
      { slug: 'informasi-publik', title: 'Informasi Publik (PPID)' },
      { slug: 'kebijakan-privasi', title: 'Kebijakan Privasi' },
    ]);
  });
});

describe('who writes', () => {
  it('refuses visitors, plain users and pending staff, and changes nothing', async () => {
    const text = (await visitor.from('unit_texts').select('id, version').eq('key', 'visi').single()).data!;
    const page = (await visitor.from('info_pages').select('id, version').eq('slug', 'aksesibilitas').single()).data!;
    const commander = (await visitor.from('past_commanders').select('id, version').eq('ordinal', 1).single()).data!;
    const before = [await row('unit_texts', text.id), await row('info_pages', page.id), await row('past_commanders', commander.id)];
    for (const client of [visitor, personnel, pendingAdmin]) {
      const updates = [
        await client.from('unit_texts').update({ body: '<p>Diretas</p>', version: text.version }).eq('id', text.id).select('id'),
        await client.from('info_pages').update({ title: 'Diretas', version: page.version }).eq('id', page.id).select('id'),
        await client.from('past_commanders').update({ name: 'Diretas', version: commander.version }).eq('id', commander.id).select('id'),
      ];
      // a row the caller may not update is invisible to the UPDATE: no row comes back
      for (const update of updates) expect(update.data ?? []).toEqual([]);
      const insert = await client.from('unit_posts').insert({ kind: 'staf', name: 'Seksi Palsu' });
      expect(insert.error?.code).toBe('42501');
      await client.from('past_commanders').delete().eq('id', commander.id);
    }
    expect([await row('unit_texts', text.id), await row('info_pages', page.id), await row('past_commanders', commander.id)]).toEqual(before);
    expect((await visitor.from('unit_posts').select('id').eq('name', 'Seksi Palsu')).data).toEqual([]);
  });

  it('lets staff edit a text with the version they read, keeps the revision and writes the audit log', async () => {
    const text = (await staff.from('unit_texts').select('id, body, version').eq('key', 'penutup').single()).data!;
    const saved = await staff.from('unit_texts').update({ body: '<p>Penutup baru.</p>', version: text.version })
      .eq('id', text.id).select('body, version, updated_by').single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ body: '<p>Penutup baru.</p>', version: text.version + 1, updated_by: staffId });

    const stale = await superadmin.from('unit_texts').update({ body: '<p>Lama</p>', version: text.version }).eq('id', text.id);
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe('Teks profil telah diubah oleh pengguna lain.');
    const unversioned = await superadmin.from('unit_texts').update({ body: '<p>Tanpa versi</p>' }).eq('id', text.id);
    expect(unversioned.status).toBe(400);
    expect(unversioned.error?.message).toBe('Teks profil tidak dapat disimpan tanpa nomor versi.');

    const revisions = (await staff.from('unit_page_revisions').select('table_name, version, data, saved_by_name, replaced_by_name, kind')
      .eq('row_id', text.id)).data!;
    expect(revisions).toEqual([{
      table_name: 'unit_texts', version: text.version, data: expect.objectContaining({ body: text.body }),
      saved_by_name: null, replaced_by_name: 'Letda Penerangan', kind: 'update',
    }]);
    expect((await personnel.from('unit_page_revisions').select('id').eq('row_id', text.id)).data).toEqual([]);
    expect((await staff.from('unit_page_revisions').delete().eq('row_id', text.id)).error?.code).toBe('42501');

    const { rows } = await t.server.ctx.db.query<{ action: string; actor_id: string; target_label: string; changes: unknown }>(
      `select action, actor_id, target_label, changes from public.audit_log where target_id = $1`, [text.id]);
    expect(rows).toEqual([{
      action: 'unit_page.update', actor_id: staffId, target_label: 'Profil: Penutup',
      changes: { body: { old: `${text.body.slice(0, 200)}…`, new: '<p>Penutup baru.</p>' } },
    }]);

    const restored = await staff.from('unit_texts').update({ body: text.body, version: text.version + 1 }).eq('id', text.id);
    expect(restored.error).toBeNull();
  });

  it('lets staff add, change and remove a past commander', async () => {
    const added = await superadmin.from('past_commanders')
      .insert({ ordinal: 14, rank: 'Letkol Cpn', name: 'Letkol Cpn Budi Santoso', period: '2025 - sekarang' })
      .select('id, version').single();
    expect(added.error).toBeNull();
    expect(added.data!.version).toBe(1);
    expect((await visitor.from('past_commanders').select('name').eq('ordinal', 14).single()).data!.name).toBe('Letkol Cpn Budi Santoso');
    expect((await superadmin.from('past_commanders').delete().eq('id', added.data!.id)).error).toBeNull();
    expect((await visitor.from('past_commanders').select('id').eq('ordinal', 14)).data).toEqual([]);
  });
});

describe('bad input', () => {
  it('refuses hostile HTML in Indonesian and stores nothing', async () => {
    const page = (await staff.from('info_pages').select('id, body, version').eq('slug', 'kebijakan-privasi').single()).data!;
    for (const body of [
      '<p>Halo</p><script>alert(1)</script>',
      '<p><img src="x" onerror="alert(1)"></p>',
      '<p><a href="javascript:alert(1)">klik</a></p>',
      '<p><a href=" JaVaScRiPt&colon;alert(1)">klik</a><iframe src="https://contoh.id"></iframe></p>',
      '<svg><animate onbegin="alert(1)"/></svg>',
    ]) {
      const res = await staff.from('info_pages').update({ body, version: page.version }).eq('id', page.id);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe('Isi halaman berisi kode HTML yang tidak diizinkan (skrip, sisipan, atau atribut event).');
    }
    expect((await row('info_pages', page.id)).body).toBe(page.body);
    expect((await row('info_pages', page.id)).version).toBe(page.version);
  });

  it('neutralises what slips past the database when the page renders it', () => {
    expect(sanitizeArticleHtml('<p title="x">Aman</p><img src=x onerror=alert(1)><a href="java&#x09;script:alert(1)">a</a>'))
      .toBe('<p>Aman</p><img src="x"><a>a</a>');
  });

  it('refuses missing and oversized fields with clear messages', async () => {
    const post = (await staff.from('unit_posts').select('id, version').eq('name', 'Seksi Intelijen').single()).data!;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Nama jabatan atau satuan wajib diisi.'],
      [{ officer_name: 'x'.repeat(121) }, 'Nama perwira terlalu panjang (maksimal 120 karakter).'],
      [{ sections: ['Seksi A', ''] }, 'Nama seksi wajib diisi.'],
      [{ photo_url: 'javascript:alert(1)' }, 'Alamat foto tidak valid.'],
    ];
    for (const [fields, message] of cases) {
      const res = await staff.from('unit_posts').update({ ...fields, version: post.version }).eq('id', post.id);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    const text = (await staff.from('unit_texts').select('id, version').eq('key', 'visi').single()).data!;
    const empty = await staff.from('unit_texts').update({ body: '<p> </p>', version: text.version }).eq('id', text.id);
    expect(empty.error?.message).toBe('Isi teks wajib diisi.');
    const commander = await staff.from('past_commanders').insert({ ordinal: 15, rank: 'Letkol Cpn', name: 'Tanpa Periode', period: '' });
    expect(commander.error?.message).toBe('Periode menjabat wajib diisi.');
    expect((await row('unit_posts', post.id)).version).toBe(post.version);
    expect((await visitor.from('past_commanders').select('id').eq('ordinal', 15)).data).toEqual([]);
  });

  it('takes photos from staff only, images only, and keeps a photo a page uses', async () => {
    const bucket = 'unit_photos';
    const name = `${staffId}/komandan-${Date.now()}.png`;
    const notImage = await staff.storage.from(bucket).upload(`${staffId}/surat.txt`, asFile(new TextEncoder().encode('bukan foto'), 'surat.txt', 'text/plain'));
    expect(notImage.error).not.toBeNull();
    const fakePng = await staff.storage.from(bucket).upload(`${staffId}/palsu.png`, asFile(new TextEncoder().encode('<html>bukan foto</html>'), 'palsu.png', 'image/png'));
    expect(fakePng.error).not.toBeNull();
    for (const client of [visitor, personnel]) {
      const res = await client.storage.from(bucket).upload(name, asFile(png(8, 8), 'f.png', 'image/png'));
      expect(res.error).not.toBeNull();
    }
    expect((await staff.storage.from(bucket).upload(name, asFile(png(8, 8), 'f.png', 'image/png'))).error).toBeNull();
    const url = staff.storage.from(bucket).getPublicUrl(name).data.publicUrl;
    const commander = (await staff.from('past_commanders').select('id, version, photo_url').eq('ordinal', 2).single()).data!;
    expect((await staff.from('past_commanders').update({ photo_url: url, version: commander.version }).eq('id', commander.id)).error).toBeNull();
    const inUse = await staff.storage.from(bucket).remove([name]);
    expect(inUse.data ?? []).toEqual([]);
    await staff.from('past_commanders').update({ photo_url: commander.photo_url, version: commander.version + 1 }).eq('id', commander.id);
    // the version that showed it can still be loaded back for 30 days
    expect((await staff.storage.from(bucket).remove([name])).data ?? []).toEqual([]);
    await t.server.ctx.db.query(`update public.unit_page_revisions set replaced_at = now() - interval '31 days' where row_id = $1`, [commander.id]);
    expect((await staff.storage.from(bucket).remove([name])).data).toHaveLength(1);
  });
});

describe('Tempat Sampah', () => {
  const addCommander = async (ordinal: number) => (await superadmin.from('past_commanders')
    .insert({ ordinal, rank: 'Letkol Cpn', name: `Komandan Uji ${ordinal}`, period: '2001 - 2003' })
    .select('id, version').single()).data!;

  it('keeps a deleted commander for staff only, and brings it back with its id, logged as a restore', async () => {
    const commander = await addCommander(41);
    expect((await staff.from('past_commanders').delete().eq('id', commander.id)).error).toBeNull();

    expect((await visitor.from('unit_page_trash').select('id')).error).not.toBeNull();
    expect((await personnel.from('unit_page_trash').select('id')).data).toEqual([]);
    const listed = (await staff.from('unit_page_trash').select('id, table_name, label, deleted_by_name')).data!;
    expect(listed).toContainEqual({ id: commander.id, table_name: 'past_commanders', label: 'Komandan ke-41: Komandan Uji 41', deleted_by_name: 'Letda Penerangan' });

    for (const client of [visitor, personnel]) {
      expect((await client.rpc('restore_unit_row', { target: commander.id })).error).not.toBeNull();
    }
    expect(await row('past_commanders', commander.id)).toBeNull();

    const restored = await staff.rpc('restore_unit_row', { target: commander.id });
    expect(restored.error).toBeNull();
    expect(restored.data).toBe(commander.version + 1);
    expect(await row('past_commanders', commander.id)).toMatchObject({ ordinal: 41, name: 'Komandan Uji 41', version: commander.version + 1 });
    expect((await visitor.from('past_commanders').select('name').eq('ordinal', 41).single()).data!.name).toBe('Komandan Uji 41');
    expect((await staff.from('unit_page_trash').select('id').eq('id', commander.id)).data).toEqual([]);
    const { data: audit } = await t.service().from('audit_log').select('action, actor_name').eq('target_id', commander.id).order('id');
    expect(audit!.map((entry) => entry.action)).toEqual(['unit_page.create', 'unit_page.delete', 'unit_page.restore']);

    const again = await staff.rpc('restore_unit_row', { target: commander.id });
    expect(again.error).toMatchObject({ code: 'PT409', message: 'Isi ini tidak berada di Tempat Sampah.' });
  });

  it('refuses a restore onto a taken place in the timeline, and one older than 30 days, changing nothing', async () => {
    const first = await addCommander(42);
    expect((await staff.from('past_commanders').delete().eq('id', first.id)).error).toBeNull();
    const second = await addCommander(42);
    const taken = await staff.rpc('restore_unit_row', { target: first.id });
    expect(taken.error).toMatchObject({ code: 'PT409' });
    expect(taken.error!.message).toContain('Urutan komandan ke-42 sudah dipakai');
    expect(await row('past_commanders', first.id)).toBeNull();

    expect((await staff.from('past_commanders').delete().eq('id', second.id)).error).toBeNull();
    await t.server.ctx.db.query(`update public.unit_page_revisions set replaced_at = now() - interval '31 days' where row_id = $1`, [second.id]);
    const old = await staff.rpc('restore_unit_row', { target: second.id });
    expect(old.error).toMatchObject({ code: 'PT410' });
    expect(await row('past_commanders', second.id)).toBeNull();
    expect((await staff.rpc('restore_unit_row', { target: crypto.randomUUID() })).error).toMatchObject({ code: 'PT404' });
  });
});
