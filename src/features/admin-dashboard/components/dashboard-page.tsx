import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Activity, FileText, Images, Users } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatRelativeTime } from '@/lib/format'
import { paths } from '@/lib/paths'
import { publicationStatus, type PublicationStatus } from '@/lib/publication-status'
import { useDashboardStats } from '../api/get-dashboard-stats'
import { useRecentArticles, type RecentArticle } from '../api/get-recent-articles'
import { BackupCard } from './backup-card'
import { DiskCard } from './disk-card'
import { SystemStatusCard } from './system-status-card'

// Not measured anywhere yet; SPEC fixes the figure.
const VISITORS_TODAY = '1.2k'

function StatCard({ title, value, icon }: { title: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
        <CardTitle className="text-sm leading-snug font-medium text-muted-foreground">{title}</CardTitle>
        <span className="text-primary [&_svg]:size-5">{icon}</span>
      </CardHeader>
      <CardContent className="px-4 text-2xl font-bold sm:px-5 sm:text-3xl text-foreground">{value}</CardContent>
    </Card>
  )
}

function authorName(article: RecentArticle) {
  return article.profiles?.full_name || 'Pengguna'
}

const ACTIVITY: Record<PublicationStatus, string> = {
  draft: 'menyimpan draf',
  scheduled: 'menjadwalkan',
  published: 'menerbitkan',
}

function RecentActivity() {
  const { data, isPending, error } = useRecentArticles()
  useEffect(() => {
    // SPEC section 8: dashboard load errors are only logged.
    if (error) console.error('Gagal memuat aktivitas terbaru:', error)
  }, [error])

  if (isPending) {
    return (
      <div className="space-y-3" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    )
  }
  if (!data || data.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">Tidak ada aktivitas terbaru.</p>
  }
  return (
    <ul className="divide-y divide-border">
      {data.map((article) => (
        <li key={article.id} className="flex items-start gap-3 py-3">
          <span className="mt-0.5 rounded-full bg-primary/10 p-2 text-primary" aria-hidden="true">
            <FileText className="size-4" />
          </span>
          <div className="min-w-0 flex-1 text-sm">
            <p>
              <span className="font-semibold">{authorName(article)}</span> {ACTIVITY[publicationStatus(article.published_at)]}{' '}
              <Link
                to={paths.article(article.id)}
                className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
              >
                {article.title}
              </Link>
            </p>
            <p className="text-xs text-muted-foreground">{formatRelativeTime(article.created_at)}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** `extraCards`: other features' cards beside the backup card, composed by the admin route. */
export function DashboardPage({ extraCards }: { extraCards?: ReactNode }) {
  const stats = useDashboardStats()
  useEffect(() => {
    if (stats.error) console.error('Gagal memuat statistik dashboard:', stats.error)
  }, [stats.error])

  const count = (value: number | undefined) =>
    stats.isPending ? <Skeleton className="h-9 w-16" aria-label="Memuat" /> : (value ?? 0).toLocaleString('id-ID')

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-foreground sm:text-3xl">Dashboard</h1>
        <p className="text-sm text-muted-foreground">Ringkasan aktivitas situs Skadron.</p>
      </div>
      <section aria-label="Statistik" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard title="Total Pengguna" value={count(stats.data?.users)} icon={<Users />} />
        <StatCard title="Total Artikel" value={count(stats.data?.articles)} icon={<FileText />} />
        <StatCard title="Total Galeri" value={count(stats.data?.galleries)} icon={<Images />} />
        <StatCard title="Pengunjung Hari Ini" value={VISITORS_TODAY} icon={<Activity />} />
      </section>
      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>Aktivitas Artikel Terbaru</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <RecentActivity />
          </CardContent>
        </Card>
        <div className="space-y-6">
        <BackupCard />
        <DiskCard />
        {extraCards}
        <SystemStatusCard />
        </div>
      </div>
    </div>
  )
}
