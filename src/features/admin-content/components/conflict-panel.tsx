import { Button } from '@/components/ui/button'
import { formatShortDateTime } from '@/lib/format'
import type { VersionConflict } from '@/lib/version-conflict'
import { WordDiff } from './word-diff'

export const CONFLICT_TITLE = 'Artikel Telah Diubah'

/** Who saved the newer version, and when, in one Indonesian sentence. */
export function conflictSentence(conflict: VersionConflict): string {
  const who = conflict.updatedByName ?? 'Pengguna lain'
  const when = conflict.updatedAt ? ` pada ${formatShortDateTime(conflict.updatedAt)}` : ''
  return `${who} telah menyimpan versi yang lebih baru${when}. Teks Anda belum disimpan dan masih ada di sini.`
}

type Props = {
  conflict: VersionConflict
  /** The newer text and the typed text, once 'Lihat Perbedaan' loaded them. */
  differences: { theirs: string; mine: string; theirsTitle: string; mineTitle: string } | null
  busy: boolean
  onShowDifferences: () => void
  onReload: () => void
  onOverwrite: () => void
}

/** Shown in the editor after a refused save: the three ways on, the typed text untouched. */
export function ConflictPanel({ conflict, differences, busy, onShowDifferences, onReload, onOverwrite }: Props) {
  return (
    <section role="alert" aria-label={CONFLICT_TITLE} className="grid gap-3 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <div>
        <p className="font-semibold">{CONFLICT_TITLE}</p>
        <p className="text-sm">{conflictSentence(conflict)}</p>
      </div>
      {differences && (
        <div className="grid gap-2">
          {differences.theirsTitle !== differences.mineTitle && (
            <WordDiff label="Perbedaan judul" before={differences.theirsTitle} after={differences.mineTitle} />
          )}
          <WordDiff label="Perbedaan isi" before={differences.theirs} after={differences.mine} />
          <p className="text-xs">Coret merah: hanya ada di versi terbaru. Hijau: hanya ada di teks Anda.</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {!differences && (
          <Button type="button" variant="outline" size="sm" onClick={onShowDifferences} disabled={busy}>
            Lihat Perbedaan
          </Button>
        )}
        <Button type="button" variant="outline" size="sm" onClick={onReload} disabled={busy}>
          Muat Versi Terbaru
        </Button>
        <Button type="button" variant="destructive" size="sm" onClick={onOverwrite} disabled={busy}>
          Simpan Tetap
        </Button>
      </div>
    </section>
  )
}
