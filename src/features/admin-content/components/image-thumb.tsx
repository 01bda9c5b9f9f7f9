import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useObjectUrl } from './use-object-url'

type Props = { source: File | string; label: string; onRemove?: () => void; removeLabel: string }

export function ImageThumb({ source, label, onRemove, removeLabel }: Props) {
  const previewUrl = useObjectUrl(typeof source === 'string' ? null : source)
  const src = typeof source === 'string' ? source : previewUrl
  return (
    <figure className="relative overflow-hidden rounded-md border border-border bg-muted">
      {src ? (
        <img src={src} alt={label} className="aspect-video w-full object-cover" />
      ) : (
        <div className="aspect-video w-full" aria-hidden="true" />
      )}
      <figcaption className="truncate px-2 py-1 text-xs text-muted-foreground">{label}</figcaption>
      {onRemove && (
        <Button
          type="button"
          variant="destructive"
          size="icon"
          className="absolute top-1 right-1 size-7"
          onClick={onRemove}
          aria-label={removeLabel}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      )}
    </figure>
  )
}
