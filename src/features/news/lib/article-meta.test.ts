import { describe, expect, it } from 'vitest'
import { articleDates, lastModified, UPDATE_NOTICE_AFTER_MS } from './article-dates'
import { jsonLdText, newsArticleJsonLd, renditionUrl, UNIT_BYLINE } from './article-structured-data'
import { shareLinks } from './share-links'

const PUBLISHED = '2026-11-20T02:00:00.000Z'
const at = (ms: number) => new Date(Date.parse(PUBLISHED) + ms).toISOString()

describe('the date rule', () => {
  it('shows the publication date, not when the draft was written', () => {
    expect(articleDates({ published_at: PUBLISHED, updated_at: PUBLISHED }).published).toBe(PUBLISHED)
  })

  it("names an update only when the article changed well after it was published", () => {
    expect(articleDates({ published_at: PUBLISHED, updated_at: at(UPDATE_NOTICE_AFTER_MS) }).updated).toBeNull()
    expect(articleDates({ published_at: PUBLISHED, updated_at: at(UPDATE_NOTICE_AFTER_MS + 1000) }).updated).toBe(at(UPDATE_NOTICE_AFTER_MS + 1000))
    // Written and edited before its scheduled time: no update to speak of.
    expect(articleDates({ published_at: PUBLISHED, updated_at: at(-3 * 86_400_000) }).updated).toBeNull()
  })

  it('gives a draft no dates, and dateModified falls back to the publication', () => {
    expect(articleDates({ published_at: null, updated_at: PUBLISHED })).toEqual({ published: null, updated: null })
    expect(lastModified({ published_at: PUBLISHED, updated_at: PUBLISHED })).toBe(PUBLISHED)
    expect(lastModified({ published_at: PUBLISHED, updated_at: at(86_400_000) })).toBe(at(86_400_000))
  })
})

describe('renditions', () => {
  it("turns this project's stored picture into a cropped rendition, leaves others alone", () => {
    expect(renditionUrl('https://situs.id/storage/v1/object/public/article-images/a%20b.jpg', 1200, 630)).toBe(
      'https://situs.id/storage/v1/render/image/public/article-images/a%20b.jpg?width=1200&height=630&resize=cover',
    )
    expect(renditionUrl('https://situs.id/storage/v1/render/image/public/article-images/a.jpg?width=10', 1200, 900)).toBe(
      'https://situs.id/storage/v1/render/image/public/article-images/a.jpg?width=1200&height=900&resize=cover',
    )
    expect(renditionUrl('https://lain.id/foto.jpg', 1200, 630)).toBe('https://lain.id/foto.jpg')
  })
})

describe('NewsArticle JSON-LD', () => {
  const article = {
    title: 'Latihan </script><script>alert(1)</script>',
    description: 'Ringkasan',
    cover_image_url: 'https://situs.id/storage/v1/object/public/article-images/c.jpg',
    published_at: PUBLISHED,
    updated_at: at(86_400_000),
    byline: 'Serka Budi',
  }

  it('carries headline, three image ratios, both dates, author and publisher', () => {
    const data = newsArticleJsonLd(article, 'https://situs.id/berita/1', 'https://situs.id')
    expect(data).toMatchObject({
      '@type': 'NewsArticle',
      headline: article.title,
      datePublished: PUBLISHED,
      dateModified: at(86_400_000),
      author: { '@type': 'Person', name: 'Serka Budi' },
      publisher: { '@type': 'Organization', name: 'Skadron 31/Serbu', logo: { url: 'https://situs.id/images/brand/logo-512.png' } },
      mainEntityOfPage: { '@id': 'https://situs.id/berita/1' },
    })
    expect(data.image).toEqual(['1200&height=1200', '1200&height=900', '1200&height=675'].map(
      (size) => `https://situs.id/storage/v1/render/image/public/article-images/c.jpg?width=${size}&resize=cover`,
    ))
  })

  it('names the unit as author when the byline is hidden', () => {
    const data = newsArticleJsonLd({ ...article, byline: UNIT_BYLINE }, 'https://situs.id/berita/1', 'https://situs.id')
    expect(data.author).toEqual({ '@type': 'Organization', name: 'Skadron 31/Serbu', url: 'https://situs.id' })
  })

  it('cannot close its script element whatever the title says', () => {
    const text = jsonLdText(newsArticleJsonLd(article, 'https://situs.id/berita/1', 'https://situs.id'))
    expect(text).not.toContain('<')
    expect(JSON.parse(text).headline).toBe(article.title)
  })
})

describe('share links', () => {
  it('are the services’ plain share URLs with the title and address encoded', () => {
    const links = shareLinks('https://situs.id/berita/1?a=b&c', 'Latihan & Operasi #1')
    expect(Object.fromEntries(links.map((link) => [link.network, link.href]))).toEqual({
      whatsapp: 'https://wa.me/?text=Latihan%20%26%20Operasi%20%231%0Ahttps%3A%2F%2Fsitus.id%2Fberita%2F1%3Fa%3Db%26c',
      facebook: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsitus.id%2Fberita%2F1%3Fa%3Db%26c',
      x: 'https://x.com/intent/post?text=Latihan%20%26%20Operasi%20%231&url=https%3A%2F%2Fsitus.id%2Fberita%2F1%3Fa%3Db%26c',
      telegram: 'https://t.me/share/url?url=https%3A%2F%2Fsitus.id%2Fberita%2F1%3Fa%3Db%26c&text=Latihan%20%26%20Operasi%20%231',
    })
  })
})
