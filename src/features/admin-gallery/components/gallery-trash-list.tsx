import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/error-messages'
import { formatShortDate, formatShortDateTime } from '@/lib/format'
import { purgeDate } from '@/lib/trash'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useGalleryTrash, useRestoreDeletedGallery } from '../api/gallery-trash'

/** 'Tempat Sampah' of galleries: deleted in the last 30 days, restorable with their photos. */
export function GalleryTrashList() {
  const trash = useGalleryTrash(true)
  const restore = useRestoreDeletedGallery()
  useQueryErrorToast(trash.error, 'Gagal memuat Tempat Sampah')

  return (
    <section aria-label="Galeri di Tempat Sampah" className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <h2 className="text-lg font-semibold">Tempat Sampah</h2>
      {trash.isPending && <p className="text-sm text-muted-foreground">Memuat Tempat Sampah...</p>}
      {trash.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">Tempat Sampah kosong. Galeri yang dihapus dapat dipulihkan selama 30 hari.</p>
      )}
      <ul className="grid gap-2">
        {trash.data?.map((gallery) => (
          <li key={gallery.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3">
            <div>
              <p className="font-medium break-words">{gallery.name}</p>
              <p className="text-sm text-muted-foreground">
                {gallery.photo_count ?? 0} foto · dihapus {formatShortDateTime(gallery.deleted_at)} oleh{' '}
                {gallery.deleted_by_name ?? 'Pengguna'} · dihapus permanen {formatShortDate(purgeDate(gallery.deleted_at))}
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={restore.isPending}
              aria-label={`Pulihkan ${gallery.name}`}
              onClick={() =>
                restore.mutate(gallery.id, {
                  onSuccess: () => toast.success('Galeri Dipulihkan', { description: `"${gallery.name}" kembali dengan fotonya.` }),
                  onError: (error) => toast.error('Gagal Memulihkan', { description: describeError(error) }),
                })
              }
            >
              Pulihkan
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
