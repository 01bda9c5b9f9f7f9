import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/lib/validation/field-errors'
import { ARTICLE_INCOMPLETE, articleFormSchema, CATEGORY_UNKNOWN } from './article-schema'

const parse = (input: { title: string; category: string; content: string }) => articleFormSchema.safeParse(input)

describe('articleFormSchema', () => {
  it('trims, and turns an empty category into null', () => {
    const result = parse({ title: '  Latihan  ', category: '  ', content: '<p>Isi</p>' })
    expect(result.success && result.data).toEqual({ title: 'Latihan', category: null, content: '<p>Isi</p>' })
  })

  it('says SPEC.md’s text for a missing title or content, on the field that is missing', () => {
    const result = parse({ title: ' ', category: '', content: '<p></p>' })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrors(result.error)).toEqual({
      title: ARTICLE_INCOMPLETE.description,
      content: ARTICLE_INCOMPLETE.description,
    })
  })

  it('counts a picture alone as content, and markup without text as none', () => {
    expect(parse({ title: 'Foto', category: '', content: '<p><img src="https://x.example/a.png" alt="a"></p>' }).success).toBe(true)
    expect(parse({ title: 'Kosong', category: '', content: '<h2> </h2><p>&nbsp;</p><ul><li><p></p></li></ul>' }).success).toBe(false)
    expect(parse({ title: 'Skrip', category: '', content: '<script>alert(1)</script>' }).success).toBe(false)
  })

  it('refuses what the table would refuse, with a message saying the limit', () => {
    const result = parse({ title: 'x'.repeat(201), category: 'y'.repeat(61), content: `<p>${'z'.repeat(200_001)}</p>` })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrors(result.error)).toEqual({
      title: 'Judul maksimal 200 karakter.',
      category: 'Kategori maksimal 60 karakter.',
      content: 'Isi artikel terlalu panjang (maksimal 200.000 karakter).',
    })
  })

  it('takes a known category in any case and refuses another with the server\'s message', () => {
    expect(parse({ title: 'Latihan', category: 'bakti sosial', content: '<p>Isi</p>' }).success).toBe(true)
    const result = parse({ title: 'Latihan', category: 'Slot Resmi', content: '<p>Isi</p>' })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrors(result.error)).toEqual({ category: CATEGORY_UNKNOWN })
  })
})
