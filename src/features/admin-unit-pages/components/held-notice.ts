import { heldDescription } from '@/lib/held-for-review'
import type { UnitPageTable } from '../api/unit-pages-admin'

const WHAT: Record<UnitPageTable, string> = {
  unit_texts: 'Teks profil',
  info_pages: 'Halaman informasi',
  unit_posts: 'Data struktur',
  past_commanders: 'Data komandan',
}

/**
 * What the editor is told when the integrity guard holds a save (as articles are): the change
 * is not public, what visitors see instead, why, and who decides.
 */
export function unitHeldDescription(table: UnitPageTable, isNew: boolean, reasons: readonly string[]): string {
  const shown = isNew ? 'belum ditambahkan ke situs.' : 'belum tampil; halaman publik tetap menampilkan versi sebelumnya.'
  return heldDescription(`${WHAT[table]} ${shown}`, reasons)
}
