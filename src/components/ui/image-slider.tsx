import { useState } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '@/lib/utils'

export type SliderImage = { src: string; alt: string; width: number; height: number }

/** A small slider with wrapping previous/next buttons and dots; images load lazily. */
export function ImageSlider({ images, label, className }: { images: SliderImage[]; label: string; className?: string }) {
  const [index, setIndex] = useState(0)
  const count = images.length
  const go = (next: number) => setIndex((next + count) % count)
  const image = images[index]
  if (!image) return null

  return (
    <div data-slot="image-slider" aria-roledescription="carousel" aria-label={label} className={cn('relative', className)}>
      <div className="relative overflow-hidden rounded-lg bg-navy">
        <img
          key={image.src}
          src={image.src}
          width={image.width}
          height={image.height}
          alt={image.alt}
          loading="lazy"
          decoding="async"
          className="aspect-[8/5] w-full animate-fade-in object-cover"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label={`Gambar sebelumnya (${label})`}
              className="absolute top-1/2 left-2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-navy/75 text-white hover:bg-gold hover:text-gold-foreground"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label={`Gambar berikutnya (${label})`}
              className="absolute top-1/2 right-2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-navy/75 text-white hover:bg-gold hover:text-gold-foreground"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="mt-1 flex justify-center" role="group" aria-label={`Pilih gambar (${label})`}>
          {images.map((item, dot) => (
            <button
              key={item.src}
              type="button"
              onClick={() => setIndex(dot)}
              aria-label={`Tampilkan gambar ${dot + 1} (${label})`}
              aria-current={dot === index}
              className="flex size-8 items-center justify-center"
            >
              <span className={cn('block size-2.5 rounded-full transition-all', dot === index ? 'w-6 bg-army' : 'bg-army/30')} />
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
