import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import { notFoundPage } from '@/lib/pages'
import { useRouteMeta } from '@/lib/use-document-meta'
import type { RouteMeta } from '@/lib/route-module'

export function NotFoundPage() {
  useRouteMeta(meta)
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-sm font-bold tracking-widest text-army-light">404</p>
      <h1 className="text-3xl font-bold text-army">Halaman tidak ditemukan</h1>
      <p className="text-muted-foreground">Halaman yang Anda cari tidak tersedia atau telah dipindahkan.</p>
      <Link to={paths.home} className="rounded-md bg-army px-5 py-2.5 font-semibold text-white hover:bg-army-light">
        Kembali ke Beranda
      </Link>
    </section>
  )
}

export const meta = (): RouteMeta => ({ ...notFoundPage, status: 404 })

export { NotFoundPage as Component }
