/**
 * The visitor's storage rule covers the site's own buckets only: a visitor lists no file in them
 * but a published document's, while a bucket the project owner adds with a policy letting
 * everyone use it works for a visitor as on Supabase, upsert included (supabase-js's integration
 * test does exactly that).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();
const SITE_BUCKETS = ['article_images', 'avatars', 'gallery_photos', 'unit_photos', 'documents'];
const OWNER_BUCKET = 'proyek-terbuka';
let ownerId: string;

/** A row as Storage keeps it: listing, `exists` and upsert all read storage.objects. */
async function storedRow(bucket: string, name: string): Promise<void> {
  await t.server.ctx.db.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
     values ($1, $2, $3::uuid, $3::text, '{"mimetype":"application/pdf","size":4}'::jsonb)`, [bucket, name, ownerId]);
}

beforeAll(async () => {
  ownerId = (await t.createUser({ role: 'admin' })).id;
  for (const bucket of SITE_BUCKETS) await storedRow(bucket, `${ownerId}/berkas-${bucket}.png`);
  await storedRow('documents', `${ownerId}/terbit.pdf`);
  const { error } = await t.service().from('public_documents').insert({
    title: 'Laporan Terbit', category: 'berkala', year: 2026, file_path: `${ownerId}/terbit.pdf`,
    file_type: 'application/pdf', file_size: 4, published_at: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(error).toBeNull();
  // what the owner of a hosted project would add: a bucket of their own, open to everyone
  await t.server.ctx.db.query(`insert into storage.buckets (id, name, public) values ($1, $1, false)`, [OWNER_BUCKET]);
  await t.server.ctx.db.query(
    `create policy "Everyone uses proyek-terbuka" on storage.objects for all to public
       using (bucket_id = '${OWNER_BUCKET}') with check (bucket_id = '${OWNER_BUCKET}')`);
});

describe("a visitor in the site's buckets", () => {
  it('lists no file but a published document', async () => {
    for (const bucket of SITE_BUCKETS) {
      const { data, error } = await t.anon().storage.from(bucket).list(ownerId);
      expect(error, bucket).toBeNull();
      expect(data?.map((f) => f.name), bucket).toEqual(bucket === 'documents' ? ['terbit.pdf'] : []);
    }
  });

  it('cannot learn that a stored image exists, nor upload beside it', async () => {
    for (const bucket of SITE_BUCKETS.filter((b) => b !== 'documents')) {
      const { data } = await t.anon().storage.from(bucket).exists(`${ownerId}/berkas-${bucket}.png`);
      expect(data, bucket).toBe(false);
      const { error } = await t.anon().storage.from(bucket)
        .upload(`${ownerId}/tamu.png`, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), { upsert: true });
      expect(error, bucket).not.toBeNull();
    }
    const { count } = await t.server.ctx.db.query(`select 1 from storage.objects where name like '%/tamu.png'`)
      .then((r) => ({ count: r.rows.length }));
    expect(count).toBe(0);
  });
});

describe("a bucket the project owner adds", () => {
  it('takes a visitor\'s upload with upsert, twice, and lists and serves it', async () => {
    const bucket = t.anon().storage.from(OWNER_BUCKET);
    for (const text of ['pertama', 'kedua']) {
      const { error } = await bucket.upload('catatan.txt', new Blob([text], { type: 'text/plain' }), { upsert: true });
      expect(error).toBeNull();
    }
    const { data: listed } = await bucket.list();
    expect(listed?.map((f) => f.name)).toEqual(['catatan.txt']);
    const { data: file } = await bucket.download('catatan.txt');
    expect(await file?.text()).toBe('kedua');
  });
});
