import { Badge } from '@/components/ui/badge'
import { formatShortDate } from '@/lib/format'
import { publicationStatus } from '../lib/publication'
import { HELD_TITLE } from '../api/held-articles'

const VARIANT = { Draf: 'secondary', Terjadwal: 'warning', Terbit: 'success' } as const

/** `held`: the integrity guard keeps the article back until a superadmin decides (issue 32). */
export function PublicationBadge({ publishedAt, held = false }: { publishedAt: string | null; held?: boolean }) {
  if (held) return <Badge variant="destructive">{HELD_TITLE}</Badge>
  const status = publicationStatus(publishedAt)
  return (
    <Badge variant={VARIANT[status]} title={publishedAt ? formatShortDate(publishedAt) : undefined}>
      {status}
    </Badge>
  )
}
