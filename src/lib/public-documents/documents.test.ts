import { describe, expect, it } from 'vitest'
import { documentFileName, documentFileUrl, filterDocuments, formatFileSize, groupDocuments, readDocumentFilters } from './documents'

const docs = [
  { id: 'a', title: 'Laporan Keuangan', description: 'Realisasi anggaran', category: 'berkala', year: 2026 },
  { id: 'b', title: 'Peraturan Komandan', description: null, category: 'setiap_saat', year: 2025 },
  { id: 'c', title: 'Peringatan Dini Cuaca', description: 'Penerbangan ditunda', category: 'serta_merta', year: 2026 },
  { id: 'd', title: 'Laporan Kinerja', description: null, category: 'berkala', year: 2025 },
]

describe('public documents', () => {
  it('reads the list filters, ignoring what names no category or year', () => {
    expect(readDocumentFilters(new URLSearchParams('cari=%20laporan%20&kategori=berkala&tahun=2026')))
      .toEqual({ search: 'laporan', category: 'berkala', year: 2026 })
    expect(readDocumentFilters(new URLSearchParams('kategori=rahasia&tahun=abc'))).toEqual({ search: '', category: null, year: null })
  })

  it('finds every word in title or description, accents and case aside, within the category and year', () => {
    const ids = (search: string, category: 'berkala' | null = null, year: number | null = null) =>
      filterDocuments(docs, { search, category, year }).map((doc) => doc.id)
    expect(ids('LAPORAN')).toEqual(['a', 'd'])
    expect(ids('laporan anggaran')).toEqual(['a'])
    expect(ids('pénerbangan')).toEqual(['c'])
    expect(ids('', 'berkala', 2025)).toEqual(['d'])
    expect(ids('tidak ada')).toEqual([])
  })

  it('groups by category in the law order, newest year first', () => {
    expect(groupDocuments(docs).map((group) => [group.category, group.years.map((y) => [y.year, y.documents.map((d) => d.id)])])).toEqual([
      ['berkala', [[2026, ['a']], [2025, ['d']]]],
      ['serta_merta', [[2026, ['c']]]],
      ['setiap_saat', [[2025, ['b']]]],
    ])
  })

  it('tells sizes in Indonesian and links a file with the public key', () => {
    expect(formatFileSize(850 * 1024)).toBe('850 KB')
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1,3 MB')
    expect(documentFileUrl('', 'k.e.y', { file_path: 'u1/x y.pdf', title: 'Laporan Keuangan 2026' }))
      .toBe('/storage/v1/object/authenticated/documents/u1/x%20y.pdf?apikey=k.e.y&download=Laporan%20Keuangan%202026.pdf')
  })

  it('names a download by its title, without characters a file system refuses', () => {
    expect(documentFileName({ file_path: 'u1/34abdf25-laporan.PDF', title: 'SK: Kasad / 2026 "Final"' })).toBe('SK Kasad 2026 Final.pdf')
    expect(documentFileName({ file_path: 'u1/a.docx', title: '   ' })).toBe('dokumen.docx')
  })
})
