import { describe, expect, it } from 'vitest'
import { describeChanges, describeTarget, fileName } from './describe-entry'

describe('describeChanges', () => {
  it('tells nothing of a new article without pictures, as older entries recorded it', () => {
    expect(describeChanges({
      title: { old: null, new: 'Latihan' },
      image_gallery_urls: { old: null, new: [] },
      image_captions: { old: null, new: {} },
    })).toEqual(['Judul: Latihan'])
  })

  it('tells a status or role change in Indonesian', () => {
    expect(describeChanges({ status: { old: 'pending', new: 'approved' } })).toEqual(['Status: Tertunda → Disetujui'])
    expect(describeChanges({ status: { old: 'approved', new: 'suspended' }, reason: 'Pindah satuan.' })).toEqual([
      'Status: Disetujui → Dinonaktifkan',
      'Alasan: Pindah satuan.',
    ])
    expect(describeChanges({ role: { old: 'user', new: 'admin' } })).toEqual(['Peran: User → Admin'])
  })

  it('shortens long texts and names empty values', () => {
    const [line] = describeChanges({ content: { old: `<p>${'a'.repeat(100)}</p>`, new: null } })
    expect(line).toBe(`Isi: ${'a'.repeat(60)}… → (kosong)`)
  })

  it('tells a text change by its changed words, not by the same first characters of both sides', () => {
    const lead = '<p>Skadron Udara 11 melaksanakan latihan terbang malam bersama satuan lain di wilayah Jawa Tengah.</p>'
    const [line] = describeChanges({ content: { old: `${lead}<p>Dipimpin Mayor Cpn Andi.</p>`, new: `${lead}<p>Dipimpin Letkol Cpn Andi.</p>` } })
    expect(line).toEqual({
      label: 'Isi',
      diff: {
        hunks: [{ cutBefore: true, cutAfter: false, parts: [
          { kind: 'same', text: 'wilayah Jawa Tengah. Dipimpin' },
          { kind: 'removed', text: 'Mayor' },
          { kind: 'added', text: 'Letkol' },
          { kind: 'same', text: 'Cpn Andi.' },
        ] }],
        more: 0,
      },
    })
    expect(describeChanges({ body: { old: '<p>Sama</p>', new: '<p><strong>Sama</strong></p>' } })).toEqual(['Isi: tata letak diubah'])
  })

  it('tells a unit page photo by what happened to it and the row by its name', () => {
    const url = 'http://127.0.0.1:3000/storage/v1/object/public/unit_photos/0b6e6a3c-1111-2222-3333-444455556666/0f1e2d3c-aaaa-bbbb-cccc-ddddeeeeffff.webp'
    expect(describeChanges({ photo_url: { old: null, new: url }, photo_alt: { old: null, new: 'Letkol Cpn Andi' } })).toEqual([
      'Foto ditambahkan',
      'Keterangan foto: Letkol Cpn Andi',
    ])
    expect(describeChanges({ officer_name: { old: 'Andi', new: 'Budi' }, period: '2024-2026' })).toEqual(['Nama pejabat: Andi → Budi', 'Masa jabatan: 2024-2026'])
  })

  it('tells pictures by what happened to them, never by their address', () => {
    const url = 'http://127.0.0.1:3000/storage/v1/object/public/article_images/f00/1732000000000_a.jpg'
    const lines = describeChanges({
      cover_image_url: { old: url, new: `${url}?v=2` },
      image_gallery_urls: { old: [url, 'b'], new: ['b', 'c', 'd'] },
      avatar_url: { old: null, new: url },
    })
    expect(lines).toEqual(['Sampul diganti', 'Gambar galeri: 2 ditambahkan, 1 dihapus', 'Foto profil ditambahkan'])
    expect(lines.join(' ')).not.toMatch(/http|storage|f00/)
    expect(describeChanges({ cover_image_url: { old: url, new: null } })).toEqual(['Sampul dihapus'])
  })

  it('never shows internal columns, and counts unknown ones without naming them', () => {
    expect(
      describeChanges({
        title: { old: null, new: 'Latihan' },
        author_id: { old: null, new: 'f00' },
        search_vector: { old: "'a':1", new: "'b':1" },
        excerpt: { old: 'x', new: 'y' },
        version: { old: 1, new: 2 },
        slug_internal: { old: 'a', new: 'b' },
      }),
    ).toEqual(['Judul: Latihan', '1 data lain diubah'])
  })

  it('lists the snapshot a deletion keeps', () => {
    expect(describeChanges({ email: 'a@b.id', status: 'approved' })).toEqual(['Email: a@b.id', 'Status: Disetujui'])
    expect(describeChanges({})).toEqual([])
  })

  it('tells inbox, photo and file changes in words', () => {
    expect(describeChanges({ read_at: { old: null, new: '2026-11-25T01:00:00Z' } })).toEqual(['Ditandai sudah dibaca'])
    expect(describeChanges({ archived_at: { old: '2026-11-25T01:00:00Z', new: null } })).toEqual(['Dikembalikan dari arsip'])
    expect(describeChanges({ caption: { old: null, new: 'Pendaratan' }, file: { old: null, new: 'g1/1732000000000_foto.webp' } })).toEqual([
      'Keterangan: Pendaratan',
      'Berkas: foto.webp',
    ])
    expect(describeChanges({ bucket: 'avatars', size: 2_500_000 })).toEqual(['Tempat: Foto profil', 'Ukuran: 2,4 MB'])
  })

  it('tells the two-step verification setting in words', () => {
    expect(describeChanges({ mfa_required_for_staff: { old: false, new: true } })).toEqual(['Wajib untuk admin: Tidak → Ya'])
  })
})

describe('describeTarget', () => {
  it('names a file by its name, without folders or upload stamp', () => {
    expect(describeTarget('file', '0b6e6a3c-1111-2222-3333-444455556666/gallery/1732000000000_foto.jpg')).toBe('Berkas: foto.jpg')
    expect(describeTarget('article', 'Latihan')).toBe('Artikel: Latihan')
    expect(fileName('a.png')).toBe('a.png')
  })
})
