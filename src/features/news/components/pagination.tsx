import { Link } from 'react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '@/lib/utils'

/** Page numbers shown: the first, the last and two either side of the current one; null is a gap. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages: (number | null)[] = []
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  return pages
}

const item = 'inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-semibold'

/** Plain links (?halaman=N), so crawlers and phones without JavaScript reach every page. */
export function Pagination({ current, last, href }: { current: number; last: number; href: (page: number) => string }) {
  if (last <= 1) return null
  return (
    <nav aria-label="Halaman kegiatan" className="mt-10 flex flex-wrap items-center justify-center gap-2" data-testid="pagination">
      {current > 1 && (
        <Link to={href(current - 1)} rel="prev" className={cn(item, 'border-border bg-card hover:border-army hover:text-army')}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Sebelumnya
        </Link>
      )}
      {pageWindow(current, last).map((page, index) =>
        page === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
            …
          </span>
        ) : (
          <Link
            key={page}
            to={href(page)}
            aria-label={`Halaman ${page}`}
            aria-current={page === current ? 'page' : undefined}
            className={cn(
              item,
              page === current ? 'border-army bg-army text-white' : 'border-border bg-card hover:border-army hover:text-army',
            )}
          >
            {page}
          </Link>
        ),
      )}
      {current < last && (
        <Link to={href(current + 1)} rel="next" className={cn(item, 'border-border bg-card hover:border-army hover:text-army')}>
          Berikutnya
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      )}
    </nav>
  )
}
