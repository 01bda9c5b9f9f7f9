import { site } from '@/content/site'
import { formatLongDate } from '@/lib/format'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { useInfoPage, type InfoPageSlug } from '@/lib/unit-pages/public-reads'
import { RichHtml } from '@/components/rich-html'

type InformationPath = typeof paths.privacy | typeof paths.accessibility | typeof paths.publicInformation

/** A public-information page: its path is its slug in info_pages. */
function InformationPage({ path }: { path: InformationPath }) {
  const meta = publicPage(path)
  const { data: page, isPending, error } = useInfoPage(path.slice(1) as InfoPageSlug)
  useQueryErrorToast(error, 'Gagal memuat halaman')
  useDocumentMeta({ title: page?.title ?? meta.title, description: page?.description ?? meta.description })

  return (
    <>
      <PageHeader eyebrow={site.name} title={page?.title ?? meta.title ?? ''} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
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
      </div>
    </>
  )
}

export const PrivacyPage = () => <InformationPage path={paths.privacy} />
export const AccessibilityPage = () => <InformationPage path={paths.accessibility} />
export const PublicInformationPage = () => <InformationPage path={paths.publicInformation} />
