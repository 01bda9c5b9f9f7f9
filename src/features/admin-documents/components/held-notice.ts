import { heldDescription } from '@/lib/held-for-review'

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
