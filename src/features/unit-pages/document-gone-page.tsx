import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import type { RouteMeta } from '@/lib/route-module'
import { useRouteMeta } from '@/lib/use-document-meta'

/**
 * What a browser sees for a document link that no longer leads to a file (withdrawn, deleted, or
 * an old address from the sitemap or a search engine): the storage gateway answers such a
 * navigation with this page instead of its JSON error (server/http/document-gone.ts).
 */
export function DocumentGonePage() {
  useRouteMeta(meta)
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-army">Dokumen tidak lagi tersedia</h1>
      <p className="text-muted-foreground">
        Dokumen yang Anda buka telah ditarik, dihapus, atau dipindahkan. Dokumen yang masih berlaku tersedia di halaman Informasi Publik.
      </p>
      <Link to={`${paths.publicInformation}#dokumen`} className="rounded-md bg-army px-5 py-2.5 font-semibold text-white hover:bg-army-light">
        Lihat Daftar Dokumen Informasi Publik
      </Link>
    </section>
  )
}

export const meta = (): RouteMeta => ({ title: 'Dokumen tidak lagi tersedia', noindex: true, status: 404 })

export { DocumentGonePage as Component }
