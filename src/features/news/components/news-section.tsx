import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import { paths } from '@/lib/paths'
import { Button } from '@/components/ui/button'
import { ArticleCard, ArticleCardSkeleton } from './article-card'
import type { ArticleCardData } from '@/lib/article'

export const HOME_NEWS_LIMIT = 6
const SKELETONS = 3
const MORE_LINKS = [
  { to: paths.activities, label: 'Lihat Semua Berita' },
  { to: paths.galleries, label: 'Lihat Galeri Foto' },
]

export function NewsSection({ articles, isPending }: { articles: ArticleCardData[] | undefined; isPending: boolean }) {
  const items = articles?.slice(0, HOME_NEWS_LIMIT) ?? []
  return (
    <section aria-labelledby="news-heading" className="bg-background py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-bold tracking-widest text-army-light uppercase">Informasi Terkini</p>
            <h2 id="news-heading" className="mt-2 text-3xl font-extrabold text-army sm:text-4xl">
              Berita &amp; Kegiatan
            </h2>
            <div className="mt-3 h-1 w-16 rounded-full bg-gold" />
          </div>
          <div className="flex flex-wrap gap-3 self-start sm:self-auto">
            {MORE_LINKS.map(({ to, label }) => (
              <Button key={to} asChild variant="outline" className="border-army! text-army">
                <Link to={to}>
                  {label}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            ))}
          </div>
        </div>

        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
          {isPending ? (
            Array.from({ length: SKELETONS }, (_, index) => <ArticleCardSkeleton key={index} />)
          ) : items.length === 0 ? (
            <p className="col-span-full rounded-xl border border-dashed border-border bg-card p-10 text-center text-muted-foreground">
              Saat ini belum ada berita untuk ditampilkan.
            </p>
          ) : (
            items.map((article) => <ArticleCard key={article.id} article={article} linkLabel="Baca Selengkapnya" />)
          )}
        </div>
      </div>
    </section>
  )
}
