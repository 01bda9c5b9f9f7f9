import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { ResponsiveTable } from '@/components/ui/responsive-table'
import { describeError } from '@/lib/error-messages'
import { formatShortDateTime } from '@/lib/format'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useRestoreUnitRow, useUnitPageTrash, type TrashedUnitRow } from '../api/unit-page-trash'

const KINDS: Record<string, string> = { unit_posts: 'Struktur', past_commanders: 'Komandan' }

/** 'Tempat Sampah': posts and past commanders deleted in the last 30 days, each restorable. */
export function UnitPageTrashList() {
  const trash = useUnitPageTrash()
  const restore = useRestoreUnitRow()
  useQueryErrorToast(trash.error, 'Gagal memuat Tempat Sampah')

  const restoreRow = (row: TrashedUnitRow) =>
    restore.mutate(row.id, {
      onSuccess: () => toast.success('Isi Dipulihkan', { description: `"${row.label}" kembali ke halaman satuan.` }),
      onError: (error) => toast.error('Gagal Memulihkan', { description: describeError(error) }),
    })

  const restoreButton = (row: TrashedUnitRow) => (
    <Button size="sm" variant="outline" onClick={() => restoreRow(row)} disabled={restore.isPending} aria-label={`Pulihkan "${row.label}"`}>
      Pulihkan
    </Button>
  )
  const deletedBy = (row: TrashedUnitRow) => `${formatShortDateTime(row.deleted_at)} oleh ${row.deleted_by_name ?? 'Pengguna'}`

  return (
    <ResponsiveTable
      items={trash.data}
      isPending={trash.isPending}
      loadingText="Memuat Tempat Sampah..."
      emptyText="Tempat Sampah kosong. Jabatan dan komandan yang dihapus dapat dipulihkan selama 30 hari."
      label="Isi halaman satuan di Tempat Sampah"
      cardClassName="gap-2"
      card={(row) => (
        <>
          <p className="font-semibold break-words">{row.label}</p>
          <p className="text-sm text-muted-foreground">
            {KINDS[row.table_name ?? ''] ?? ''} · Dihapus {deletedBy(row)}
          </p>
          <div>{restoreButton(row)}</div>
        </>
      )}
      columns={[
        { header: 'Isi', className: 'max-w-md font-medium break-words', cell: (row) => row.label },
        { header: 'Bagian', className: 'text-muted-foreground', cell: (row) => KINDS[row.table_name ?? ''] ?? '-' },
        { header: 'Dihapus', className: 'text-muted-foreground', cell: deletedBy },
        { header: 'Aksi', alignEnd: true, cell: restoreButton },
      ]}
    />
  )
}
