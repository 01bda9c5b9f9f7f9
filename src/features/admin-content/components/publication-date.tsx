import { formatShortDate, formatShortDateTime } from '@/lib/format'
import { publicationStatus } from '../lib/publication'

/**
 * The date readers see (the public pages date an article by published_at), or the go-live time
 * of a scheduled one; a draft has none yet.
 */
export function PublicationDate({ publishedAt }: { publishedAt: string | null }) {
  const status = publicationStatus(publishedAt)
  if (status === 'Draf' || publishedAt === null) return <>-</>
  if (status === 'Terjadwal') return <>Tayang {formatShortDateTime(publishedAt)}</>
  return <>{formatShortDate(publishedAt)}</>
}

/** Who wrote the article and, when someone else saved the current version, who. */
export function Authorship({ author, editor }: { author: string | null | undefined; editor: string | null }) {
  return (
    <span className="block text-xs text-muted-foreground">
      Oleh {author?.trim() || 'Penerangan Skadron'}
      {editor && ` · Disunting oleh ${editor}`}
    </span>
  )
}
