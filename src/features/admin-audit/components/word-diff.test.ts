import { describe, expect, it } from 'vitest'
import { wordDiff } from './word-diff'

const text = (hunk: ReturnType<typeof wordDiff>['hunks'][number]) =>
  hunk.parts.map((part) => (part.kind === 'same' ? part.text : part.kind === 'removed' ? `[-${part.text}]` : `[+${part.text}]`)).join(' ')

describe('wordDiff', () => {
  it('shows the changed word with the words around it, both sides, wherever it sits in a long text', () => {
    const start = Array.from({ length: 40 }, (_, i) => `kata${i}`).join(' ')
    const before = `${start} latihan terbang malam di Lanud Ahmad Yani selesai pukul 22.00 WIB tanpa kendala`
    const after = `${start} latihan terbang malam di Lanud Ahmad Yani selesai pukul 23.30 WIB tanpa kendala`
    const { hunks, more } = wordDiff(before, after)
    expect(more).toBe(0)
    expect(hunks).toHaveLength(1)
    expect(text(hunks[0]!)).toBe('Ahmad Yani selesai pukul [-22.00] [+23.30] WIB tanpa kendala')
    expect(hunks[0]).toMatchObject({ cutBefore: true, cutAfter: false })
  })

  it('tells insertions and deletions apart and keeps distant changes in their own hunks', () => {
    const before = 'satu dua tiga empat lima enam tujuh delapan sembilan sepuluh sebelas dua belas tiga belas empat belas'
    const after = 'satu dua tiga empat lima enam tujuh delapan sembilan sepuluh sebelas dua belas tiga belas empat belas akhir'
      .replace('dua tiga', 'dua baru tiga')
    const { hunks } = wordDiff(before, after)
    expect(hunks.map(text)).toEqual(['satu dua [+baru] tiga empat lima enam', 'tiga belas empat belas [+akhir]'])
    expect(text(wordDiff('a b c d', 'a c d').hunks[0]!)).toBe('a [-b] c d')
  })

  it('merges nearby changes, stops at three hunks and counts the rest', () => {
    const before = Array.from({ length: 100 }, (_, i) => `w${i}`)
    const after = before.map((word, i) => (i % 20 === 0 ? `${word}x` : word))
    const { hunks, more } = wordDiff(before.join(' '), after.join(' '))
    expect(hunks).toHaveLength(3)
    expect(more).toBe(2)
    expect(text(wordDiff('a b c', 'a B C').hunks[0]!)).toBe('a [-b c] [+B C]')
  })

  it('has nothing to show for the same words', () => {
    expect(wordDiff('sama  saja', 'sama saja')).toEqual({ hunks: [], more: 0 })
  })
})
