import { formatShortDateTime } from '@/lib/format'
import type { VersionConflict } from '@/lib/version-conflict'

export const CONFLICT_TITLE = 'Artikel Telah Diubah'

/** Who saved the newer version, and when, in one Indonesian sentence. */
export function conflictSentence(conflict: VersionConflict): string {
  const who = conflict.updatedByName ?? 'Pengguna lain'
  const when = conflict.updatedAt ? ` pada ${formatShortDateTime(conflict.updatedAt)}` : ''
  return `${who} telah menyimpan versi yang lebih baru${when}. Teks Anda belum disimpan dan masih ada di sini.`
}
