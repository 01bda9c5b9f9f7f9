import { useState } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ResponsiveTable, type Column } from '@/components/ui/responsive-table'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { ResultsStatus, useResultsFocus } from '@/components/ui/results-status'
import { usePeople } from '../api/get-people'
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditEntry, type AuditFilter } from '../api/get-audit-log'
import { AuditFilters } from './audit-filters'
import { ACTION_LABELS, describeTarget, formatOccurredAt } from './describe-entry'
import { Changes } from './changes'

const START: AuditFilter = { actorId: '', action: '', from: '', to: '', page: 0 }
/**
 * The account that acted, as it is now: its current name and its e-mail, never the name it had
 * chosen when it acted. A deleted account is named by the e-mail it had.
 */
function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor_id) return <span>Sistem</span>
  const name = entry.actor_deleted ? 'Akun terhapus' : entry.actor_full_name?.trim() || 'Tanpa nama'
  return (
    <span className="break-words">
      <span className="font-medium text-foreground">{name}</span>
      {entry.actor_email && <span className="block text-xs break-all text-muted-foreground">{entry.actor_email}</span>}
    </span>
  )
}

const actionOf = (entry: AuditEntry) => ACTION_LABELS[entry.action ?? ''] ?? 'Aktivitas lain'
// An account is named as it is now too; a deleted one by the name it had then.
const targetOf = (entry: AuditEntry) => describeTarget(entry.target_type, entry.target_current_label ?? entry.target_label)

const When = ({ entry }: { entry: AuditEntry }) =>
  entry.occurred_at ? <time dateTime={entry.occurred_at}>{formatOccurredAt(entry.occurred_at)}</time> : null

// The rows grow with their list of changes; every cell starts at the row's top.
const COLUMNS: Column<AuditEntry>[] = [
  { header: 'Waktu', className: 'align-top whitespace-nowrap', cell: (entry) => <When entry={entry} /> },
  { header: 'Pelaku', className: 'align-top max-w-56', cell: (entry) => <Actor entry={entry} /> },
  { header: 'Aksi', className: 'align-top font-medium', cell: actionOf },
  { header: 'Sasaran', className: 'align-top break-words', cell: targetOf },
  { header: 'Perubahan', className: 'align-top max-w-sm text-muted-foreground', cell: (entry) => <Changes changes={entry.changes} /> },
]

/** /admin/riwayat: the append-only activity log, for the superadmin. */
export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>(START)
  const log = useAuditLog(filter)
  const people = usePeople()
  useQueryErrorToast(log.error, 'Gagal memuat riwayat aktivitas')
  const total = log.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  const change = (next: Partial<AuditFilter>) => setFilter((current) => ({ ...current, ...next, page: 0 }))
  const { ref: resultsRef, focus: focusResults } = useResultsFocus()
  const goTo = (page: number) => {
    setFilter((current) => ({ ...current, page }))
    focusResults()
  }
  const first = filter.page * AUDIT_PAGE_SIZE
  const shown = log.data?.entries.length ?? 0
  // The status line above the list says which entries are shown (it takes focus after paging);
  // the pager below says which page: two different facts, not one line twice.
  const range = shown ? `Menampilkan ${first + 1}–${first + shown} dari ${total} aktivitas` : `${total} aktivitas`

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Riwayat Aktivitas</h1>
        <p className="text-sm text-muted-foreground">
          Siapa menyetujui, menonaktifkan, mengubah peran atau menghapus akun, siapa mengubah profilnya, dan siapa membuat,
          mengubah, menerbitkan atau menghapus artikel, galeri, foto, pesan masuk dan berkas. Pelaku ditampilkan dengan nama
          dan email akunnya saat ini. Catatan ini tidak dapat diubah atau dihapus.
        </p>
      </div>

      <div className="rounded-xl border border-border bg-card shadow-sm">
        <AuditFilters filter={filter} people={people.data ?? []} onChange={change} onReset={() => setFilter(START)} />
        <ResultsStatus ref={resultsRef} className="mx-4 mt-3 px-1">
          {log.data ? range : 'Memuat riwayat...'}
        </ResultsStatus>
        <div aria-busy={(log.isFetching && !log.isPending) || undefined}>
          <ResponsiveTable
            items={log.data?.entries}
            isPending={log.isPending}
            loadingText="Memuat riwayat..."
            emptyText="Tidak ada aktivitas yang cocok."
            label="Daftar aktivitas"
            columns={COLUMNS}
            cardClassName="gap-1 text-sm"
            card={(entry) => (
              <>
                <p className="font-semibold">{actionOf(entry)}</p>
                <p className="break-words">{targetOf(entry)}</p>
                <Actor entry={entry} />
                <p className="text-muted-foreground">
                  <When entry={entry} />
                </p>
                <div className="text-muted-foreground">
                  <Changes changes={entry.changes} />
                </div>
              </>
            )}
          />
        </div>
        <nav className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-border p-4 text-sm" aria-label="Halaman riwayat">
          <p className="text-muted-foreground">
            Halaman {filter.page + 1} dari {pages}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={filter.page === 0} onClick={() => goTo(filter.page - 1)}>
              <ChevronLeft aria-hidden="true" />
              Sebelumnya
            </Button>
            <Button variant="outline" size="sm" disabled={filter.page + 1 >= pages} onClick={() => goTo(filter.page + 1)}>
              Berikutnya
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      </div>
    </div>
  )
}
