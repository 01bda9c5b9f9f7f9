/**
 * Dokumen Informasi Publik (issue 36 item 1, decision 0029): visitors read published documents
 * and their files only; approved staff write them with the second step, versions, revisions,
 * trash and audit; the `documents` bucket takes PDFs, office and OpenDocument files and images
 * judged from their bytes, at most 20 MB. All through supabase-js.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, png } from '../storage/fixtures.ts';
import { enrolledUser, passwordOnly } from '../auth/mfa-helpers.ts';
import { docx, odt, pdf } from '../storage/document-fixtures.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let staff: TypedClient;
let staffId: string;
let superadmin: TypedClient;
let personnel: TypedClient;
let visitor: TypedClient;

beforeAll(async () => {
  const a = await t.createUser({ role: 'admin', fullName: 'Letda Penerangan' });
  staffId = a.id;
  staff = await t.signInAs(a);
  superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
  personnel = await t.signInAs(await t.createUser({ role: 'user', status: 'approved' }));
  visitor = t.anon();
});

let counter = 0;
async function upload(client: TypedClient, owner: string, bytes: Uint8Array, name: string, type: string) {
  const path = `${owner}/${++counter}-${name}`;
  const { error } = await client.storage.from('documents').upload(path, asFile(bytes, name, type), { contentType: type });
  return { path, error };
}

async function newDocument(fields: { title?: string; published?: boolean; category?: string } = {}) {
  const { path, error } = await upload(staff, staffId, pdf('Peraturan'), 'peraturan.pdf', 'application/pdf');
  expect(error).toBeNull();
  const { data, error: insertError } = await staff.from('public_documents').insert({
    title: fields.title ?? 'Peraturan Komandan', category: fields.category ?? 'berkala', year: 2026, file_path: path,
    file_type: 'text/html', file_size: 1, published_at: fields.published === false ? null : new Date().toISOString(),
  }).select('*').single();
  expect(insertError).toBeNull();
  return data!;
}

/** The file as a visitor's browser asks for it: a plain link carrying the anon key. */
const download = (path: string, key = t.server.anonKey) =>
  fetch(`${t.url}/storage/v1/object/authenticated/documents/${path}?apikey=${key}`);

describe('the documents bucket', () => {
  it('takes a PDF, an OOXML and an OpenDocument file, stored with the type of their bytes', async () => {
    for (const [bytes, name, type] of [
      [pdf('a'), 'a.pdf', 'application/pdf'],
      [docx(), 'b.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [odt(), 'c.odt', 'application/vnd.oasis.opendocument.text'],
      [png(8, 8), 'd.png', 'image/png'],
    ] as const) {
      const { path, error } = await upload(staff, staffId, bytes, name, type);
      expect(error).toBeNull();
      const { data } = await staff.storage.from('documents').download(path);
      expect(data?.type).toBe(type);
    }
  });

  it('refuses HTML or a script named .pdf, an unknown binary and a file over 20 MB, and keeps none of them', async () => {
    const html = await upload(staff, staffId, Buffer.from('<!doctype html><script>alert(1)</script>'), 'surat.pdf', 'application/pdf');
    expect(html.error?.message).toMatch(/text\/html is not supported/);
    const script = await upload(staff, staffId, Buffer.from('#!/bin/sh\nrm -rf /\n'), 'skrip.pdf', 'application/pdf');
    expect(script.error?.message).toMatch(/not supported/);
    const exe = await upload(staff, staffId, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]), 'setup.pdf', 'application/pdf');
    expect(exe.error?.message).toMatch(/not supported/);
    const big = await upload(staff, staffId, Buffer.concat([pdf('x'), Buffer.alloc(20 * 1024 * 1024)]), 'besar.pdf', 'application/pdf');
    expect(big.error?.message).toMatch(/maximum allowed size|too large/i);
    const { data } = await staff.storage.from('documents').list(staffId, { limit: 1000 });
    const names = (data ?? []).map((file) => file.name);
    for (const refused of [html, script, exe, big]) expect(names).not.toContain(refused.path.split('/')[1]);
  });

  it('takes uploads only from staff, into their own folder', async () => {
    expect((await upload(personnel, 'x', pdf('p'), 'p.pdf', 'application/pdf')).error).not.toBeNull();
    expect((await upload(visitor, 'x', pdf('v'), 'v.pdf', 'application/pdf')).error).not.toBeNull();
    expect((await upload(staff, 'someone-else', pdf('s'), 's.pdf', 'application/pdf')).error).not.toBeNull();
  });
});

describe('who reads', () => {
  it('gives visitors a published document and its file, never a draft or a draft file', async () => {
    const published = await newDocument({ title: 'Laporan Keuangan 2025' });
    const draft = await newDocument({ title: 'Rancangan Rahasia', published: false });

    const { data: rows } = await visitor.from('public_documents').select('id, title').in('id', [published.id, draft.id]);
    expect(rows).toEqual([{ id: published.id, title: 'Laporan Keuangan 2025' }]);

    const file = await download(published.file_path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await file.text()).toContain('Peraturan');
    expect((await download(draft.file_path)).status).not.toBe(200);
    expect((await fetch(`${t.url}/storage/v1/object/public/documents/${draft.file_path}`)).status).not.toBe(200);

    // unpublishing takes the file away from visitors at once
    await staff.from('public_documents').update({ published_at: null, version: published.version }).eq('id', published.id);
    expect((await download(published.file_path)).status).not.toBe(200);
  });

  it('copies type and size from the stored file, whatever the client claims', async () => {
    const doc = await newDocument();
    expect(doc.file_type).toBe('application/pdf');
    expect(doc.file_size).toBe(pdf('Peraturan').length);
  });
});

