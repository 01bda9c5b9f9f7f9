import { site } from '@/content/site'
import { formatLongDate } from '@/lib/format'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import type { ComponentType } from 'react'
import type { LoaderArgs, RouteMeta, RouteModule } from '@/lib/route-module'
import { useRouteMeta } from '@/lib/use-document-meta'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { RichHtml } from '@/components/rich-html'
import { infoPageQueryOptions, useInfoPage, type InfoPage, type InfoPageSlug } from '@/lib/unit-pages/public-reads'

type InformationPath = typeof paths.privacy | typeof paths.accessibility | typeof paths.publicInformation

/**
 * The route module of a public-information page: its path is its slug in info_pages; the title
 * and summary staff edit are the page's meta once loaded. `jumpTo` links from the top to what
 * `Below` shows, which a phone reaches only after the whole text.
 */
export function informationRoute(
  path: InformationPath, Below?: ComponentType, jumpTo?: { id: string; label: string },
): RouteModule<InfoPage | null> {
  const slug = path.slice(1) as InfoPageSlug
  const meta = (page: InfoPage | null | undefined): RouteMeta => {
    const entry = publicPage(path)
    if (page === null) return { ...entry, noindex: true, status: 404 }
    return { ...entry, title: page?.title ?? entry.title, description: page?.description ?? entry.description }
  }

  function InformationPage() {
    const { data: page, isPending, error } = useInfoPage(slug)
    useQueryErrorToast(error, 'Gagal memuat halaman')
    useRouteMeta(meta, page)

    return (
      <>
        <PageHeader eyebrow={site.name} title={page?.title ?? publicPage(path).title ?? ''} />
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
          {jumpTo && (
            <p className="mb-8">
              <a href={`#${jumpTo.id}`} className="inline-flex min-h-11 items-center gap-2 rounded-md border border-army px-4 py-2 font-semibold text-army hover:bg-army hover:text-white">
                {jumpTo.label}
              </a>
            </p>
          )}
          {isPending ? (
            <div className="space-y-3" role="status" aria-label="Memuat halaman">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ) : page ? (
            <article>
              <RichHtml html={page.body} className="article-content" />
              <p className="mt-10 border-t border-border pt-4 text-sm text-muted-foreground">
                Terakhir diperbarui {formatLongDate(page.updated_at)}
              </p>
            </article>
          ) : (
            <p className="text-muted-foreground">Halaman ini belum tersedia.</p>
          )}
          {Below && <Below />}
        </div>
      </>
    )
  }

  return {
    Component: InformationPage,
    loader: async ({ queryClient, context }: LoaderArgs) => queryClient.fetchQuery(infoPageQueryOptions(context.api, slug)),
    meta,
  }
}
