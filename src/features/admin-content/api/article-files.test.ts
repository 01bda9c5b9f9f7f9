import { describe, expect, it } from 'vitest'
import { articleImagePath, articleImagePaths } from './article-files'

const BASE = 'https://proyek.example.co'

describe('articleImagePaths', () => {
  it('finds the cover, gallery and inline images of this project\'s article bucket, decoded', () => {
    const paths = articleImagePaths(
      {
        cover_image_url: `${BASE}/storage/v1/object/public/article_images/u1/sampul%20baru.webp`,
        image_gallery_urls: [`${BASE}/storage/v1/object/public/article_images/u1/g1.webp`, 'https://elsewhere.example/x.jpg'],
        content: `<p>Teks</p><img src="${BASE}/storage/v1/render/image/public/article_images/u1/isi.webp?width=800&amp;quality=80" alt="">`
          + `<img src="${BASE}/storage/v1/object/public/avatars/u1-1.png">`,
      },
      BASE,
    )
    expect([...paths].sort()).toEqual(['u1/g1.webp', 'u1/isi.webp', 'u1/sampul baru.webp'])
  })

  it('ignores other hosts, other buckets and missing values', () => {
    expect(articleImagePath('https://evil.example/storage/v1/object/public/article_images/u1/a.png', BASE)).toBeNull()
    expect(articleImagePath(`${BASE}/images/articles/default.jpg`, BASE)).toBeNull()
    expect(articleImagePaths({ cover_image_url: null, image_gallery_urls: null, content: null }, BASE).size).toBe(0)
    expect(articleImagePaths(null, BASE).size).toBe(0)
  })
})
