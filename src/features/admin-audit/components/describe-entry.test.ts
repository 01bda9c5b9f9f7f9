import { describe, expect, it } from 'vitest'
import { describeChanges } from './describe-entry'

describe('describeChanges', () => {
  it('tells a status or role change in Indonesian', () => {
    expect(describeChanges({ status: { old: 'pending', new: 'approved' } })).toEqual(['Status: Tertunda → Disetujui'])
    expect(describeChanges({ role: { old: 'user', new: 'admin' } })).toEqual(['Peran: User → Admin'])
  })

  it('shortens long texts, counts lists and names empty values', () => {
    const [line] = describeChanges({ content: { old: `<p>${'a'.repeat(100)}</p>`, new: null } })
    expect(line).toBe(`Isi: ${'a'.repeat(60)}… → (kosong)`)
    expect(describeChanges({ image_gallery_urls: { old: [], new: ['x', 'y'] } })).toEqual(['Galeri gambar: 0 item → 2 item'])
  })

  it('shows a new row\'s values without an old side, and no ids', () => {
    expect(describeChanges({ title: { old: null, new: 'Latihan' }, author_id: { old: null, new: 'f00' } })).toEqual(['Judul: Latihan'])
  })

  it('lists the snapshot a deletion keeps', () => {
    expect(describeChanges({ email: 'a@b.id', status: 'approved' })).toEqual(['Email: a@b.id', 'Status: Disetujui'])
    expect(describeChanges({})).toEqual([])
  })

  it('tells the two-step verification setting in words', () => {
    expect(describeChanges({ mfa_required_for_staff: { old: false, new: true } })).toEqual(['Wajib untuk admin: Tidak → Ya'])
  })
})
