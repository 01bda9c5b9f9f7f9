import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Images, SearchX } from 'lucide-react'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import type { LoaderArgs, RouteArgs, RouteMeta } from '@/lib/route-module'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { FOCUS_REGION, useFocusOnChange } from '@/components/ui/focus-after'
import { PageHeader } from '@/components/ui/page-header'
import { articleListQueryOptions, categoriesQueryOptions, useArticleList, useCategories, type ArticleList } from './api/get-articles'
import { ArticleCard, ArticleCardSkeleton } from './components/article-card'
import { ListFilters } from './components/list-filters'
import { Pagination } from './components/pagination'
import { listSearch, listTitle, PAGE_SIZE, readListParams, type ListParams } from './lib/list-params'

const SKELETONS = 6

export function ActivitiesPage() {
  const [searchParams] = useSearchParams()
  const params = readListParams(searchParams)
  // ?halaman=abc, 0 or -1 names no page at all.
  if (!params) return <NoSuchListPage />
  return <ActivitiesList params={params} />
}

function Header() {
  return (
    <PageHeader eyebrow="Dokumentasi Satuan" title="Berita & Kegiatan">
      Ikuti perkembangan terbaru, latihan, operasi, dan kegiatan sosial Skadron 31/Serbu.
    </PageHeader>
  )
}

function EmptyState({ children }: { children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-14 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-xl font-bold text-army">Tidak Ada Kegiatan</h2>
      <p className="text-muted-foreground">Tidak ada kegiatan yang sesuai dengan filter yang dipilih.</p>
      {children}
    </div>
  )
}

/** A page number that is no page at all (abc, 0, -1): 404 with a way back to the list. */
function NoSuchListPage() {
  useRouteMeta(meta)
  return (
    <>
      <Header />
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <EmptyState>
          <Link to={paths.activities} className="font-bold text-army hover:text-army-light">
            Lihat semua kegiatan
          </Link>
        </EmptyState>
      </section>
    </>
  )
}

function ActivitiesList({ params }: { params: ListParams }) {
  const { data, isPending, error } = useArticleList(params)
  useRouteMeta(meta, data)
  const categories = useCategories()
  useQueryErrorToast(error, 'Gagal memuat kegiatan')

  const rows = data?.rows ?? []
  const last = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE))
  const href = (page: number) => `${paths.activities}${listSearch({ ...params, page })}`
  // A search remounts its field and paging may drop the pressed link: the list takes focus instead.
  const list = useFocusOnChange<HTMLElement>(listSearch(params))

  return (
    <>
      <Header />
      <nav aria-label="Dokumentasi lain" className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
        <Link to={paths.galleries} className="inline-flex items-center gap-2 rounded-sm font-bold text-army hover:text-army-light">
          <Images className="size-5" aria-hidden="true" />
          Lihat Galeri Foto Kegiatan
        </Link>
      </nav>

      <section
        ref={list}
        tabIndex={-1}
        aria-labelledby="daftar-kegiatan"
        className={`mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 ${FOCUS_REGION}`}
      >
        <h2 id="daftar-kegiatan" className="sr-only">
          Daftar kegiatan
        </h2>
        <ListFilters params={params} categories={categories.data ?? []} />

        {params.search && data && (
          <p className="mt-6 text-sm text-muted-foreground" aria-live="polite" data-testid="search-summary">
            {data.total} kegiatan ditemukan untuk &ldquo;{params.search}&rdquo;
          </p>
        )}

        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
          {isPending
            ? Array.from({ length: SKELETONS }, (_, index) => <ArticleCardSkeleton key={index} />)
            : rows.map((article, index) => (
                <ArticleCard key={article.id} article={article} linkLabel="Lihat Detail" priority={index === 0} />
              ))}
        </div>

        {!isPending && rows.length === 0 && <EmptyState />}

        {data && rows.length > 0 && <Pagination current={params.page} last={last} href={href} />}
      </section>
    </>
  )
}

/** One page of the list (none for a page number that names no page) and the categories. */
export async function loader({ queryClient, url, context }: LoaderArgs): Promise<ArticleList | undefined> {
  const params = readListParams(url.searchParams)
  if (!params) return undefined
  const [list] = await Promise.all([
    queryClient.fetchQuery(articleListQueryOptions(context.api, params)).catch(() => undefined),
    queryClient.prefetchQuery(categoriesQueryOptions(context.api)),
  ])
  return list
}

export function meta(list: ArticleList | undefined, { url }: RouteArgs): RouteMeta {
  const page = publicPage(paths.activities)
  const params = readListParams(url.searchParams)
  // ?halaman=abc, 0 or -1 names no page at all.
  if (!params) return { ...page, status: 404 }
  // A page past the end is not a page, nor is a category no article has: 404 for the server's
  // answer, the empty state on screen.
  const past = list !== undefined && params.page > Math.max(1, Math.ceil(list.total / PAGE_SIZE))
  const noSuchCategory = list !== undefined && params.category !== null && params.search === null && list.total === 0
  // Each page of the list is its own page for search engines.
  return { ...page, title: listTitle(page.title ?? '', params), canonical: `${paths.activities}${listSearch(params)}`, status: past || noSuchCategory ? 404 : undefined }
}

export { ActivitiesPage as Component }
