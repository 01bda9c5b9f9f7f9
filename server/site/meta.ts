/** Per-page <title>, description and Open Graph tags, written into the HTML the server sends. */
export const SITE_NAME = 'Skadron 31/Serbu';
export const DEFAULT_DESCRIPTION =
  'Website resmi Skadron 31/Serbu, bagian dari Pusat Penerbangan Angkatan Darat: profil satuan, struktur organisasi, berita dan kegiatan.';

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  type?: 'website' | 'article';
}

/** Titles of the static public routes; the SPA sets the same ones at run time. */
export const STATIC_PAGES: Record<string, string> = {
  '/': 'Beranda',
  '/profil': 'Profil',
  '/struktur': 'Struktur Organisasi',
  '/kegiatan': 'Berita & Kegiatan',
  '/kontak': 'Kontak',
  '/login': 'Login',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Plain text of article HTML for descriptions: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function pageTitle(title: string): string {
  return title === 'Beranda' ? `${SITE_NAME} | Penerbangan Angkatan Darat` : `${title} | ${SITE_NAME}`;
}

/** Replaces the <title> and default description of index.html and adds Open Graph tags. */
export function renderMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:locale" content="id_ID" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ].filter(Boolean).join('\n    ');
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '')
    .replace(/<\/head>/i, `    ${tags}\n  </head>`);
}
