import { useState } from 'react'
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react'
import { cn } from '@/lib/utils'

export function ArticleSlideshow({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0)
  const count = images.length

  if (count === 0) {
    return (
      <div
        data-testid="slideshow-placeholder"
        className="flex aspect-[21/9] w-full flex-col items-center justify-center gap-2 rounded-xl bg-muted text-muted-foreground"
      >
        <ImageOff className="size-10" aria-hidden="true" />
        <p className="text-sm">Tidak ada gambar untuk artikel ini.</p>
      </div>
    )
  }

  const current = Math.min(index, count - 1)
  const go = (next: number) => setIndex((next + count) % count)

  return (
    <div aria-roledescription="carousel" aria-label={`Galeri foto: ${title}`} className="relative" data-testid="article-slideshow">
      <div className="relative aspect-[16/9] overflow-hidden rounded-xl bg-navy">
        <img
          key={images[current]}
          src={images[current]}
          width={1280}
          height={720}
          alt={`Foto ${current + 1} dari ${count}: ${title}`}
          fetchPriority={current === 0 ? 'high' : 'auto'}
          data-testid="slideshow-image"
          data-index={current}
          className="size-full animate-fade-in object-cover"
        />
        {count > 1 && (
          <p className="absolute top-3 right-3 rounded-full bg-navy/80 px-3 py-1 text-xs font-semibold text-white" aria-live="polite">
            {current + 1} / {count}
          </p>
        )}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label="Gambar sebelumnya"
            className="absolute top-[calc(50%-1.25rem)] left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-navy/75 text-white hover:bg-gold hover:text-gold-foreground"
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label="Gambar berikutnya"
            className="absolute top-[calc(50%-1.25rem)] right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-navy/75 text-white hover:bg-gold hover:text-gold-foreground"
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
          <div className="mt-2 flex justify-center gap-1" role="group" aria-label="Pilih gambar">
            {images.map((image, dot) => (
              <button
                key={`${image}-${dot}`}
                type="button"
                onClick={() => setIndex(dot)}
                aria-label={`Tampilkan gambar ${dot + 1}`}
                aria-current={dot === current}
                data-testid="slideshow-dot"
                className="flex size-8 items-center justify-center"
              >
                <span className={cn('block size-2.5 rounded-full transition-all', dot === current ? 'w-6 bg-army' : 'bg-army/30')} />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  )
}
