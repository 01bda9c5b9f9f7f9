import { heldDescription, type ItemHold } from '@/lib/held-for-review'
import { formatShortDateTime } from '@/lib/format'

/**
 * What the writer is told when the integrity guard holds a document (as articles are): a
 * document that was public keeps its public version, any other stays a draft until released.
 */
export function documentHeldDescription(wasPublic: boolean, reasons: readonly string[]): string {
  const shown = wasPublic
    ? 'Perubahan dokumen belum tampil; halaman Informasi Publik tetap menampilkan versi sebelumnya.'
    : 'Dokumen disimpan sebagai draf dan belum tampil di halaman Informasi Publik.'
  return heldDescription(shown, reasons)
}

/** In the document dialog: what readers see while the last save is held, or after its rejection. */
export function documentHoldOutcome(hold: ItemHold, published: boolean): string {
  if (hold.state === 'held') {
    return published
      ? 'Perubahan terakhir belum tampil sampai superadmin meninjaunya di Integritas Situs; di sini tampil versi yang sedang terbit.'
      : 'Dokumen tetap draf dan belum tampil di halaman Informasi Publik sampai superadmin meninjaunya di Integritas Situs.'
  }
  return published
    ? `Superadmin menolak perubahan yang disimpan pada ${formatShortDateTime(hold.at)}; versi yang tampil di situs tetap seperti di bawah ini.`
    : `Superadmin menolak dokumen ini pada ${formatShortDateTime(hold.at)}; dokumen tidak terbit dan tetap sebagai draf.`
}
