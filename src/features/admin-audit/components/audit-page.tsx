import { useState } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { usePeople } from '../api/get-people'
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditEntry, type AuditFilter } from '../api/get-audit-log'
import { AuditFilters } from './audit-filters'
import { ACTION_LABELS, describeChanges, formatOccurredAt } from './describe-entry'

const START: AuditFilter = { actorId: '', action: '', from: '', to: '', page: 0 }
const TARGET_TYPES: Record<string, string> = { user: 'Pengguna', article: 'Artikel', gallery: 'Galeri' }

const actorOf = (entry: AuditEntry) => entry.actor_name ?? (entry.actor_id ? 'Pengguna terhapus' : 'Sistem')
const targetOf = (entry: AuditEntry) => `${TARGET_TYPES[entry.target_type] ?? entry.target_type}: ${entry.target_label ?? '-'}`

function Changes({ entry }: { entry: AuditEntry }) {
  const lines = describeChanges(entry.changes)
  if (lines.length === 0) return <span className="text-muted-foreground">-</span>
  return (
    <ul className="space-y-0.5">
      {lines.map((line) => (
        <li key={line} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  )
}

/** /admin/riwayat: the append-only activity log, for the superadmin. */
export default function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>(START)
  const log = useAuditLog(filter)
  const people = usePeople()
  useQueryErrorToast(log.error, 'Gagal memuat riwayat aktivitas')
  const total = log.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  const entries = log.data?.entries ?? []
  const change = (next: Partial<AuditFilter>) => setFilter((current) => ({ ...current, ...next, page: 0 }))
  const goTo = (page: number) => setFilter((current) => ({ ...current, page }))

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Riwayat Aktivitas</h1>
        <p className="text-sm text-muted-foreground">
          Siapa menyetujui, menonaktifkan, mengubah peran atau menghapus akun, dan siapa membuat, mengubah, menerbitkan atau
          menghapus artikel dan galeri. Catatan ini tidak dapat diubah atau dihapus.
        </p>
      </div>

      <div className="rounded-xl border border-border bg-card shadow-sm">
        <AuditFilters filter={filter} people={people.data ?? []} onChange={change} onReset={() => setFilter(START)} />
        {log.isPending ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground" role="status">
            Memuat riwayat...
          </p>
        ) : entries.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">Tidak ada aktivitas yang cocok.</p>
        ) : (
          <div aria-busy={log.isFetching || undefined}>
            <ul className="divide-y divide-border md:hidden" aria-label="Daftar aktivitas">
              {entries.map((entry) => (
                <li key={entry.id} className="grid gap-1 p-4 text-sm">
                  <p className="font-semibold">{ACTION_LABELS[entry.action] ?? entry.action}</p>
                  <p className="break-words">{targetOf(entry)}</p>
                  <p className="text-muted-foreground">
                    {actorOf(entry)} · <time dateTime={entry.occurred_at}>{formatOccurredAt(entry.occurred_at)}</time>
                  </p>
                  <div className="text-muted-foreground">
                    <Changes entry={entry} />
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Waktu</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Pelaku</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Aksi</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Sasaran</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Perubahan</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border align-top">
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <time dateTime={entry.occurred_at}>{formatOccurredAt(entry.occurred_at)}</time>
                      </td>
                      <td className="px-4 py-3">{actorOf(entry)}</td>
                      <td className="px-4 py-3 font-medium">{ACTION_LABELS[entry.action] ?? entry.action}</td>
                      <td className="px-4 py-3 break-words">{targetOf(entry)}</td>
                      <td className="max-w-sm px-4 py-3 text-muted-foreground">
                        <Changes entry={entry} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        <nav className="flex items-center justify-between gap-4 border-t border-border p-4 text-sm" aria-label="Halaman riwayat">
          <p className="text-muted-foreground" aria-live="polite">
            Halaman {filter.page + 1} dari {pages} · {total} aktivitas
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
