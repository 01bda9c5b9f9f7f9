import { useId, useState } from 'react'
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { fallbackProps, transformedUrl } from '@/lib/images'
import { GALLERY_BUCKET, type GalleryPhoto } from '../api/gallery-photos'
import { HoldBadge } from '@/components/hold-status'
import type { ItemHold } from '@/lib/held-for-review'

type Props = {
  photo: GalleryPhoto
  index: number
  count: number
  busy: boolean
  onSave: (fields: { caption: string | null; alt: string | null }) => void
  onMove: (offset: -1 | 1) => void
  onRemove: () => void
  /** The guard keeps this photo's last caption or alt text back until a superadmin decides. */
  hold: ItemHold | null
}

/** One photo in the manager: thumbnail, caption and alt text, order buttons, removal. */
export function PhotoItem({ photo, index, count, busy, onSave, onMove, onRemove, hold }: Props) {
  const [caption, setCaption] = useState(photo.caption ?? '')
  const [alt, setAlt] = useState(photo.alt ?? '')
  const ids = { caption: useId(), alt: useId() }
  const dirty = caption !== (photo.caption ?? '') || alt !== (photo.alt ?? '')
  const label = `Foto ${index + 1}`

  return (
    <li className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[160px_1fr]">
      <img
        src={transformedUrl(GALLERY_BUCKET, photo.path, { width: 320, height: 240, resize: 'cover' })}
        {...fallbackProps(GALLERY_BUCKET, photo.path)}
        alt={photo.alt || label}
        width={160}
        height={120}
        className="aspect-[4/3] w-full rounded-md bg-muted object-cover sm:w-40"
        loading="lazy"
      />
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          onSave({ caption: caption.trim() || null, alt: alt.trim() || null })
        }}
      >
        <HoldBadge hold={hold} withReasons />
        <div className="grid gap-1">
          <Label htmlFor={ids.caption}>Keterangan</Label>
          <Input id={ids.caption} value={caption} maxLength={500} onChange={(e) => setCaption(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.alt}>Teks alternatif (untuk pembaca layar)</Label>
          <Input id={ids.alt} value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} placeholder="Jelaskan isi foto" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={!dirty || busy}>
            Simpan
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => onMove(-1)} disabled={index === 0 || busy} aria-label={`Naikkan ${label}`}>
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => onMove(1)} disabled={index === count - 1 || busy} aria-label={`Turunkan ${label}`}>
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button type="button" size="sm" variant="destructive" onClick={onRemove} disabled={busy} aria-label={`Hapus ${label}`}>
            <Trash2 aria-hidden="true" />
            Hapus
          </Button>
        </div>
      </form>
    </li>
  )
}
