import { Badge } from '@/components/ui/badge'
import { formatShortDate } from '@/lib/format'
import { publicationStatus } from '../lib/publication'
import { HoldBadge } from '@/components/hold-status'
import type { ArticleHold } from '../api/held-articles'

const VARIANT = { Draf: 'secondary', Terjadwal: 'warning', Terbit: 'success' } as const

/**
 * `hold`: the integrity guard keeps the article back until a superadmin decides (issue 32), or
 * a superadmin rejected its last save (issue 44); the reasons are the badge's title.
 */
export function PublicationBadge({ publishedAt, hold = null }: { publishedAt: string | null; hold?: ArticleHold | null }) {
  if (hold) return <HoldBadge hold={hold} />
  const status = publicationStatus(publishedAt)
  return (
    <Badge variant={VARIANT[status]} title={publishedAt ? formatShortDate(publishedAt) : undefined}>
      {status}
    </Badge>
  )
}
