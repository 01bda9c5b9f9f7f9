/** sitemap.xml and rss.xml, read through the public REST API as a visitor. */
import { site } from '../../src/content/site.ts';
import { publicPages } from '../../src/lib/pages.ts';
import { lastModified } from '../../src/features/news/lib/article-dates.ts';
import { documentFileUrl } from '../../src/lib/public-documents/documents.ts';
import type { SiteApi } from './api.ts';

export const RSS_ITEMS = 20;

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Every indexed page, every article a visitor can open and every published document's file. */
export async function sitemapXml(api: SiteApi, siteUrl: string): Promise<string> {
  const [articles, documents] = await Promise.all([
    api.get<{ id: string; published_at: string; updated_at: string }>('articles', {
      // The sitemap protocol's limit for one file.
      select: 'id,published_at,updated_at', order: 'published_at.desc,id.desc', limit: '50000',
    }),
    api.get<{ file_path: string; title: string; updated_at: string }>('public_documents', {
      select: 'file_path,title,updated_at', order: 'published_at.desc,id.desc', limit: '10000',
    }),
  ]);
  // Files are served by the API: this server's own, or the hosted project's.
  const storageBase = api.local ? siteUrl : api.url;
  const urls = [
    ...publicPages.filter((p) => p.indexed).map((p) => `  <url><loc>${xml(siteUrl + p.path)}</loc></url>`),
    ...articles.map((a) => `  <url><loc>${xml(`${siteUrl}/berita/${a.id}`)}</loc><lastmod>${new Date(lastModified(a)!).toISOString()}</lastmod></url>`),
    ...documents.map((d) => `  <url><loc>${xml(documentFileUrl(storageBase, api.anonKey, d))}</loc><lastmod>${new Date(d.updated_at).toISOString()}</lastmod></url>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

interface FeedItem { id: string; title: string; excerpt: string | null; category: string | null; published_at: string }

/** RSS 2.0 of the newest articles: title, link, date and the card excerpt. */
export async function rssXml(api: SiteApi, siteUrl: string): Promise<string> {
  const items = await api.get<FeedItem>('articles', {
    select: 'id,title,excerpt,category,published_at', order: 'published_at.desc,id.desc', limit: String(RSS_ITEMS),
  });
  const entries = items.map((item) => {
    const link = xml(`${siteUrl}/berita/${item.id}`);
    return [
      '    <item>',
      `      <title>${xml(item.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${new Date(item.published_at).toUTCString()}</pubDate>`,
      item.category ? `      <category>${xml(item.category)}</category>` : '',
      `      <description>${xml(item.excerpt ?? '')}</description>`,
      '    </item>',
    ].filter(Boolean).join('\n');
  });
  const updated = items[0] ? `\n    <lastBuildDate>${new Date(items[0].published_at).toUTCString()}</lastBuildDate>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`Berita & Kegiatan | ${site.name}`)}</title>
    <link>${xml(`${siteUrl}/kegiatan`)}</link>
    <atom:link href="${xml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${xml(site.description)}</description>
    <language>id</language>${updated}
${entries.join('\n')}
  </channel>
</rss>
`;
}
