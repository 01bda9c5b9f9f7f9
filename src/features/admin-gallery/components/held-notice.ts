import { heldDescription } from '@/lib/held-for-review'

/** What the writer is told when the integrity guard holds a gallery or a photo's texts (as articles are). */
export function galleryHeldDescription(what: 'gallery-new' | 'gallery' | 'photo', reasons: readonly string[]): string {
  const shown = {
    'gallery-new': 'Galeri belum ditambahkan ke situs.',
    gallery: 'Perubahan galeri belum tampil; galeri publik tetap menampilkan versi sebelumnya.',
    photo: 'Keterangan foto belum tampil; galeri publik tetap menampilkan versi sebelumnya.',
  }[what]
  return heldDescription(shown, reasons)
}
