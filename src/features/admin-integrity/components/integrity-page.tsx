import { ResponsiveTable, type Column } from '@/components/ui/responsive-table'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useHeldItems, useIntegritySummary, useOpenFindings, type Finding } from '../api/integrity'
import { HeldItems } from './held-items'
import { KIND_LABELS, when } from './labels'

const COLUMNS: Column<Finding>[] = [
  { header: 'Jenis', className: 'align-top font-medium', cell: (f) => KIND_LABELS[f.kind] ?? f.kind },
  { header: 'Di mana', className: 'align-top max-w-xs break-words', cell: (f) => f.subject },
  { header: 'Temuan', className: 'align-top max-w-sm break-words text-muted-foreground', cell: (f) => f.detail },
  { header: 'Terakhir terlihat', className: 'align-top whitespace-nowrap text-muted-foreground', cell: (f) => when(f.last_seen) },
]

/** /admin/integritas: what the guard held and what the integrity watch found, for the superadmin. */
export function IntegrityPage() {
  const holds = useHeldItems()
  const findings = useOpenFindings()
  const summary = useIntegritySummary()
  useQueryErrorToast(holds.error ?? findings.error, 'Gagal memuat Integritas Situs')
  const run = summary.data?.last_run

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Integritas Situs</h1>
        <p className="text-sm text-muted-foreground">
          Isi yang memuat kata atau tautan khas spam judi, tautan ke domain baru, atau terlalu banyak tautan keluar ditahan di sini
          sampai superadmin merilis atau menolaknya. Pemantauan memeriksa halaman publik seperti pengunjung, Googlebot, ponsel dan
          rujukan Google, berkas hasil build, serta isi yang tersimpan.
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {run
            ? `Pemantauan terakhir: ${when(run.finished_at ?? run.started_at)} · ${run.pages} halaman${run.error ? ` · ${run.error}` : ''}`
            : 'Pemantauan belum pernah berjalan.'}
        </p>
      </div>

      <section className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6" aria-labelledby="held-heading">
        <h2 id="held-heading" className="text-lg font-semibold">
          Ditahan untuk ditinjau {holds.data ? `(${holds.data.length})` : ''}
        </h2>
        {holds.isPending ? <p className="text-sm text-muted-foreground">Memuat...</p> : <HeldItems items={holds.data ?? []} />}
      </section>

      <section className="space-y-3" aria-labelledby="findings-heading">
        <h2 id="findings-heading" className="text-lg font-semibold">
          Temuan pemantauan {findings.data ? `(${findings.data.length})` : ''}
        </h2>
        <div className="rounded-xl border border-border bg-card shadow-sm">
          <ResponsiveTable
            items={findings.data}
            isPending={findings.isPending}
            loadingText="Memuat temuan..."
            emptyText="Tidak ada temuan. Situs terlihat sama bagi semua pengunjung."
            label="Temuan pemantauan"
            columns={COLUMNS}
            card={(f) => (
              <>
                <p className="font-semibold">{KIND_LABELS[f.kind] ?? f.kind}</p>
                <p className="text-sm break-words">{f.subject}</p>
                <p className="text-sm break-words text-muted-foreground">{f.detail}</p>
                <p className="text-xs text-muted-foreground">Terakhir terlihat {when(f.last_seen)}</p>
              </>
            )}
          />
        </div>
      </section>
    </div>
  )
}
