import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/error-messages'
import { formatShortDateTime } from '@/lib/format'
import { useArticleRevisions, useRestoreRevision } from '../api/article-revisions'
import type { AdminArticle } from '../api/get-articles'
import { VersionConflictError } from '@/lib/version-conflict'
import { conflictSentence, CONFLICT_TITLE } from '../lib/conflict'
import { WordDiff } from '@/components/word-diff'

type Props = {
  articleId: string
  version: number
  /** The text in the editor now, which each revision is compared against. */
  currentContent: string
  onRestored: (article: AdminArticle) => void
}

/** 'Riwayat Revisi': earlier versions, who saved them and when, with a word diff and a restore. */
export function RevisionHistory({ articleId, version, currentContent, onRestored }: Props) {
  const revisions = useArticleRevisions(articleId, true)
  const restore = useRestoreRevision()
  const [openId, setOpenId] = useState<number | null>(null)

  const restoreRevision = (revisionId: number, revisionVersion: number) =>
    restore.mutate(
      { articleId, revisionId, version },
      {
        onSuccess: (article) => {
          toast.success('Revisi Dipulihkan', { description: `Versi ${revisionVersion} kini menjadi versi ${article.version}.` })
          onRestored(article)
        },
        onError: (error) =>
          error instanceof VersionConflictError
            ? toast.error(CONFLICT_TITLE, { description: conflictSentence(error.conflict) })
            : toast.error('Gagal Memulihkan', { description: describeError(error) }),
      },
    )

  return (
    <section aria-label="Riwayat Revisi" className="grid gap-3 rounded-lg border border-border p-4">
      <h3 className="font-semibold">Riwayat Revisi</h3>
      {revisions.isPending && <p className="text-sm text-muted-foreground">Memuat riwayat...</p>}
      {revisions.error && <p className="text-sm text-destructive">{describeError(revisions.error)}</p>}
      {revisions.data?.length === 0 && <p className="text-sm text-muted-foreground">Belum ada revisi sebelumnya.</p>}
      <ol className="grid gap-2">
        {revisions.data?.map((revision) => (
          <li key={revision.id} className="grid gap-2 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <span className="font-medium">Versi {revision.version}</span> · {revision.saved_by_name ?? 'Pengguna'} ·{' '}
                {formatShortDateTime(revision.saved_at)}
              </p>
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-expanded={openId === revision.id}
                  onClick={() => setOpenId(openId === revision.id ? null : revision.id)}
                >
                  {openId === revision.id ? 'Tutup Perbedaan' : 'Lihat Perbedaan'}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  disabled={restore.isPending}
                  onClick={() => restoreRevision(revision.id, revision.version)}
                  aria-label={`Pulihkan versi ${revision.version}`}
                >
                  Pulihkan
                </Button>
              </div>
            </div>
            <p className="text-sm break-words text-muted-foreground">{revision.title}</p>
            {openId === revision.id && (
              <WordDiff label={`Perbedaan versi ${revision.version} dengan teks sekarang`} before={revision.content} after={currentContent} />
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