describe('who writes', () => {
  it('refuses visitors and plain users, and changes nothing', async () => {
    const doc = await newDocument({ title: 'Tetap' });
    for (const client of [visitor, personnel]) {
      const update = await client.from('public_documents').update({ title: 'Diretas', version: doc.version }).eq('id', doc.id).select('id');
      expect(update.data ?? []).toEqual([]);
      const insert = await client.from('public_documents').insert({
        title: 'Palsu', category: 'berkala', year: 2026, file_path: doc.file_path, file_type: 'application/pdf', file_size: 1,
      });
      expect(insert.error).not.toBeNull();
      await client.from('public_documents').delete().eq('id', doc.id);
    }
    const { data } = await t.service().from('public_documents').select('title').eq('id', doc.id).single();
    expect(data!.title).toBe('Tetap');
  });

  it('refuses a missing title, a missing category and a file that is not in the bucket, in Indonesian', async () => {
    const { path } = await upload(staff, staffId, pdf('b'), 'b.pdf', 'application/pdf');
    const base = { title: 'Judul', category: 'berkala', year: 2026, file_path: path, file_type: 'application/pdf', file_size: 1 };
    expect((await staff.from('public_documents').insert({ ...base, title: '  ' })).error?.message).toBe('Judul dokumen wajib diisi.');
    expect((await staff.from('public_documents').insert({ ...base, category: 'lainnya' })).error?.message)
      .toBe('Kategori dokumen wajib dipilih: berkala, serta merta, atau setiap saat.');
    expect((await staff.from('public_documents').insert({ ...base, file_path: `${staffId}/tidak-ada.pdf` })).error?.message)
      .toBe('Berkas dokumen tidak ditemukan; unggah berkasnya terlebih dahulu.');
  });

  it('asks an enrolled admin for the second step', async () => {
    const enrolled = await enrolledUser(t, { role: 'admin' });
    const aal1 = await passwordOnly(t, enrolled.user);
    const doc = await newDocument();
    const update = await aal1.from('public_documents').update({ title: 'Tanpa kode', version: doc.version }).eq('id', doc.id).select('id');
    expect(update.data ?? []).toEqual([]);
    const done = await enrolled.client.from('public_documents').update({ title: 'Dengan kode', version: doc.version }).eq('id', doc.id).select('title');
    expect(done.data).toEqual([{ title: 'Dengan kode' }]);
  });
});

describe('versions, trash and audit', () => {
  it('refuses a stale version with 409 and keeps revisions', async () => {
    const doc = await newDocument({ title: 'Versi Satu' });
    const first = await staff.from('public_documents').update({ title: 'Versi Dua', version: doc.version }).eq('id', doc.id).select('version').single();
    expect(first.data!.version).toBe(2);
    const stale = await staff.from('public_documents').update({ title: 'Basi', version: doc.version }).eq('id', doc.id);
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe('Dokumen telah diubah oleh pengguna lain.');
    const { data: revisions } = await staff.from('public_document_revisions').select('title, kind').eq('document_id', doc.id);
    expect(revisions).toEqual([{ title: 'Versi Satu', kind: 'update' }]);
    expect((await personnel.from('public_document_revisions').select('id').eq('document_id', doc.id)).data).toEqual([]);
  });

  it('keeps a deleted document and its file in the trash and restores it with the same id', async () => {
    const doc = await newDocument({ title: 'Dihapus' });
    expect((await staff.from('public_documents').delete().eq('id', doc.id)).error).toBeNull();
    // the file stays while the document can come back
    const removed = await staff.storage.from('documents').remove([doc.file_path]);
    expect(removed.data ?? []).toEqual([]);
    const { data: trash } = await staff.from('public_document_trash').select('id, title').eq('id', doc.id);
    expect(trash).toEqual([{ id: doc.id, title: 'Dihapus' }]);
    expect((await personnel.rpc('restore_deleted_document', { target_document: doc.id })).error).not.toBeNull();
    expect((await staff.rpc('restore_deleted_document', { target_document: doc.id })).error).toBeNull();
    expect((await visitor.from('public_documents').select('title').eq('id', doc.id)).data).toEqual([{ title: 'Dihapus' }]);
  });

  it('logs create, publish, unpublish and delete by account', async () => {
    const doc = await newDocument({ title: 'Diaudit', published: false });
    const published = await staff.from('public_documents').update({ published_at: new Date().toISOString(), version: doc.version })
      .eq('id', doc.id).select('version').single();
    await staff.from('public_documents').update({ published_at: null, version: published.data!.version }).eq('id', doc.id);
    await staff.from('public_documents').delete().eq('id', doc.id);
    const { data } = await superadmin.from('audit_entries').select('action, actor_id, target_label').eq('target_id', doc.id).order('id');
    expect(data).toEqual(['document.create', 'document.publish', 'document.unpublish', 'document.delete']
      .map((action) => ({ action, actor_id: staffId, target_label: 'Diaudit' })));
  });
});
