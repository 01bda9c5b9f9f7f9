import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Images, SearchX } from 'lucide-react'
import { cn } from '@/lib/utils'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { PageHeader } from '@/components/ui/page-header'
import { useArticles } from './api/get-articles'
import { ArticleCard, ArticleCardSkeleton } from './components/article-card'

const ALL = 'Semua'
const SKELETONS = 6

export function ActivitiesPage() {
  useDocumentMeta(publicPage(paths.activities))
  const { data: articles, isPending, error } = useArticles()
  const [filter, setFilter] = useState(ALL)

  useQueryErrorToast(error, 'Gagal memuat kegiatan')

  const categories = useMemo(() => {
    const seen = new Set<string>()
    for (const article of articles ?? []) if (article.category) seen.add(article.category)
    return [ALL, ...seen]
  }, [articles])

  const visible = useMemo(
    () => (filter === ALL ? (articles ?? []) : (articles ?? []).filter((article) => article.category === filter)),
    [articles, filter],
  )

  return (
    <>
      <PageHeader eyebrow="Dokumentasi Satuan" title="Berita & Kegiatan">
        Ikuti perkembangan terbaru, latihan, operasi, dan kegiatan sosial Skadron 31/Serbu.
      </PageHeader>
      <nav aria-label="Dokumentasi lain" className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
        <Link to={paths.galleries} className="inline-flex items-center gap-2 rounded-sm font-bold text-army hover:text-army-light">
          <Images className="size-5" aria-hidden="true" />
          Lihat Galeri Foto Kegiatan
        </Link>
      </nav>

      <section aria-labelledby="daftar-kegiatan" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 id="daftar-kegiatan" className="sr-only">
          Daftar kegiatan
        </h2>
        <div role="group" aria-label="Filter kategori" className="flex flex-wrap gap-2" data-testid="category-filter">
          {categories.map((category) => (
            <button
              key={category}
              type="button"
              aria-pressed={filter === category}
              onClick={() => setFilter(category)}
              className={cn(
                'min-h-10 rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                filter === category
                  ? 'border-army bg-army text-white'
                  : 'border-border bg-card text-foreground hover:border-army hover:text-army',
              )}
            >
              {category}
            </button>
          ))}
        </div>

        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
          {isPending
            ? Array.from({ length: SKELETONS }, (_, index) => <ArticleCardSkeleton key={index} />)
            : visible.map((article) => <ArticleCard key={article.id} article={article} linkLabel="Lihat Detail" />)}
        </div>

        {!isPending && visible.length === 0 && (
          <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-14 text-center">
            <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-xl font-bold text-army">Tidak Ada Kegiatan</h2>
            <p className="text-muted-foreground">Tidak ada kegiatan yang sesuai dengan filter yang dipilih.</p>
          </div>
        )}
      </section>
    </>
  )
}
