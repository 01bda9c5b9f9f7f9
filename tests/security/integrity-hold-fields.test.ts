/**
 * Issue 42 item 4: a gallery, a gallery photo, a public document and a past commander whose words
 * read as gambling spam are held as an article is (not refused): visitors keep the public version
 * or see nothing new, the superadmin releases (published as saved) or rejects (kept out) it, and
 * neither a visitor nor other staff can decide.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile } from '../storage/fixtures.ts';
import { pdf } from '../storage/document-fixtures.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let staff: TypedClient;
let otherStaff: TypedClient;
let superadmin: TypedClient;
let staffId: string;

// a zero-width space inside SLOT, a Cyrillic о and a digit for the a of gacor
const SPAM = 'SL\u200bOT G4C\u043eR maxwin';
const ONLY_SUPERADMIN = 'Hanya superadmin yang dapat memutuskan isi yang ditahan.';

beforeAll(async () => {
  const user = await t.createUser({ role: 'admin', fullName: 'Letda Penerangan' });
  staffId = user.id;
  staff = await t.signInAs(user);
  otherStaff = (await t.signedIn({ role: 'admin', fullName: 'Serda Dokumentasi' })).client;
  superadmin = (await t.signedIn({ role: 'superadmin', fullName: 'Kapten Super' })).client;
});

type Hold = { id: number; table_name: string; row_id: string; label: string; reasons: string[] };

/** The pending hold the writer (staff) reads back after a save, as the editors do. */
async function pendingHold(table: string, by: { row_id: string } | { label: string }): Promise<Hold> {
  const query = staff.from('integrity_holds').select('id, table_name, row_id, label, reasons').eq('table_name', table).eq('status', 'pending');
  const { data, error } = await ('row_id' in by ? query.eq('row_id', by.row_id) : query.eq('label', by.label));
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  expect(data![0].reasons.join(' ')).toMatch(/^Kata yang lazim di spam judi: .*gacor/);
  return data![0];
}

/** Neither a visitor nor another staff member can decide a hold; the superadmin can. */
async function decide(hold: Hold, decision: 'integrity_release' | 'integrity_reject') {
  expect((await t.anon().rpc(decision, { hold_id: hold.id })).error).not.toBeNull();
  expect((await otherStaff.rpc(decision, { hold_id: hold.id })).error?.message).toBe(ONLY_SUPERADMIN);
  expect((await superadmin.rpc(decision, { hold_id: hold.id })).error).toBeNull();
}

async function newGallery(name: string): Promise<string> {
  const { data, error } = await staff.from('galleries').insert({ name }).select('id').single();
  expect(error).toBeNull();
  return data!.id;
}

describe('a gallery name and description', () => {
  it('holds a new gallery out of the site until released', async () => {
    const name = `Galeri ${SPAM}`;
    const saved = await staff.from('galleries').insert({ name, description: 'Foto kegiatan' }).select('id');
    expect([saved.error, saved.data]).toEqual([null, []]);
    const hold = await pendingHold('galleries', { label: name });
    expect((await t.anon().from('galleries').select('id').eq('id', hold.row_id)).data).toEqual([]);
    await decide(hold, 'integrity_release');
    expect((await t.anon().from('galleries').select('name, description').eq('id', hold.row_id)).data)
      .toEqual([{ name, description: 'Foto kegiatan' }]);
  });

  it('keeps the public description while an edit is held, and after it is rejected', async () => {
    const id = await newGallery('Bakti Sosial di Bandar Udara');
    const saved = await staff.from('galleries').update({ description: `Foto ${SPAM}`, version: 1 }).eq('id', id).select('description').single();
    expect([saved.error, saved.data]).toEqual([null, { description: null }]);
    const hold = await pendingHold('galleries', { row_id: id });
    expect(hold.label).toBe('Bakti Sosial di Bandar Udara');
    await decide(hold, 'integrity_reject');
    expect((await t.anon().from('galleries').select('description').eq('id', id).single()).data).toEqual({ description: null });
    const clean = await staff.from('galleries').update({ description: 'Slot pendaratan helikopter', version: 2 }).eq('id', id).select('description').single();
    expect(clean.data).toEqual({ description: 'Slot pendaratan helikopter' });
  });
});

