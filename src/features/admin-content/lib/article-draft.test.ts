import { describe, expect, it } from 'vitest'
import type { AdminArticle } from '../api/get-articles'
import { captionsToStore, draftFrom, isDirty, pictureKey, recoverable, textOf } from './article-draft'

const stored = {
  id: 'a1',
  version: 3,
  title: 'Latihan terbang malam',
  category: 'Latihan',
  content: '<p>Isi</p>',
  cover_image_url: 'https://x/cover.webp',
  image_gallery_urls: ['https://x/g1.webp'],
  image_captions: { 'https://x/g1.webp': 'Mi-17 di landasan' },
  published_at: '2026-01-01T00:00:00.000Z',
  byline_hidden: false,
} as unknown as AdminArticle

describe('the article draft', () => {
  it('a new article starts empty and publishes at once (SPEC.md), and is not dirty', () => {
    const draft = draftFrom(null)
    expect(draft).toMatchObject({ title: '', content: '', mode: 'now', coverUrl: null, galleryUrls: [] })
    expect(isDirty(draft, draftFrom(null), textOf(draft))).toBe(false)
  })

  it('is dirty after a picked picture, a changed choice or a caption, not after nothing', () => {
    const draft = draftFrom(stored)
    const opened = draftFrom(stored)
    expect(isDirty(draft, opened, textOf(draft))).toBe(false)
    expect(isDirty({ ...draft, mode: 'draft' }, opened, textOf(draft))).toBe(true)
    expect(isDirty({ ...draft, galleryFiles: [new File(['x'], 'a.png')] }, opened, textOf(draft))).toBe(true)
    expect(isDirty({ ...draft, captions: { ...draft.captions, 'https://x/cover.webp': 'Sampul' } }, opened, textOf(draft))).toBe(true)
    expect(isDirty({ ...draft, title: 'Baru' }, opened, textOf(draft))).toBe(true)
  })

  it('compares text with what the server last stored, so an autosaved text is clean', () => {
    const typed = { ...draftFrom(stored), content: '<p>Isi lebih panjang</p>' }
    expect(isDirty(typed, draftFrom(stored), textOf(typed))).toBe(false)
  })

  it('after an autosave of a new article as a draft, compares with the stored draft, not the empty form', () => {
    const autosaved = { ...draftFrom(null), title: 'Latihan', content: '<p>Isi</p>', mode: 'draft' as const }
    expect(isDirty(autosaved, autosaved, textOf(autosaved))).toBe(false)
    expect(isDirty({ ...autosaved, content: '<p>Isi lagi</p>' }, autosaved, textOf(autosaved))).toBe(true)
    expect(isDirty({ ...autosaved, bylineHidden: true }, autosaved, textOf(autosaved))).toBe(true)
  })

  it('offers back unsaved text only when it differs from the stored article', () => {
    const same = { ...textOf(draftFrom(stored)), version: 3, savedAt: '2026-01-02T00:00:00Z' }
    expect(recoverable(same, stored)).toBeNull()
    expect(recoverable({ ...same, content: '<p>Lain</p>' }, stored)?.content).toBe('<p>Lain</p>')
    expect(recoverable(null, stored)).toBeNull()
  })

  it('moves a picked picture caption to its uploaded URL and drops pictures no longer shown', () => {
    const cover = new File(['c'], 'sampul.png')
    const gallery = new File(['g'], 'foto.png')
    const draft = {
      ...draftFrom(stored),
      coverFile: cover,
      galleryFiles: [gallery],
      captions: { ...draftFrom(stored).captions, [pictureKey(cover)]: ' Sampul baru ', [pictureKey(gallery)]: 'Foto baru', 'https://x/gone.webp': 'hilang' },
    }
    const uploaded = new Map([
      [cover, 'https://x/new-cover.webp'],
      [gallery, 'https://x/new-g.webp'],
    ])
    expect(captionsToStore(draft, uploaded, ['https://x/new-cover.webp', 'https://x/g1.webp', 'https://x/new-g.webp'])).toEqual({
      'https://x/new-cover.webp': 'Sampul baru',
      'https://x/g1.webp': 'Mi-17 di landasan',
      'https://x/new-g.webp': 'Foto baru',
    })
  })

  it('gives each picked file one key of its own', () => {
    const a = new File(['a'], 'same.png')
    const b = new File(['a'], 'same.png')
    expect(pictureKey(a)).toBe(pictureKey(a))
    expect(pictureKey(a)).not.toBe(pictureKey(b))
  })
})
