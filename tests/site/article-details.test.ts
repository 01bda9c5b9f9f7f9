/** Issue 25: one date rule across the demo seed, RSS and sitemap; the public byline; captions. */
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.ts';
import { articleDates, lastModified } from '../../src/features/news/lib/article-dates.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

const DAY = 86_400_000;

describe('the demo seed and the feeds', () => {
  it('gives each demo report its own publication day, drafted before it, one corrected later; RSS and the sitemap say the same', async () => {
    await seedDemo(t.server.ctx.db);
    const { data, error } = await t.anon().from('articles')
      .select('id, title, created_at, published_at, updated_at').order('published_at', { ascending: false });
    expect(error).toBeNull();
    const rows = data!;
    expect(rows).toHaveLength(5);
    const days = rows.map((row) => Math.floor(Date.parse(row.published_at!) / DAY));
    expect(new Set(days).size).toBe(5);
    for (const row of rows) {
      expect(Date.parse(row.created_at)).toBeLessThan(Date.parse(row.published_at!));
      expect(Date.parse(row.published_at!)).toBeLessThan(Date.now());
    }
    expect(rows.filter((row) => articleDates(row).updated !== null).map((row) => row.title))
      .toEqual(['Dukungan Angkutan Udara untuk Penanggulangan Bencana']);

    const rss = await (await fetch(`${t.url}/rss.xml`)).text();
    const pubDates = [...rss.matchAll(/<pubDate>(.*?)<\/pubDate>/g)].map((m) => m[1]);
    expect(pubDates).toEqual(rows.map((row) => new Date(row.published_at!).toUTCString()));

    const sitemap = await (await fetch(`${t.url}/sitemap.xml`)).text();
    for (const row of rows) {
      expect(sitemap).toContain(`/berita/${row.id}</loc><lastmod>${new Date(lastModified(row)!).toISOString()}</lastmod>`);
    }
  });
});

describe('byline', () => {
  it("is the author's name, or 'Penerangan Skadron' when hidden; a draft's author stays unknown to visitors", async () => {
    const { user, client } = await t.signedIn({ role: 'admin', fullName: 'Serka Budi Santoso' });
    const insert = async (row: { title: string; byline_hidden?: boolean; published_at?: string | null }) => {
      const { data, error } = await client.from('articles')
        .insert({ content: '<p>x</p>', author_id: user.id, ...row }).select('id').single();
      expect(error).toBeNull();
      return data!.id;
    };
    const named = await insert({ title: 'Bernama' });
    const hidden = await insert({ title: 'Tanpa nama', byline_hidden: true });
    const draft = await insert({ title: 'Draf', published_at: null });
    const byline = async (who: typeof client, id: string) => (await who.rpc('article_byline', { article_id: id })).data;

    expect(await byline(t.anon(), named)).toEqual(['Serka Budi Santoso']);
    expect(await byline(t.anon(), hidden)).toEqual(['Penerangan Skadron']);
    expect(await byline(t.anon(), draft)).toEqual([]);
    expect(await byline(client, draft)).toEqual(['Serka Budi Santoso']);
    // Nothing else of the profile is readable by a visitor.
    expect((await t.anon().from('profiles').select('full_name')).data).toEqual([]);
  });
});

describe('captions', () => {
  it('keeps a caption per picture and refuses what is not a short text per picture', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    const url = `${t.url}/storage/v1/object/public/article_images/a.jpg`;
    const ok = await client.from('articles').insert({
      title: 'Berkapsi', content: '<p>x</p>', author_id: user.id, cover_image_url: url, image_captions: { [url]: 'Helikopter MI-17 V5 mendarat.' },
    }).select('image_captions').single();
    expect(ok.error).toBeNull();
    expect(ok.data!.image_captions).toEqual({ [url]: 'Helikopter MI-17 V5 mendarat.' });

    for (const image_captions of [{ [url]: 'x'.repeat(301) }, { [url]: 5 }, ['a'], 'teks']) {
      const bad = await client.from('articles').insert({ title: 'Buruk', content: '<p>x</p>', author_id: user.id, image_captions });
      expect(bad.error?.code, JSON.stringify(image_captions)).toBe('23514');
    }
  });
});
