import { useState } from 'react'
import { Images, ImagePlus, Pencil, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FOCUS_REGION, focusAfterRender } from '@/components/ui/focus-after'
import { useGalleries, type Gallery } from '../api/get-galleries'
import { useDeleteGallery } from '../api/delete-gallery'
import { GalleryFormDialog } from './gallery-form-dialog'
import { GalleryPhotosDialog } from './gallery-photos-dialog'
import { GalleryCover } from './gallery-cover'
import { GalleryTrashList } from './gallery-trash-list'
import { useSweepAbandonedGalleryPhotos } from '../api/gallery-trash'
import { useGalleryHolds } from '../api/gallery-holds'
import { HeldNewItems, HoldBadge } from '@/components/hold-status'
import { heldNewRows, holdOf } from '@/lib/held-for-review'

type Editor = { key: number; gallery: Gallery | null }

export function GalleryPage({ canEdit }: { canEdit: boolean }) {
  const galleries = useGalleries()
  const held = useGalleryHolds().data
  const holds = held?.holds
  const remove = useDeleteGallery()
  const [editor, setEditor] = useState<Editor | null>(null)
  const [toDelete, setToDelete] = useState<Gallery | null>(null)
  const [photosOf, setPhotosOf] = useState<Gallery | null>(null)
  const [showTrash, setShowTrash] = useState(false)
  useSweepAbandonedGalleryPhotos(canEdit)

  useQueryErrorToast(galleries.error, 'Gagal memuat galeri')

  const openEditor = (gallery: Gallery | null) => setEditor({ key: Date.now(), gallery })
  const listed = new Set(galleries.data?.map((gallery) => gallery.id))
  // a held new gallery or photo has no row until it is released: named here instead
  const heldNew = [
    ...heldNewRows(holds, 'galleries', listed).map((hold) => ({ hold, name: `Galeri baru: ${hold.label}` })),
    ...(held?.newPhotos ?? []).filter((hold) => hold.gallery_id && listed.has(hold.gallery_id)).map((hold) => ({ hold, name: `Foto baru di galeri ${hold.label}` })),
  ].map(({ hold, name }) => ({ key: hold.row_id, name, reasons: hold.reasons, heldAt: hold.held_at }))

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success('Galeri dihapus!'),
      onError: (error) => toast.error('Gagal menghapus galeri', { description: error.message }),
    })
    setToDelete(null)
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Manajemen Galeri</h1>
          <p className="text-sm text-muted-foreground">Kelola album dokumentasi kegiatan satuan.</p>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setShowTrash((v) => !v)} aria-expanded={showTrash}>
              <Trash2 aria-hidden="true" />
              Tempat Sampah
            </Button>
            <Button onClick={() => openEditor(null)}>
              <ImagePlus aria-hidden="true" />
              Tambah Galeri
            </Button>
          </div>
        )}
      </div>

      {canEdit && showTrash && <GalleryTrashList />}

      <HeldNewItems items={heldNew} />

      {galleries.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="Memuat galeri" role="status">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-72 w-full rounded-xl" />
          ))}
        </div>
      ) : !galleries.data || galleries.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center">
          <ImagePlus className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-semibold">Belum Ada Galeri</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Klik &apos;Tambah Galeri&apos; untuk membuat galeri pertama Anda.
          </p>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {galleries.data.map((gallery) => (
            <li key={gallery.id}>
              <Card className="h-full gap-4 overflow-hidden pt-0">
                <GalleryCover gallery={gallery} />
                <CardHeader>
                  <CardTitle>
                    <h2 id={`galeri-${gallery.id}`} tabIndex={-1} className={`text-lg break-words ${FOCUS_REGION}`}>{gallery.name}</h2>
                  </CardTitle>
                  <HoldBadge hold={holdOf(holds, gallery.id, gallery.updated_at)} withReasons />
                </CardHeader>
                <CardContent className="flex-1">
                  <p className="text-sm break-words text-muted-foreground">
                    {gallery.description || 'Tidak ada deskripsi.'}
                  </p>
                </CardContent>
                {canEdit && (
                  <CardFooter className="flex-wrap gap-2">
                    <Button size="sm" onClick={() => setPhotosOf(gallery)} aria-label={`Kelola foto ${gallery.name}`}>
                      <Images aria-hidden="true" />
                      Foto
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => openEditor(gallery)} aria-label={`Edit ${gallery.name}`}>
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => setToDelete(gallery)}
                      disabled={remove.isPending && remove.variables === gallery.id}
                      aria-label={`Hapus ${gallery.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Hapus
                    </Button>
                  </CardFooter>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}

      {editor && (
        <GalleryFormDialog
          key={editor.key}
          open
          gallery={editor.gallery}
          hold={holdOf(holds, editor.gallery?.id, editor.gallery?.updated_at)}
          onOpenChange={(open) => !open && setEditor(null)}
          onSaved={(id) => focusAfterRender(() => document.getElementById(`galeri-${id}`))}
        />
      )}

      {photosOf && <GalleryPhotosDialog gallery={photosOf} held={held} onOpenChange={(open) => !open && setPhotosOf(null)} />}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Hapus Galeri?"
        description={
          <>
            Galeri &quot;{toDelete?.name}&quot; beserta semua media di dalamnya akan dihapus. Admin dapat
            memulihkannya dari Tempat Sampah dalam 30 hari.
          </>
        }
        confirmLabel="Ya, Hapus"
        onConfirm={confirmDelete}
      />
    </div>
  )
}
