import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import type { Gallery } from '../api/get-galleries'
import { useSaveGallery } from '../api/save-gallery'

export const GALLERY_NAME_REQUIRED = 'Nama galeri tidak boleh kosong'

type Props = { open: boolean; gallery: Gallery | null; onOpenChange: (open: boolean) => void }

/** Keyed by the parent per opening, so the fields start from the gallery being edited. */
export function GalleryFormDialog({ open, gallery, onOpenChange }: Props) {
  const [name, setName] = useState(gallery?.name ?? '')
  const [description, setDescription] = useState(gallery?.description ?? '')
  const [nameError, setNameError] = useState<string | null>(null)
  const save = useSaveGallery()
  const ids = { name: useId(), description: useId(), error: useId() }
  const editing = gallery !== null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError(GALLERY_NAME_REQUIRED)
      toast.error(GALLERY_NAME_REQUIRED)
      return
    }
    setNameError(null)
    save.mutate(
      { id: gallery?.id, fields: { name: name.trim(), description: description.trim() || null } },
      {
        onSuccess: () => {
          toast.success(editing ? 'Galeri berhasil diperbarui!' : 'Galeri berhasil dibuat!')
          onOpenChange(false)
        },
        onError: (error) =>
          toast.error(editing ? 'Gagal memperbarui galeri' : 'Gagal menyimpan galeri', {
            description: error.message,
          }),
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit Galeri' : 'Galeri Baru'}</DialogTitle>
            <DialogDescription>Isi nama dan deskripsi singkat galeri.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Nama Galeri</Label>
            <Input
              id={ids.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? ids.error : undefined}
              maxLength={200}
              autoFocus
            />
            {nameError && (
              <p id={ids.error} className="text-sm text-destructive">
                {nameError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.description}>Deskripsi</Label>
            <Textarea
              id={ids.description}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="Deskripsi singkat galeri..."
              rows={4}
              maxLength={2000}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Batal
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Menyimpan...' : 'Simpan Galeri'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
