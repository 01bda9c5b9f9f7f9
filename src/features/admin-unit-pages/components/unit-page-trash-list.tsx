import { toast } from '@/lib/toast'
import { TrashTable } from '@/components/trash-table'
import { describeError } from '@/lib/error-messages'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useRestoreUnitRow, useUnitPageTrash, type TrashedUnitRow } from '../api/unit-page-trash'

const PARTS: Record<string, string> = { unit_posts: 'Struktur', past_commanders: 'Komandan' }

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

  return (
    <TrashTable
      items={trash.data}
      isPending={trash.isPending}
      label="Isi halaman satuan di Tempat Sampah"
      emptyText="Tempat Sampah kosong. Jabatan dan komandan yang dihapus dapat dipulihkan selama 30 hari."
      nameHeader="Isi"
      name={(row) => row.label ?? ''}
      detail={{ header: 'Bagian', cell: (row) => PARTS[row.table_name ?? ''] ?? '-' }}
      onRestore={restoreRow}
      restoring={restore.isPending}
    />
  )
}
