import { useState } from 'react'
import { History } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatShortDateTime } from '@/lib/format'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useUnitPageRevisions } from '../api/unit-pages-admin'

/** Earlier versions of the row being edited; one can be taken back into the form, then saved. */
export function RevisionsPanel({ rowId, onUse, disabled }: { rowId: string; onUse: (data: Record<string, unknown>) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false)
  const revisions = useUnitPageRevisions(rowId, open)
  useQueryErrorToast(revisions.error, 'Gagal memuat riwayat versi')

  return (
    <div className="rounded-md border border-border">
      <Button type="button" variant="ghost" className="w-full justify-start" aria-expanded={open} onClick={() => setOpen(!open)}>
        <History aria-hidden="true" />
        Riwayat Versi
      </Button>
      {open && (
        <div className="border-t border-border px-3 py-2 text-sm">
          {revisions.isPending ? (
            <p role="status">Memuat riwayat...</p>
          ) : !revisions.data || revisions.data.length === 0 ? (
            <p className="text-muted-foreground">Belum ada versi sebelumnya.</p>
          ) : (
            <ul className="divide-y divide-border">
              {revisions.data.map((revision) => (
                <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    Versi {revision.version} · {revision.saved_by_name ?? 'Data awal'} · {formatShortDateTime(revision.saved_at)}
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={disabled}
                    onClick={() => onUse(revision.data as Record<string, unknown>)}
                  >
                    Pakai versi {revision.version}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
