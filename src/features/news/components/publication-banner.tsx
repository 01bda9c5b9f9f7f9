import { EyeOff } from 'lucide-react'
import { formatShortDateTime } from '@/lib/format'
import type { PublicationStatus } from '@/lib/publication-status'

/** Tells staff previewing an article that visitors cannot see it (yet). */
export function PublicationBanner({ status, publishedAt }: { status: Exclude<PublicationStatus, 'published'>; publishedAt: string | null }) {
  return (
    <div
      role="status"
      data-testid="publication-banner"
      className="mb-6 flex items-start gap-3 rounded-lg border-2 border-gold bg-gold/15 px-4 py-3 text-sm text-foreground"
    >
      <EyeOff className="mt-0.5 size-5 shrink-0 text-army" aria-hidden="true" />
      <p>
        <span className="mr-2 inline-block rounded bg-army px-2 py-0.5 text-xs font-bold tracking-wider text-white uppercase">
          {status === 'draft' ? 'Draf' : 'Terjadwal'}
        </span>
        {status === 'draft'
          ? 'Artikel ini belum diterbitkan dan hanya terlihat oleh staf.'
          : `Artikel ini terbit pada ${formatShortDateTime(publishedAt)} WIB; sampai saat itu hanya terlihat oleh staf.`}
      </p>
    </div>
  )
}
