import { Badge } from '@/components/ui/badge'
import { formatShortDate } from '@/lib/format'
import { publicationStatus } from '../lib/publication'

const VARIANT = { Draf: 'secondary', Terjadwal: 'warning', Terbit: 'success' } as const

export function PublicationBadge({ publishedAt }: { publishedAt: string | null }) {
  const status = publicationStatus(publishedAt)
  return (
    <Badge variant={VARIANT[status]} title={publishedAt ? formatShortDate(publishedAt) : undefined}>
      {status}
    </Badge>
  )
}
