/** Public article lists (issue 10): excerpt and search vector kept by the database, categories, RLS. */
import { describe, expect, it } from 'vitest';
import { excerpt } from '../../src/lib/format.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

const BODIES = [
  '<h2>Judul &amp; Sub</h2><p>Prajurit Skadron melaksanakan latihan terbang malam dengan helikopter MI-17 V5.</p><script>ignored()</script>',
  '<p>&amp;lt;b&amp;gt; &lt;i&gt; &quot;kutip&quot; &#39;a&#39; &#x41;&#66; &#0; &bogus; a&nbsp;b</p>',
  '<!-- catatan --><style>p{color:red}</style><STYLE >x</style ><p>   banyak\n\n  spasi\t di   sini  </p>',
  `<p>${'Kalimat panjang untuk kutipan kartu berita. '.repeat(6)}</p>`,
  '<p>Emoji 🚁 dan aksara: ñ é — “kutip”.</p>',
];

const PUBLISHED = '2025-06-01T00:00:00Z';

async function insert(rows: { title: string; content: string; category?: string | null; published_at?: string | null }[]) {
  // One bulk insert sends every row's keys: a row without published_at would be a draft (null).
  const { data, error } = await t.service().from('articles')
    .insert(rows.map((row) => ({ published_at: PUBLISHED, ...row }))).select('id, title, excerpt');
  if (error) throw error;
  return data;
}

describe('article lists', () => {
  it('computes the card excerpt in the database exactly as the browser did', async () => {
    const rows = await insert(BODIES.map((content, index) => ({ title: `Kutipan ${index}`, content })));
    expect(rows.map((row) => row.excerpt)).toEqual(BODIES.map((body) => excerpt(body, 100)));
  });

  it('searches title and body with Indonesian stems, title first, and never shows drafts', async () => {
    // "melaksanakan" and "pelaksanaan" share the stem "laksana".
    const [body, title] = await insert([
      { title: 'Kegiatan pangkalan', content: '<p>Para prajurit melaksanakan penerbangan malam.</p>' },
      { title: 'Pelaksanaan penerbangan', content: '<p>Isi lain.</p>', published_at: '2020-01-01T00:00:00Z' },
      { title: 'Draf pelaksanaan penerbangan', content: '<p>melaksanakan penerbangan</p>', published_at: null },
    ]);
    const { data, error } = await t.anon().rpc('search_articles', { q: 'pelaksanaan penerbangan' }).select('id, title');
    expect(error).toBeNull();
    expect(data?.map((row) => row.id)).toEqual([title.id, body.id]);

    const long = await t.anon().rpc('search_articles', { q: 'laksana '.repeat(2000) }).select('id');
    expect(long.error).toBeNull();
    const syntax = await t.anon().rpc('search_articles', { q: '" & | ! ( :*' }).select('id');
    expect(syntax.error).toBeNull();
  });

  it('lists each category once whatever its case, leaving out categories only drafts have', async () => {
    await insert([
      { title: 'a', content: '<p>a</p>', category: 'Bakti Sosial' },
      { title: 'b', content: '<p>b</p>', category: 'bakti sosial' },
      { title: 'c', content: '<p>c</p>', category: 'Bakti Sosial' },
      { title: 'd', content: '<p>d</p>', category: 'Rahasia', published_at: null },
    ]);
    const { data, error } = await t.anon().rpc('article_categories');
    expect(error).toBeNull();
    expect(data).toContain('Bakti Sosial');
    expect(data).not.toContain('bakti sosial');
    expect(data).not.toContain('Rahasia');
  });

  it('keeps the text helpers off the API', async () => {
    const { error } = await t.anon().rpc('html_to_text' as never, { html: '<p>x</p>' } as never);
    expect(error?.code).toBe('PGRST202');
  });
});
