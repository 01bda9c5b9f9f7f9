import type { KeyboardEvent } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { responsiveImage } from '@/lib/images'
import { useRenderContext } from '@/lib/render-context'
import { GALLERY_BUCKET, type PublicPhoto } from '../api/public-galleries'

type Props = {
  photos: PublicPhoto[]
  index: number | null
  altOf: (photo: PublicPhoto, index: number) => string
  onIndexChange: (index: number | null) => void
  /** Where focus goes when the lightbox closes: the thumbnail of the photo last shown. */
  onClosed: (index: number) => void
}

/** One photo at a time, large; Escape closes, the arrow keys and buttons go to the previous and next photo. */
export function Lightbox({ photos, index, altOf, onIndexChange, onClosed }: Props) {
  const photo = index === null ? undefined : photos[index]
  const { storageBase, imageTransforms } = useRenderContext()
  const go = (offset: number) => index !== null && onIndexChange((index + offset + photos.length) % photos.length)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1)
    else if (event.key === 'ArrowRight') go(1)
    else return
    event.preventDefault()
  }

  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      {photo && index !== null && (
        <DialogContent
          className="max-w-[calc(100%-1rem)] gap-3 border-white/10 bg-black p-3 text-white sm:max-w-6xl sm:p-5"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onClosed(index)
          }}
        >
          <DialogTitle className="pr-8 text-base font-semibold">
            Foto {index + 1} dari {photos.length}
          </DialogTitle>
          <img
            key={photo.id}
            {...responsiveImage(GALLERY_BUCKET, photo.path, { sizes: '(min-width: 1200px) 1150px, 100vw', baseUrl: storageBase, transforms: imageTransforms })}
            alt={altOf(photo, index)}
            className="mx-auto max-h-[70dvh] w-auto max-w-full object-contain"
          />
          <DialogDescription className={photo.caption ? 'text-center text-white/90' : 'sr-only'}>
            {photo.caption ?? 'Tanpa keterangan.'}
          </DialogDescription>
          {photos.length > 1 && (
            <div className="flex items-center justify-between gap-3">
              <button
                type="button"
                onClick={() => go(-1)}
                className="inline-flex min-h-11 items-center gap-1 rounded-md bg-white/10 px-4 font-semibold hover:bg-white/20 focus-visible:ring-[3px] focus-visible:ring-white/60 focus-visible:outline-none"
              >
                <ChevronLeft className="size-5" aria-hidden="true" />
                Sebelumnya
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                className="inline-flex min-h-11 items-center gap-1 rounded-md bg-white/10 px-4 font-semibold hover:bg-white/20 focus-visible:ring-[3px] focus-visible:ring-white/60 focus-visible:outline-none"
              >
                Berikutnya
                <ChevronRight className="size-5" aria-hidden="true" />
              </button>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  )
}
