import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/error-messages'
import type { VersionConflict } from '@/lib/version-conflict'
import { getAdminArticle } from '../api/article-revisions'
import type { AdminArticle } from '../api/get-articles'
import { CONFLICT_TITLE, conflictSentence } from '../lib/conflict'
import { WordDiff } from '@/components/word-diff'

type Props = {
  articleId: string
  conflict: VersionConflict
  /** The typed title and text, compared with the newer version on 'Lihat Perbedaan'. */
  mine: { title: string; content: string }
  busy: boolean
  onReload: (latest: AdminArticle) => void
  onOverwrite: () => void
}

/**
 * Shown in the editor after a refused save: the three ways on, the typed text untouched. It
 * scrolls itself into view and takes focus (on a phone it would otherwise sit far above the
 * viewport), and 'Simpan Tetap' asks once, saying the other version is kept in Riwayat Revisi.
 */
export function ConflictPanel({ articleId, conflict, mine, busy, onReload, onOverwrite }: Props) {
  const [differences, setDifferences] = useState<{ theirs: string; theirsTitle: string } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const heading = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus()
  }, [conflict])

  const loadLatest = async () => {
    try {
      return await getAdminArticle(articleId)
    } catch (error) {
      toast.error('Gagal Memuat', { description: describeError(error) })
      return null
    }
  }
  const showDifferences = async () => {
    const latest = await loadLatest()
    if (latest) setDifferences({ theirs: latest.content, theirsTitle: latest.title })
  }
  const reload = async () => {
    const latest = await loadLatest()
    if (latest) onReload(latest)
  }

  return (
    <section role="alert" aria-label={CONFLICT_TITLE} className="grid scroll-mt-4 gap-3 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <div>
        <p ref={heading} tabIndex={-1} className="font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {CONFLICT_TITLE}
        </p>
        <p className="text-sm">{conflictSentence(conflict)}</p>
      </div>
      {differences && (
        <div className="grid gap-2">
          {differences.theirsTitle !== mine.title && <WordDiff label="Perbedaan judul" before={differences.theirsTitle} after={mine.title} />}
          <WordDiff label="Perbedaan isi" before={differences.theirs} after={mine.content} />
          <p className="text-xs">Coret merah: hanya ada di versi terbaru. Hijau: hanya ada di teks Anda.</p>
        </div>
      )}
      {confirming ? (
        <div className="grid gap-2" role="group" aria-label="Konfirmasi Simpan Tetap">
          <p className="text-sm font-medium">
            Simpan teks Anda di atas versi terbaru? Versi {conflict.updatedByName ?? 'pengguna lain'} tidak hilang: tetap tersimpan di Riwayat Revisi.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="destructive" size="sm" autoFocus onClick={onOverwrite} disabled={busy}>
              Ya, Simpan Tetap
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={busy}>
              Batal
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {!differences && (
            <Button type="button" variant="outline" size="sm" onClick={() => void showDifferences()} disabled={busy}>
              Lihat Perbedaan
            </Button>
          )}
          <Button type="button" variant="outline" size="sm" onClick={() => void reload()} disabled={busy}>
            Muat Versi Terbaru
          </Button>
          <Button type="button" variant="destructive" size="sm" onClick={() => setConfirming(true)} disabled={busy}>
            Simpan Tetap
          </Button>
        </div>
      )}
    </section>
  )
}
