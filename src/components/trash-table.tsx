import { Button } from '@/components/ui/button'
import { ResponsiveTable } from '@/components/ui/responsive-table'
import { formatShortDate, formatShortDateTime } from '@/lib/format'
import { purgeDate } from '@/lib/trash'

export type TrashEntry = { id: string; deleted_at: string; deleted_by_name: string | null }

/**
 * A 'Tempat Sampah' list: each entry's name, one detail column, who deleted it and when, the day it
 * goes for good, and a 'Pulihkan' button (cards on phones, a table from md on).
 */
export function TrashTable<T extends TrashEntry>({
  items,
  isPending,
  label,
  emptyText,
  nameHeader,
  name,
  detail,
  onRestore,
  restoring,
}: {
  items: T[] | undefined
  isPending: boolean
  label: string
  emptyText: string
  nameHeader: string
  name: (item: T) => string
  detail: { header: string; cell: (item: T) => string }
  onRestore: (item: T) => void
  restoring: boolean
}) {
  const restoreButton = (item: T) => (
    <Button size="sm" variant="outline" onClick={() => onRestore(item)} disabled={restoring} aria-label={`Pulihkan "${name(item)}"`}>
      Pulihkan
    </Button>
  )
  const deletedBy = (item: T) => `${formatShortDateTime(item.deleted_at)} oleh ${item.deleted_by_name ?? 'Pengguna'}`
  const purged = (item: T) => formatShortDate(purgeDate(item.deleted_at))

  return (
    <ResponsiveTable
      items={items}
      isPending={isPending}
      loadingText="Memuat Tempat Sampah..."
      emptyText={emptyText}
      label={label}
      cardClassName="gap-2"
      card={(item) => (
        <>
          <p className="font-semibold break-words">{name(item)}</p>
          <p className="text-sm text-muted-foreground">Dihapus {deletedBy(item)}</p>
          <p className="text-sm text-muted-foreground">Dihapus permanen {purged(item)}</p>
          <div>{restoreButton(item)}</div>
        </>
      )}
      columns={[
        { header: nameHeader, className: 'max-w-md font-medium break-words', cell: name },
        { header: detail.header, className: 'text-muted-foreground', cell: detail.cell },
        { header: 'Dihapus', className: 'text-muted-foreground', cell: deletedBy },
        { header: 'Dihapus Permanen', className: 'whitespace-nowrap text-muted-foreground', cell: purged },
        { header: 'Aksi', alignEnd: true, cell: restoreButton },
      ]}
    />
  )
}
