import type { UnitPageTable } from '../api/unit-pages-admin'

const WHAT: Record<UnitPageTable, string> = {
  unit_texts: 'Teks profil',
  info_pages: 'Halaman informasi',
  unit_posts: 'Data struktur',
  past_commanders: 'Data komandan',
}

/**
 * What the editor is told when the integrity guard holds a save (as articles are): the change
 * is not public, what visitors see instead, and who decides.
 */
export function heldDescription(table: UnitPageTable, isNew: boolean): string {
  const shown = isNew ? 'belum ditambahkan ke situs' : 'belum tampil; halaman publik tetap menampilkan versi sebelumnya'
  return `${WHAT[table]} memuat kata, tautan ke domain baru, atau jumlah tautan keluar yang lazim di spam judi, sehingga ${shown}. Superadmin akan meninjaunya di Integritas Situs.`
}
