import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { paths } from '@/lib/paths'

export function RouteError() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : null
  // A new deployment removes old chunk files; a reload fetches the current ones.
  const staleChunk = error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <h1 className="text-2xl font-bold text-army">{status === 404 ? 'Halaman tidak ditemukan' : 'Terjadi kesalahan'}</h1>
      <p className="max-w-md text-muted-foreground">
        {staleChunk
          ? 'Versi situs telah diperbarui. Muat ulang halaman untuk melanjutkan.'
          : 'Maaf, halaman ini tidak dapat ditampilkan saat ini.'}
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-army px-4 py-2 font-semibold text-white hover:bg-army-light"
        >
          Muat Ulang
        </button>
        <Link to={paths.home} className="rounded-md border border-army px-4 py-2 font-semibold text-army hover:bg-muted">
          Ke Beranda
        </Link>
      </div>
    </main>
  )
}
