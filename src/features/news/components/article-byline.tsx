import { Calendar, PenLine, RefreshCw } from 'lucide-react'
import { formatLongDate, formatLongDateWithWeekday } from '@/lib/format'
import type { ArticleDetail } from '@/lib/article'
import { articleDates } from '../lib/article-dates'

/** Who wrote it, when it was published and, if it changed since, when it was updated. */
export function ArticleByline({ article }: { article: Pick<ArticleDetail, 'byline' | 'published_at' | 'updated_at'> }) {
  const { published, updated } = articleDates(article)
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
      <p className="flex items-center gap-2">
        <PenLine className="size-4" aria-hidden="true" />
        <span>
          Oleh <span data-testid="article-byline" className="font-semibold text-foreground">{article.byline}</span>
        </span>
      </p>
      <p className="flex items-center gap-2">
        <Calendar className="size-4" aria-hidden="true" />
        {published ? (
          <time data-testid="article-date" dateTime={published}>
            {formatLongDateWithWeekday(published)}
          </time>
        ) : (
          <span data-testid="article-date">Belum diterbitkan</span>
        )}
      </p>
      {updated && (
        <p className="flex items-center gap-2">
          <RefreshCw className="size-4" aria-hidden="true" />
          <span data-testid="article-updated">
            Diperbarui <time dateTime={updated}>{formatLongDate(updated)}</time>
          </span>
        </p>
      )}
    </div>
  )
}
