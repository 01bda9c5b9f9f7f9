import { Button } from '@/components/ui/button'
import { formatShortDateTime } from '@/lib/format'

type Props = { savedAt: string; onRecover: () => void; onDrop: () => void }

/** Text typed in this browser and never saved, offered back once. */
export function UnsavedBanner({ savedAt, onRecover, onDrop }: Props) {
  return (
    <section role="alert" aria-label="Perubahan belum disimpan" className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <p className="font-semibold">Pulihkan perubahan yang belum disimpan?</p>
      <p className="text-sm text-muted-foreground">Ada teks yang Anda ketik di peramban ini pada {formatShortDateTime(savedAt)} dan belum tersimpan.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onRecover}>
          Pulihkan
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDrop}>
          Buang
        </Button>
      </div>
    </section>
  )
}
