import { useRef, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { HELD_TITLE, type ItemHold } from '@/lib/held-for-review'
import { formatShortDateTime } from '@/lib/format'
import { HoldNotice } from '@/components/hold-status'
import { galleryHeldDescription } from './held-notice'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { fieldErrors } from '@/lib/validation/field-errors'
import type { Gallery } from '../api/get-galleries'
import { useSaveGallery } from '../api/save-gallery'
import { VersionConflictError } from '@/lib/version-conflict'
import { focusFirstInvalid, SaveError, type Refusal } from '@/components/ui/save-error'
import {
  GALLERY_DESCRIPTION_MAX,
  GALLERY_NAME_MAX,
  galleryFormSchema,
  type GalleryFormInput,
} from '../api/gallery-schema'

type Props = {
  open: boolean
  gallery: Gallery | null
  hold: ItemHold | null
  onOpenChange: (open: boolean) => void
  /** Saved: the page focuses the gallery (the dialog's name field, which had focus, is gone). */
  onSaved: (id: string) => void
}

function holdOutcome(hold: ItemHold): string {
  return hold.state === 'held'
    ? 'Perubahan terakhir belum tampil sampai superadmin meninjaunya di Integritas Situs; di sini tampil versi yang sedang tampil di situs.'
    : `Superadmin menolak perubahan yang disimpan pada ${formatShortDateTime(hold.at)}; galeri di situs tetap seperti di bawah ini.`
}

/** Keyed by the parent per opening, so the fields start from the gallery being edited. */
export function GalleryFormDialog({ open, gallery, hold, onOpenChange, onSaved }: Props) {
  const [name, setName] = useState(gallery?.name ?? '')
  const [description, setDescription] = useState(gallery?.description ?? '')
  const [errors, setErrors] = useState<Partial<Record<keyof GalleryFormInput, string>>>({})
  const save = useSaveGallery()
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const saved = useRef(false)
  const editing = gallery !== null

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setRefusal(null)
    const parsed = galleryFormSchema.safeParse({ name, description })
    if (!parsed.success) {
      const found = fieldErrors(parsed.error)
      setErrors(found)
      toast.error(found.name ?? found.description)
      focusFirstInvalid(form)
      return
    }
    setErrors({})
    save.mutate(
      { id: gallery?.id, version: gallery?.version, fields: parsed.data },
      {
        onSuccess: ({ id: savedId, held }) => {
          if (held) toast.info(HELD_TITLE, { description: galleryHeldDescription(editing ? 'gallery' : 'gallery-new', held), duration: 10_000 })
          else toast.success(editing ? 'Galeri berhasil diperbarui!' : 'Galeri berhasil dibuat!')
          // a new gallery held back has no row to focus: focus goes back to the opener
          saved.current = savedId !== null
          onOpenChange(false)
          if (savedId) onSaved(savedId)
        },
        onError: (error) => {
          const told =
            error instanceof VersionConflictError
              ? {
                  title: 'Galeri Telah Diubah',
                  description: `${error.conflict.updatedByName ?? 'Pengguna lain'} telah menyimpan versi yang lebih baru. Tutup lalu buka lagi galeri ini untuk menyunting versi terbaru.`,
                }
              : { title: editing ? 'Gagal memperbarui galeri' : 'Gagal menyimpan galeri', description: error.message }
          toast.error(told.title, { description: told.description })
          setRefusal(told)
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      {/* closing after a save: the page focuses the saved gallery instead of the opener */}
      <DialogContent onCloseAutoFocus={(event) => saved.current && event.preventDefault()}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit Galeri' : 'Galeri Baru'}</DialogTitle>
            <DialogDescription>Isi nama dan deskripsi singkat galeri.</DialogDescription>
          </DialogHeader>
          {hold && <HoldNotice hold={hold} outcome={holdOutcome(hold)} />}
          <Field label="Nama Galeri" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={GALLERY_NAME_MAX}
                autoFocus
              />
            )}
          </Field>
          <Field label="Deskripsi" error={errors.description}>
            {(control) => (
              <Textarea
                {...control}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="Deskripsi singkat galeri..."
                rows={4}
                maxLength={GALLERY_DESCRIPTION_MAX}
              />
            )}
          </Field>
          <SaveError refusal={refusal} />
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
