import { describe, expect, it } from 'vitest'
import { safeFilename } from './safe-filename'

describe('safeFilename', () => {
  it('keeps ordinary names', () => {
    expect(safeFilename('galeri-1.png')).toBe('galeri-1.png')
  })

  it('turns spaces and punctuation into single underscores and trims them at the ends', () => {
    expect(safeFilename('galeri 3 (akhir).png')).toBe('galeri_3_akhir.png')
    expect(safeFilename('  foto   lapangan!!.JPG')).toBe('foto_lapangan.jpg')
  })

  it('drops accents and directories so the name is one storage path segment', () => {
    expect(safeFilename('C:\\Users\\prajurit\\Upacara Déwa.webp')).toBe('Upacara_Dewa.webp')
    expect(safeFilename('../../etc/passwd')).toBe('passwd')
    expect(safeFilename('..')).toBe('gambar')
  })

  it('never returns an empty or hidden name', () => {
    expect(safeFilename('.png')).toBe('png')
    expect(safeFilename('???.png')).toBe('gambar.png')
    expect(safeFilename('')).toBe('gambar')
  })

  it('bounds the length', () => {
    const long = `${'a'.repeat(300)}.${'b'.repeat(40)}`
    const safe = safeFilename(long)
    expect(safe).toBe(`${'a'.repeat(80)}.${'b'.repeat(10)}`)
  })
})
