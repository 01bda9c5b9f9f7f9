import { describe, expect, it } from 'vitest'
import { isPublicVersion, linkTarget, markPieces, newHosts, suspiciousTerms, termPattern } from './evidence'

const reasons = [
  'Kata yang lazim di spam judi: gacor, slot (disamarkan)',
  'Tautan ke domain yang belum pernah ditautkan: judi-online.example, Promo.test',
  'Tautan keluar terlalu banyak: 7 (batas 5)',
]

describe('held item evidence', () => {
  it('reads the words and new hosts back from the reasons the database wrote', () => {
    expect(suspiciousTerms(reasons)).toEqual(['gacor', 'slot'])
    expect(newHosts(reasons)).toEqual(['judi-online.example', 'promo.test'])
    expect(suspiciousTerms(['Tautan keluar terlalu banyak: 7 (batas 5)'])).toEqual([])
  })

  it('marks the terms as words, also disguised with digits or glued to them, and not inside other words', () => {
    const pattern = termPattern(['gacor', 'slot'])
    const marked = (text: string) => markPieces(text, pattern).filter((p) => p.marked).map((p) => p.text)
    expect(marked('Situs GACOR hari ini, s1ot777 dan g4cor!')).toEqual(['GACOR', 's1ot', 'g4cor'])
    expect(marked('Jadwal slotting dan pelotonan')).toEqual([])
    expect(markPieces('tanpa tanda', null)).toEqual([{ text: 'tanpa tanda', marked: false }])
    expect(markPieces('a slot b', pattern).map((p) => p.text).join('')).toBe('a slot b')
  })

  it('resolves a link to its real target and tells an outbound one', () => {
    expect(linkTarget('/berita/1', 'https://skadron.example/admin')).toEqual({ url: 'https://skadron.example/berita/1', host: 'skadron.example', outbound: false })
    expect(linkTarget('https://Judi.test/x', 'https://skadron.example/')).toMatchObject({ host: 'judi.test', outbound: true })
  })

  it('takes a stored article as the public version only while it is published', () => {
    const now = Date.parse('2026-12-07T00:00:00Z')
    expect(isPublicVersion('articles', { published_at: '2026-12-01T00:00:00Z' }, now)).toBe(true)
    expect(isPublicVersion('articles', { published_at: null }, now)).toBe(false)
    expect(isPublicVersion('articles', { published_at: '2026-12-09T00:00:00Z' }, now)).toBe(false)
    expect(isPublicVersion('unit_texts', { title: 'Sejarah' }, now)).toBe(true)
    expect(isPublicVersion('unit_posts', null, now)).toBe(false)
    expect(isPublicVersion('public_documents', { published_at: null }, now)).toBe(false)
    expect(isPublicVersion('galleries', { name: 'Upacara' }, now)).toBe(true)
  })
})
