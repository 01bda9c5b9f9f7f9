import { Link } from 'react-router'
import { Shield, ShieldAlert, ShieldCheck } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/lib/paths'
import { useIntegritySummary } from '../api/integrity'
import { when } from './labels'

/**
 * The dashboard's view of Integritas Situs, for the superadmin: open findings and held items.
 * 'Aman' only once the watch has looked; before its first run nothing vouches for the pages.
 */
export function IntegrityCard() {
  const { data } = useIntegritySummary()
  if (!data) return null
  const trouble = data.open_findings + data.pending_holds
  const watched = data.last_run !== null
  const Icon = trouble > 0 ? ShieldAlert : watched ? ShieldCheck : Shield
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
        <CardTitle className="text-sm leading-snug font-medium text-muted-foreground">
          <h2>Integritas Situs</h2>
        </CardTitle>
        <Icon className={trouble > 0 ? 'size-5 text-red-700' : watched ? 'size-5 text-emerald-700' : 'size-5 text-muted-foreground'} aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-1 px-4 sm:px-5">
        <p className={`text-2xl font-bold ${trouble > 0 ? 'text-red-700' : 'text-foreground'}`}>
          {trouble > 0 ? `${data.open_findings} temuan · ${data.pending_holds} ditahan` : watched ? 'Aman' : 'Belum dipantau'}
        </p>
        <p className="text-xs text-muted-foreground">
          {data.last_run ? `Pemantauan terakhir ${when(data.last_run.finished_at ?? data.last_run.started_at)}` : 'Pemantauan belum berjalan'}
          {' · '}
          <Link to={paths.admin.integrity} className="underline underline-offset-2">
            Buka Integritas Situs
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}
