import { Link } from 'react-router'
import { ArrowRight, Calendar } from 'lucide-react'
import { formatLongDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { ArticleCardData } from '@/lib/article'
import { ArticleCover } from './article-cover'

type CardProps = {
  article: ArticleCardData
  linkLabel: string
  /** The first card's cover is the page's largest paint: loaded at once, first. */
  priority?: boolean
}

export function ArticleCard({ article, linkLabel, priority = false }: CardProps) {
  const titleId = `article-${article.id}-title`
  return (
    <article
      data-testid="article-card"
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-lg"
    >
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        <ArticleCover
          src={article.cover_image_url}
          alt={`Gambar sampul: ${article.title}`}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        {article.category && (
          <p data-testid="article-category" className="text-xs font-bold tracking-widest text-army-light uppercase">
            {article.category}
          </p>
        )}
        <h3 id={titleId} className="line-clamp-2 text-lg leading-snug font-bold text-foreground">
          {article.title}
        </h3>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Calendar className="size-4" aria-hidden="true" />
          <time data-testid="article-date" dateTime={article.published_at ?? undefined}>
            {formatLongDate(article.published_at)}
          </time>
        </p>
        <p data-testid="article-excerpt" className="text-sm leading-relaxed text-muted-foreground">
          {article.excerpt}
        </p>
        <Link
          to={paths.article(article.id)}
          className="mt-auto inline-flex items-center gap-1.5 self-start rounded-sm pt-2 text-sm font-bold text-army hover:text-army-light"
          aria-describedby={titleId}
        >
          {linkLabel}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
        </Link>
      </div>
    </article>
  )
}

export function ArticleCardSkeleton() {
  return (
    <div data-testid="article-skeleton" aria-hidden="true" className="overflow-hidden rounded-xl border border-border bg-card">
      <div className="aspect-[16/9] animate-pulse bg-muted" />
      <div className="space-y-3 p-5">
        <div className="h-3 w-20 animate-pulse rounded bg-muted" />
        <div className="h-5 w-4/5 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-12 w-full animate-pulse rounded bg-muted" />
      </div>
    </div>
  )
}
