import { describe, expect, it } from 'vitest'
import { normalizeLinkUrl } from './link-url'

describe('normalizeLinkUrl', () => {
  it('accepts web, e-mail and site links', () => {
    expect(normalizeLinkUrl('https://tniad.mil.id/berita')).toBe('https://tniad.mil.id/berita')
    expect(normalizeLinkUrl('  tniad.mil.id ')).toBe('https://tniad.mil.id/')
    expect(normalizeLinkUrl('mailto:humas@contoh.id')).toBe('mailto:humas@contoh.id')
    expect(normalizeLinkUrl('/kegiatan')).toBe('/kegiatan')
  })

  it('refuses links that could run code or leave quietly', () => {
    for (const hostile of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      'file:///etc/passwd',
      'mailto:',
      '',
      'bukan alamat',
    ]) {
      expect(normalizeLinkUrl(hostile), hostile).toBeNull()
    }
  })
})
