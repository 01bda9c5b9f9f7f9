import { useId, useRef, useState } from 'react'
import { ImagePlus, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { Label } from '@/components/ui/label'

type Props = {
  label: string
  url: string | null
  onChange: (url: string | null) => void
  upload: (file: File) => Promise<string>
  disabled?: boolean
}

/** A portrait or picture: the current one, a picker that uploads through the photo pipeline, and removal. */
export function PhotoField({ label, url, onChange, upload, disabled }: Props) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const pick = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    setError(undefined)
    try {
      onChange(await upload(file))
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Foto gagal diunggah.')
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="grid gap-2" data-slot="field" data-invalid={error ? true : undefined}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          <img src={url} alt="" className="h-20 w-16 rounded-md bg-muted object-cover" data-testid="photo-preview" />
        ) : (
          <p className="text-sm text-muted-foreground">Belum ada foto.</p>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={disabled || busy}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <Button type="button" variant="outline" size="sm" disabled={disabled || busy} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {busy ? 'Mengunggah...' : 'Pilih Foto'}
        </Button>
        {url && (
          <Button type="button" variant="ghost" size="sm" disabled={disabled || busy} onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" />
            Hapus Foto
          </Button>
        )}
      </div>
      <FieldError id={error ? `${id}-error` : undefined}>{error}</FieldError>
    </div>
  )
}
