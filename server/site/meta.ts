/** A page's <title>, description and Open Graph tags, written into the HTML the server sends. */
import { site } from '../../src/content/site.ts';

export const SITE_NAME = site.name;

/** The head the render bundle worked out from the page's route module (src/entry-server.tsx HeadMeta). */
export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  /** Pixel size of `image`, when it is a rendition of known size. */
  imageSize?: { width: number; height: number };
  type?: 'website' | 'article';
  /** schema.org data, already serialised for a JSON-LD block (see jsonLdText). */
  jsonLd?: string;
  /** Kept out of search engines (an article that is not, or not yet, public). */
  noindex?: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Replaces the <title> and default description of index.html and adds Open Graph tags. */
export function renderMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:locale" content="id_ID" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : '',
    meta.image && meta.imageSize ? `<meta property="og:image:width" content="${meta.imageSize.width}" />` : '',
    meta.image && meta.imageSize ? `<meta property="og:image:height" content="${meta.imageSize.height}" />` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    meta.image ? `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />` : '',
    meta.jsonLd ? `<script type="application/ld+json">${meta.jsonLd}</script>` : '',
  ].filter(Boolean).join('\n    ');
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '')
    .replace(/<\/head>/i, `    ${tags}\n  </head>`);
}
