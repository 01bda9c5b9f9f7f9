import { useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { HELD_TITLE, holdOf } from '@/lib/held-for-review'
import { galleryHeldDescription } from './held-notice'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { describeError } from '@/lib/error-messages'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useGalleryPhotos, useRemoveGalleryPhoto, useReorderGalleryPhotos, useUpdateGalleryPhoto } from '../api/gallery-photos'
import type { Gallery } from '../api/get-galleries'
import type { GalleryPhoto } from '../api/gallery-photos'
import { PhotoItem } from './photo-item'
import { HeldNewItems } from '@/components/hold-status'
import type { GalleryHolds } from '../api/gallery-holds'
import { PhotoUploader } from './photo-uploader'

type Props = { gallery: Gallery; held: GalleryHolds | undefined; onOpenChange: (open: boolean) => void }

/** Upload, order, describe and remove the photos of one gallery. */
export function GalleryPhotosDialog({ gallery, held, onOpenChange }: Props) {
  const photos = useGalleryPhotos(gallery.id)
  const update = useUpdateGalleryPhoto(gallery.id)
  const reorder = useReorderGalleryPhotos(gallery.id)
  const remove = useRemoveGalleryPhoto(gallery.id)
  const list = photos.data ?? []
  const busy = update.isPending || reorder.isPending || remove.isPending
  const [removing, setRemoving] = useState<{ photo: GalleryPhoto; label: string } | null>(null)
  // the removed photo's buttons are gone: focus goes to the list (or the empty note), not the page
  const listArea = useRef<HTMLDivElement>(null)

  const confirmRemove = () => {
    if (!removing) return
    remove.mutate(removing.photo, {
      onSuccess: () => {
        toast.success('Foto dihapus!')
        listArea.current?.focus()
      },
      onError: (error) => toast.error('Gagal menghapus foto', { description: describeError(error) }),
    })
    setRemoving(null)
  }

  useQueryErrorToast(photos.error, 'Gagal memuat foto')
  // A photo has no time of its last save to judge a rejection by, so only a waiting hold shows;
  // its writer is mailed a rejection.
  const photoHold = (id: string) => {
    const hold = holdOf(held?.holds, id, undefined)
    return hold?.state === 'held' ? hold : null
  }

  const move = (index: number, offset: -1 | 1) => {
    const next = [...list]
    const [moved] = next.splice(index, 1)
    next.splice(index + offset, 0, moved)
    reorder.mutate(next, { onError: (error) => toast.error('Gagal mengubah urutan foto', { description: describeError(error) }) })
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Foto Galeri: {gallery.name}</DialogTitle>
          <DialogDescription>Unggah, urutkan, dan beri keterangan foto. Foto pertama menjadi sampul galeri.</DialogDescription>
        </DialogHeader>
        <HeldNewItems items={(held?.newPhotos ?? []).filter((hold) => hold.gallery_id === gallery.id)
          .map((hold) => ({ key: hold.row_id, name: 'Foto baru', reasons: hold.reasons, heldAt: hold.held_at }))} />
        <PhotoUploader galleryId={gallery.id} nextPosition={list.length === 0 ? 0 : Math.max(...list.map((p) => p.position)) + 1} />
        <div ref={listArea} tabIndex={-1} className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {photos.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">Memuat foto...</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">Belum ada foto di galeri ini.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Foto di galeri">
            {list.map((photo, index) => (
              <PhotoItem
                key={`${photo.id}-${photo.caption}-${photo.alt}`}
                photo={photo}
                index={index}
                count={list.length}
                busy={busy}
                hold={photoHold(photo.id)}
                onMove={(offset) => move(index, offset)}
                onSave={(fields) =>
                  update.mutate(
                    { id: photo.id, ...fields },
                    {
                      onSuccess: ({ held }) =>
                        held
                          ? toast.info(HELD_TITLE, { description: galleryHeldDescription('photo', held), duration: 10_000 })
                          : toast.success('Keterangan foto disimpan!'),
                      onError: (error) => toast.error('Gagal menyimpan keterangan foto', { description: describeError(error) }),
                    },
                  )
                }
                onRemove={() => setRemoving({ photo, label: photo.caption || photo.alt || `Foto ${index + 1}` })}
              />
            ))}
          </ol>
        )}
        </div>
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title="Hapus foto ini dari galeri?"
          description={`"${removing?.label ?? ''}" dihapus dari galeri beserta berkasnya. Tindakan ini tidak dapat dibatalkan.`}
          confirmLabel="Hapus"
          onConfirm={confirmRemove}
        />
      </DialogContent>
    </Dialog>
  )
}
