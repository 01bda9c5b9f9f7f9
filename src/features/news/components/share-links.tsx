import type { MouseEvent } from 'react'
import { Link2, MessageCircle, Send, Share2, ThumbsUp, X as XIcon } from 'lucide-react'
import { toast } from '@/lib/toast'
import { shareLinks, type ShareLink } from '../lib/share-links'

const ICONS: Record<ShareLink['network'], typeof Send> = {
  whatsapp: MessageCircle,
  facebook: ThumbsUp,
  x: XIcon,
  telegram: Send,
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-semibold text-foreground hover:border-army hover:text-army'

/**
 * Plain links to each service's share page, opened in a new tab. "Salin tautan" is a link to the
 * article itself: with JavaScript it copies the address; before or without it, a long press or
 * right click copies it as any link.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const copy = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigator.clipboard) return
    event.preventDefault()
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Tautan disalin')
    } catch {
      toast.error('Gagal menyalin tautan', { description: 'Salin alamat dari bilah alamat peramban.' })
    }
  }
  return (
    <section aria-labelledby="bagikan" className="mt-10 border-t border-border pt-6" data-testid="share-links">
      <h2 id="bagikan" className="flex items-center gap-2 text-base font-bold text-army">
        <Share2 className="size-4" aria-hidden="true" />
        Bagikan berita ini
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {shareLinks(url, title).map(({ network, label, href }) => {
          const Icon = ICONS[network]
          return (
            <li key={network}>
              <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass} aria-label={`Bagikan ke ${label}`}>
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </a>
            </li>
          )
        })}
        <li>
          <a href={url} onClick={(event) => void copy(event)} className={linkClass}>
            <Link2 className="size-4" aria-hidden="true" />
            Salin tautan
          </a>
        </li>
      </ul>
    </section>
  )
}
