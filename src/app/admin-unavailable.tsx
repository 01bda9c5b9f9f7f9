import { Link } from 'react-router'
import { paths } from '@/lib/paths'

export function AdminUnavailable() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-army">Area admin belum tersedia</h1>
      <Link className="font-semibold text-army-light underline" to={paths.home}>
        Kembali ke Beranda
      </Link>
    </main>
  )
}
