/**
 * Issue 42 item 4: the plain-text fields a visitor reads (gallery name and description, gallery
 * photo caption and alt, public document title and description, a profile's full name shown as the
 * byline) go through the guard's reading: a disguised gambling text is held (a byline is refused
 * with the guard's reasons), the unit's own words save. An article's category is one of a list.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile } from '../storage/fixtures.ts';
import { pdf } from '../storage/document-fixtures.ts';
import { ARTICLE_CATEGORIES } from '../../src/features/admin-content/api/article-schema.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let staff: TypedClient;
let staffId: string;

// a zero-width space inside SLOT, a Cyrillic о and a digit for the a of gacor
const SPAM = 'SL\u200bOT G4C\u043eR maxwin';
const REFUSED = /ditolak penjaga integritas situs: Kata yang lazim di spam judi: .*gacor/;

beforeAll(async () => {
  const user = await t.createUser({ role: 'admin', fullName: 'Letda Penerangan' });
  staffId = user.id;
  staff = await t.signInAs(user);
});

async function newGallery(name = 'Latihan Terjun') {
  const { data, error } = await staff.from('galleries').insert({ name }).select('id').single();
  expect(error).toBeNull();
  return data!.id;
}

describe('plain-text fields that read as gambling spam are held, not refused; the unit\'s words save', () => {
  const pending = async (table: string) => (await staff.from('integrity_holds').select('label').eq('table_name', table).eq('status', 'pending')).data;

  it('gallery name and description', async () => {
    const held = await staff.from('galleries').insert({ name: SPAM }).select('id');
    expect([held.error, held.data]).toEqual([null, []]);
    const id = await newGallery('Bakti Sosial di Bandar Udara');
    const update = await staff.from('galleries').update({ description: `Foto ${SPAM}`, version: 1 }).eq('id', id).select('description').single();
    expect([update.error, update.data]).toEqual([null, { description: null }]);
    const kept = await staff.from('galleries').update({ description: 'Slot pendaratan helikopter di lapangan', version: 2 }).eq('id', id)
      .select('description').single();
    expect(kept.error).toBeNull();
    expect(kept.data!.description).toBe('Slot pendaratan helikopter di lapangan');
    // the clean save supersedes the held one; the new gallery's hold still waits
    expect(await pending('galleries')).toEqual([{ label: SPAM }]);
  });

  it('gallery photo caption and alt', async () => {
    const galleryId = await newGallery();
    for (const [name, text] of [['caption', { caption: SPAM }], ['alt', { alt: SPAM }]] as const) {
      const held = await staff.from('gallery_photos').insert({ gallery_id: galleryId, path: `${galleryId}/${name}.webp`, ...text }).select('id');
      expect([held.error, held.data]).toEqual([null, []]);
    }
    const saved = await staff.from('gallery_photos').insert({ gallery_id: galleryId, path: `${galleryId}/ok.webp`,
      caption: 'Sosialisasi bahaya judi online', alt: 'Helikopter mendarat di lapangan' }).select('caption').single();
    expect(saved.error).toBeNull();
    expect(await pending('gallery_photos')).toEqual([{ label: 'Latihan Terjun' }, { label: 'Latihan Terjun' }]);
  });

  it('public document title and description', async () => {
    const path = `${staffId}/peraturan.pdf`;
    expect((await staff.storage.from('documents').upload(path, asFile(pdf('Peraturan'), 'peraturan.pdf', 'application/pdf'),
      { contentType: 'application/pdf' })).error).toBeNull();
    const fields = { category: 'berkala', year: 2026, file_path: path, file_type: 'application/pdf', file_size: 1,
      published_at: new Date(Date.now() - 60_000).toISOString() };
    for (const text of [{ title: SPAM }, { title: 'Peraturan', description: SPAM }]) {
      const held = await staff.from('public_documents').insert({ ...fields, ...text }).select('published_at').single();
      expect([held.error, held.data]).toEqual([null, { published_at: null }]);
    }
    const saved = await staff.from('public_documents').insert({ ...fields, title: 'Peraturan Komandan',
      description: 'Jadwal slot latihan terbang' }).select('published_at').single();
    expect(saved.error).toBeNull();
    expect(saved.data!.published_at).not.toBeNull();
    expect(await pending('public_documents')).toHaveLength(2);
  });
});

describe('a profile full name, the byline, is refused', () => {
  it('a profile full name, the byline: from its owner and at sign-up', async () => {
    const own = await staff.from('profiles').update({ full_name: SPAM }).eq('id', staffId).select('full_name');
    expect(own.error?.message).toMatch(REFUSED);
    expect((await staff.from('profiles').update({ full_name: 'Kapten Cpn Budi Santoso' }).eq('id', staffId).select('id')).error).toBeNull();
    const signUp = await t.anon().auth.signUp({ email: `spam-${Date.now()}@example.com`, password: 'rahasia-123-x',
      options: { data: { full_name: SPAM } } });
    expect(signUp.data.user).toBeNull();
    expect([signUp.error?.status, signUp.error?.message]).toEqual([422, expect.stringMatching(/^Nama lengkap ditolak penjaga integritas situs: /)]);
    expect((await t.server.ctx.db.query(`select 1 from public.profiles where full_name like 'SL%'`)).rowCount).toBe(0);
  });
});

describe('past commanders', () => {
  // Held through integrity_check like the other unit pages (tests/security/integrity-hold-fields.test.ts);
  // the guard's reading of the row, which the watch's scan uses too, finds the disguise.
  it('reads a disguised name as spam', async () => {
    const row = { ordinal: 901, rank: 'Letkol Cpn', name: SPAM, period: '2001-2003' };
    const { rows } = await t.server.ctx.db.query<{ reasons: string[] }>(
      `select private.guard_reasons(private.guard_words('past_commanders', $1::jsonb), null) as reasons`, [JSON.stringify(row)]);
    expect(rows[0].reasons.join(' ')).toMatch(/^Kata yang lazim di spam judi: .*gacor/);
    const innocent = await t.server.ctx.db.query<{ reasons: string[] }>(
      `select private.guard_reasons(private.guard_words('past_commanders', $1::jsonb), null) as reasons`,
      [JSON.stringify({ ...row, name: 'Budi Santoso, komandan saat slot latihan malam' })]);
    expect(innocent.rows[0].reasons).toEqual([]);
  });
});

describe('an article category is one of the known list', () => {
  it('refuses another category in Indonesian, keeps the list the editor offers', async () => {
    const disguised = await staff.from('articles').insert({ title: 'Info', category: SPAM, content: '<p>Info</p>', author_id: staffId }).select('id');
    expect(disguised.error?.message).toMatch(/^Kategori harus salah satu dari: /);
    const refused = await staff.from('articles').insert({ title: 'Info', category: 'Slot Resmi', content: '<p>Info</p>', author_id: staffId }).select('id');
    expect(refused.error?.message).toBe(`Kategori harus salah satu dari: ${ARTICLE_CATEGORIES.join(', ')}.`);
    const saved = await staff.from('articles').insert({ title: 'Info', category: 'bakti sosial', content: '<p>Info</p>', author_id: staffId }).select('category').single();
    expect(saved.error).toBeNull();
    const { data } = await t.anon().rpc('known_article_categories');
    expect(data).toEqual([...ARTICLE_CATEGORIES]);
  });
});

describe('the stored-content scan (npm run integrity)', () => {
  it('reports every plain-text field written by SQL with the triggers off, and not the unit text', async () => {
    const ids = await t.server.ctx.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      const gallery = (await tx.query<{ id: string }>(`insert into public.galleries (name, description) values ('Latihan', $1) returning id`, [SPAM])).rows[0].id;
      const clean = (await tx.query<{ id: string }>(`insert into public.galleries (name, description) values ('Bandar Udara', 'Slot pendaratan') returning id`)).rows[0].id;
      const photo = (await tx.query<{ id: string }>(`insert into public.gallery_photos (gallery_id, path, alt) values ($1::uuid, $1::text || '/s.webp', $2) returning id`, [clean, SPAM])).rows[0].id;
      const doc = (await tx.query<{ id: string }>(`insert into public.public_documents (title, category, year, file_path, file_type, file_size)
        values ($1, 'berkala', 2026, 'x/y.pdf', 'application/pdf', 1) returning id`, [SPAM])).rows[0].id;
      const commander = (await tx.query<{ id: string }>(`insert into public.past_commanders (ordinal, rank, name, period) values (902, 'Letkol Cpn', $1, '2001') returning id`, [SPAM])).rows[0].id;
      await tx.query(`update public.profiles set full_name = $2 where id = $1`, [staffId, SPAM]);
      return [gallery, photo, doc, commander, staffId, clean];
    });
    const { rows } = await t.server.ctx.db.query<{ subject: string; detail: string }>(`select subject, detail from private.stored_field_findings()`);
    const found = (id: string) => rows.some((row) => row.subject.includes(id) && /^Kata yang lazim di spam judi: .*gacor/.test(row.detail));
    expect(ids.map(found)).toEqual([true, true, true, true, true, false]);
  });
});
