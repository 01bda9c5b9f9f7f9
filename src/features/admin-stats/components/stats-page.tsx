import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/lib/paths'
import { RANGES, useVisitorStats, type Range, type VisitorStats } from '../api/get-visitor-stats'
import { downloadCsv, statsCsv } from '../lib/stats-csv'
import { ShareBars } from './share-bars'
import { shortDay, VisitorsChart } from './visitors-chart'

type Total = keyof VisitorStats['totals']
const SOURCES: [string, Total][] = [['Mesin pencari', 'search'], ['Media sosial', 'social'], ['Langsung', 'direct'], ['Situs lain', 'other']]
const DEVICES: [string, Total][] = [['Ponsel', 'phone'], ['Tablet', 'tablet'], ['Desktop', 'desktop']]
const shares = (kinds: [string, Total][], stats: VisitorStats) => kinds.map(([label, key]) => ({ label, value: stats.totals[key] }))

const card = 'rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6'
const n = (value: number) => value.toLocaleString('id-ID')

function Figures({ stats }: { stats: VisitorStats }) {
  const figures = [
    ['Pengunjung hari ini', stats.today.visitors],
    ['Tayangan hari ini', stats.today.views],
    ['Jumlah pengunjung harian', stats.totals.visitors],
    ['Tayangan dalam rentang', stats.totals.views],
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className={card}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{n(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

function Daily({ stats, days }: { stats: VisitorStats; days: Range }) {
  const summaryId = useId()
  return (
    <section className={card} aria-labelledby={`${summaryId}-h`}>
      <h2 id={`${summaryId}-h`} className="text-lg font-semibold">Tayangan dan pengunjung per hari</h2>
      <p id={summaryId} className="sr-only">
        Grafik {days} hari terakhir: {n(stats.totals.views)} tayangan dan {n(stats.totals.visitors)} pengunjung. Angka per hari ada di tabel berikut.
      </p>
      <div className="mt-3">
        <VisitorsChart days={stats.days} summaryId={summaryId} />
      </div>
      {/* a table with sr-only grows to its content; its wrapper takes the class */}
      <div className="sr-only">
      <table>
        <caption>Tayangan dan pengunjung per hari, {days} hari terakhir</caption>
        <thead>
          <tr><th scope="col">Tanggal</th><th scope="col">Tayangan</th><th scope="col">Pengunjung</th></tr>
        </thead>
        <tbody>
          {stats.days.map((d) => (
            <tr key={d.day}><th scope="row">{shortDay(d.day)}</th><td>{d.views}</td><td>{d.visitors}</td></tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  )
}

function TopArticles({ stats }: { stats: VisitorStats }) {
  return (
    <section className={card} aria-labelledby="top-articles-h">
      <h2 id="top-articles-h" className="text-lg font-semibold">Berita paling banyak dibaca</h2>
      {stats.articles.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Belum ada berita yang dibaca dalam rentang ini.</p>
      ) : (
        <ol className="mt-3 divide-y divide-border">
          {stats.articles.map((a) => (
            <li key={a.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <Link to={paths.article(a.id)} className="min-w-0 break-words font-medium text-primary underline-offset-4 hover:underline">
                {a.title}
              </Link>
              <span className="shrink-0 tabular-nums text-muted-foreground">{n(a.views)} kali dibaca</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** /admin/statistik: reader statistics without cookies or personal data (decision 0044). */
export function StatsPage() {
  const [days, setDays] = useState<Range>(30)
  const stats = useVisitorStats(days)
  const data = stats.data
  const empty = data && data.totals.views === 0 && data.today.views === 0

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Statistik Pengunjung</h1>
          <p className="text-sm text-muted-foreground">
            Dihitung tanpa cookie dan tanpa data pribadi: pengunjung dibedakan hanya untuk satu hari. Halaman yang dibaca tanpa JavaScript tidak terhitung.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="Rentang waktu" className="flex gap-1">
            {RANGES.map((r) => (
              <Button key={r} size="sm" variant={r === days ? 'default' : 'outline'} aria-pressed={r === days} onClick={() => setDays(r)}>
                {r} hari
              </Button>
            ))}
          </div>
          <Button size="sm" variant="outline" disabled={!data} onClick={() => data && downloadCsv(`statistik-pengunjung-${days}-hari.csv`, statsCsv(data))}>
            <Download aria-hidden="true" /> Unduh CSV
          </Button>
        </div>
      </div>

      {stats.isPending ? (
        <div className="space-y-4" role="status" aria-label="Memuat statistik...">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : stats.error ? (
        <div role="alert" className={`${card} space-y-3`}>
          <p className="font-medium">Gagal memuat statistik pengunjung.</p>
          <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
            Coba lagi
          </Button>
        </div>
      ) : empty || !data ? (
        <p className={`${card} text-center text-muted-foreground`}>Belum ada kunjungan tercatat</p>
      ) : (
        <>
          <Figures stats={data} />
          <Daily stats={data} days={days} />
          <div className="grid gap-6 xl:grid-cols-3">
            <div className="xl:col-span-1">
              <TopArticles stats={data} />
            </div>
            <ShareBars title="Asal pengunjung" parts={shares(SOURCES, data)} />
            <ShareBars title="Perangkat" parts={shares(DEVICES, data)} />
          </div>
        </>
      )}
    </div>
  )
}
