import { Link } from 'react-router'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/lib/paths'
import { useVisitorStats } from '../api/get-visitor-stats'
import { compactCount } from '../lib/compact-count'

/** The dashboard's 'Pengunjung Hari Ini' figure: today's visitors as the statistics page counts them. */
export function VisitorsToday() {
  const stats = useVisitorStats(30)
  if (stats.isPending) return <Skeleton className="h-9 w-16" aria-label="Memuat" />
  if (!stats.data) return <span aria-label="Tidak tersedia">-</span>
  const visitors = stats.data.today.visitors
  return (
    <Link
      to={paths.admin.stats}
      className="rounded-sm underline-offset-4 hover:underline focus-visible:underline"
      aria-label={`${visitors.toLocaleString('id-ID')} pengunjung hari ini: buka Statistik Pengunjung`}
    >
      {compactCount(visitors)}
    </Link>
  )
}