describe('a gallery photo caption and alt text', () => {
  it('keeps the public caption while held; a release publishes caption and alt as saved', async () => {
    const galleryId = await newGallery('Latihan Terjun');
    const { data: photo } = await staff.from('gallery_photos').insert({ gallery_id: galleryId, path: `${galleryId}/a.webp`,
      caption: 'Sosialisasi bahaya judi online', alt: 'Helikopter mendarat' }).select('id').single();
    const saved = await staff.from('gallery_photos').update({ caption: 'Daftar sekarang', alt: SPAM }).eq('id', photo!.id).select('caption, alt').single();
    expect([saved.error, saved.data]).toEqual([null, { caption: 'Sosialisasi bahaya judi online', alt: 'Helikopter mendarat' }]);
    const hold = await pendingHold('gallery_photos', { row_id: photo!.id });
    expect(hold.label).toBe('Latihan Terjun');
    await decide(hold, 'integrity_release');
    expect((await t.anon().from('gallery_photos').select('caption, alt').eq('id', photo!.id).single()).data)
      .toEqual({ caption: 'Daftar sekarang', alt: SPAM });
  });

  it('holds a new photo out of the gallery; rejected, it never shows', async () => {
    const galleryId = await newGallery('Upacara');
    const saved = await staff.from('gallery_photos').insert({ gallery_id: galleryId, path: `${galleryId}/b.webp`, caption: SPAM }).select('id');
    expect([saved.error, saved.data]).toEqual([null, []]);
    const hold = await pendingHold('gallery_photos', { label: 'Upacara' });
    await decide(hold, 'integrity_reject');
    expect((await t.anon().from('gallery_photos').select('id').eq('gallery_id', galleryId)).data).toEqual([]);
  });
});

describe('a public document title and description', () => {
  const fields = async (name: string) => {
    const path = `${staffId}/${name}.pdf`;
    expect((await staff.storage.from('documents').upload(path, asFile(pdf(name), `${name}.pdf`, 'application/pdf'),
      { contentType: 'application/pdf' })).error).toBeNull();
    return { category: 'berkala', year: 2026, file_path: path, file_type: 'application/pdf', file_size: 1 };
  };
  const published = new Date(Date.now() - 60_000).toISOString();

  it('saves a held new document as a draft; a release publishes it', async () => {
    const saved = await staff.from('public_documents').insert({ ...(await fields('baru')), title: SPAM, published_at: published })
      .select('id, published_at').single();
    expect(saved.error).toBeNull();
    expect(saved.data!.published_at).toBeNull();
    const hold = await pendingHold('public_documents', { row_id: saved.data!.id });
    expect((await t.anon().from('public_documents').select('id').eq('id', saved.data!.id)).data).toEqual([]);
    await decide(hold, 'integrity_release');
    expect((await t.anon().from('public_documents').select('title').eq('id', saved.data!.id)).data).toEqual([{ title: SPAM }]);
  });

  it('keeps the public title and description of a published document while held and after a rejection', async () => {
    const { data: doc } = await staff.from('public_documents').insert({ ...(await fields('lama')), title: 'Peraturan Komandan',
      description: 'Jadwal slot latihan terbang', published_at: published }).select('id').single();
    const saved = await staff.from('public_documents').update({ description: `Info ${SPAM}`, version: 1 }).eq('id', doc!.id).select('description').single();
    expect([saved.error, saved.data]).toEqual([null, { description: 'Jadwal slot latihan terbang' }]);
    const hold = await pendingHold('public_documents', { row_id: doc!.id });
    await decide(hold, 'integrity_reject');
    expect((await t.anon().from('public_documents').select('title, description').eq('id', doc!.id).single()).data)
      .toEqual({ title: 'Peraturan Komandan', description: 'Jadwal slot latihan terbang' });
  });
});

describe('a past commander', () => {
  it('keeps the public name while an edit is held; a release publishes it', async () => {
    const { data: row } = await staff.from('past_commanders').insert({ ordinal: 903, rank: 'Letkol Cpn', name: 'Budi Santoso', period: '2001-2003' })
      .select('id').single();
    const saved = await staff.from('past_commanders').update({ name: SPAM, version: 1 }).eq('id', row!.id).select('name').single();
    expect([saved.error, saved.data]).toEqual([null, { name: 'Budi Santoso' }]);
    const hold = await pendingHold('past_commanders', { row_id: row!.id });
    expect((await t.anon().from('past_commanders').select('name').eq('id', row!.id).single()).data).toEqual({ name: 'Budi Santoso' });
    await decide(hold, 'integrity_release');
    expect((await t.anon().from('past_commanders').select('name').eq('id', row!.id).single()).data).toEqual({ name: SPAM });
  });
});

describe('the audit log', () => {
  it('names each held kind', async () => {
    const { rows } = await t.server.ctx.db.query<{ target_type: string }>(
      `select distinct target_type from public.audit_log where action = 'integrity.hold' order by 1`);
    expect(rows.map((row) => row.target_type)).toEqual(['document', 'gallery', 'photo', 'unit_page']);
  });
});

describe('the file of a held new photo', () => {
  it('is kept from the clean-up of abandoned files while the hold waits, and abandoned once rejected', async () => {
    const galleryId = await newGallery('Pameran');
    const path = `${galleryId}/held.webp`;
    expect((await staff.from('gallery_photos').insert({ gallery_id: galleryId, path, alt: SPAM }).select('id')).data).toEqual([]);
    const inUse = async () => (await t.server.ctx.db.query<{ used: boolean }>(`select private.gallery_photo_in_use($1) as used`, [path])).rows[0].used;
    expect(await inUse()).toBe(true);
    await decide(await pendingHold('gallery_photos', { label: 'Pameran' }), 'integrity_reject');
    expect(await inUse()).toBe(false);
  });
});
