import { describe, expect, it } from 'vitest';
import { pageTags, setNoSharedCache } from './cdn-cache.ts';

describe('content tags', () => {
  it('names what each public page shows', () => {
    expect(pageTags('/')).toEqual(['pages', 'articles', 'unit-pages']);
    expect(pageTags('/kegiatan')).toEqual(['pages', 'articles']);
    expect(pageTags('/berita/3f1c0d2e-0000-4000-8000-000000000001')).toEqual(['pages', 'article-3f1c0d2e-0000-4000-8000-000000000001']);
    expect(pageTags('/galeri/')).toEqual(['pages', 'galleries']);
    expect(pageTags('/informasi-publik')).toEqual(['pages', 'info-informasi-publik', 'documents']);
    expect(pageTags('/sitemap.xml')).toEqual(['pages', 'sitemap', 'articles', 'galleries', 'documents']);
  });

  it('puts nothing a visitor typed into a tag', () => {
    expect(pageTags('/berita/a,b c')).toEqual(['pages']);
  });
});

describe('answers for one user', () => {
  it('are kept from shared caches whatever the browser directive was', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=3600', 'Cache-Tag': 'x' });
    setNoSharedCache(headers);
    const seen: Record<string, string> = {};
    headers.forEach((value, name) => { seen[name] = value; });
    expect(seen).toEqual({ 'cache-control': 'private, max-age=3600', 'cdn-cache-control': 'no-store', 'surrogate-control': 'no-store' });
  });
});
