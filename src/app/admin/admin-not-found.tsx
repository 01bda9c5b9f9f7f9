import { Link } from 'react-router'
import { paths } from '@/lib/paths'

/** Shown inside the admin shell for an unknown /admin path, instead of a redirect that could loop. */
export function AdminNotFound() {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
      <p className="text-sm font-bold tracking-widest text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold">Halaman tidak ditemukan</h1>
      <p className="text-muted-foreground">Halaman admin yang Anda cari tidak tersedia.</p>
      <Link
        to={paths.admin.dashboard}
        className="rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground hover:opacity-90"
      >
        Kembali ke Dashboard
      </Link>
    </section>
  )
}
