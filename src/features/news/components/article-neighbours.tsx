import { Link } from 'react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { paths } from '@/lib/paths'
import type { ArticleNeighbours } from '../api/get-article-neighbours'
import { ArticleCard } from './article-card'

/** Older/newer article links and up to three related articles under an article. */
export function ArticleNeighboursSection({ neighbours }: { neighbours: ArticleNeighbours }) {
  const { previous, next, related } = neighbours
  return (
    <>
      {(previous || next) && (
        <nav aria-label="Artikel lain" className="mt-10 grid gap-4 sm:grid-cols-2" data-testid="article-pager">
          {previous ? (
            <Link
              to={paths.article(previous.id)}
              rel="prev"
              className="group flex flex-col gap-1 rounded-xl border border-border bg-card p-4 hover:border-army"
            >
              <span className="inline-flex items-center gap-1 text-xs font-bold tracking-widest text-army-light uppercase">
                <ChevronLeft className="size-4" aria-hidden="true" />
                Artikel Sebelumnya
              </span>
              <span className="line-clamp-2 font-semibold text-foreground group-hover:text-army">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              to={paths.article(next.id)}
              rel="next"
              className="group flex flex-col items-end gap-1 rounded-xl border border-border bg-card p-4 text-right hover:border-army"
            >
              <span className="inline-flex items-center gap-1 text-xs font-bold tracking-widest text-army-light uppercase">
                Artikel Berikutnya
                <ChevronRight className="size-4" aria-hidden="true" />
              </span>
              <span className="line-clamp-2 font-semibold text-foreground group-hover:text-army">{next.title}</span>
            </Link>
          )}
        </nav>
      )}
      {related.length > 0 && (
        <section aria-labelledby="berita-terkait" className="mt-12">
          <h2 id="berita-terkait" className="text-2xl font-extrabold text-army">
            Berita Terkait
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-articles">
            {related.map((article) => (
              <ArticleCard key={article.id} article={article} linkLabel="Baca Selengkapnya" />
            ))}
          </div>
        </section>
      )}
    </>
  )
}
