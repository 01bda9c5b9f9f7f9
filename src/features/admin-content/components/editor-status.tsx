import { useArticlePresence } from '../api/article-presence'
import type { UploadProgress } from '../api/upload-article-images'

/** Who else has this article open right now. */
export function PresenceNote({ articleId, userId }: { articleId: string | undefined; userId: string }) {
  const others = useArticlePresence(articleId, userId)
  if (others.length === 0) return null
  return (
    <p role="status" className="rounded-md border border-sky-400 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-50">
      Sedang disunting oleh {others.join(', ')}.
    </p>
  )
}

/** The save's picture uploads as they go, and the last draft autosave. */
export function SaveProgress({ progress, autosavedAt }: { progress: UploadProgress | null; autosavedAt: string | null }) {
  const uploading = progress !== null && progress.total > 0 && progress.done < progress.total
  return (
    <>
      {uploading && (
        <div className="grid gap-1" role="status" aria-live="polite">
          <p className="text-sm text-muted-foreground">
            Mengunggah gambar {Math.min(progress.done + 1, progress.total)} dari {progress.total}...
          </p>
          <progress className="h-2 w-full accent-primary" max={progress.total} value={progress.done} aria-label="Kemajuan unggahan" />
        </div>
      )}
      {autosavedAt && (
        <p role="status" className="text-sm text-muted-foreground">
          Draf tersimpan otomatis pukul {autosavedAt}.
        </p>
      )}
    </>
  )
}
