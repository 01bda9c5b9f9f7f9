import { ImageOff } from 'lucide-react'
import {
  Carousel, CarouselDots, CarouselNext, CarouselPrevious, CarouselSlide, CarouselViewport, useCarousel,
} from '@/components/ui/carousel'

function Counter() {
  const { selected, count } = useCarousel()
  if (count < 2) return null
  return (
    <p className="absolute top-3 right-3 rounded-full bg-navy/80 px-3 py-1 text-xs font-semibold text-white" aria-live="polite">
      {selected + 1} / {count}
    </p>
  )
}

type SlideshowProps = { images: string[]; title: string; captions?: Record<string, string> }

function Slides({ images, title, captions = {} }: SlideshowProps) {
  const { selected, count } = useCarousel()
  return (
    <CarouselViewport className="aspect-[16/9] rounded-xl bg-navy">
      {images.map((src, index) => {
        const caption = captions[src]?.trim()
        return (
          <CarouselSlide key={`${src}-${index}`} index={index} className="aspect-[16/9]">
            <figure className="size-full">
              <img
                src={src}
                width={1280}
                height={720}
                alt={`Foto ${index + 1} dari ${count}: ${title}`}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                loading={index === 0 ? 'eager' : 'lazy'}
                data-testid={index === selected ? 'slideshow-image' : undefined}
                data-index={index}
                className="size-full object-cover"
              />
              {caption && (
                <figcaption
                  data-testid={index === selected ? 'slideshow-caption' : undefined}
                  className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-navy/95 via-navy/75 to-transparent px-4 pt-8 pb-3 text-sm leading-snug text-white sm:px-6 sm:text-base"
                >
                  {caption}
                </figcaption>
              )}
            </figure>
          </CarouselSlide>
        )
      })}
    </CarouselViewport>
  )
}

export function ArticleSlideshow({ images, title, captions }: SlideshowProps) {
  if (images.length === 0) {
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

  return (
    <Carousel label={`Galeri foto: ${title}`} count={images.length} data-testid="article-slideshow">
      <div className="relative">
        <Slides images={images} title={title} captions={captions} />
        <Counter />
        <CarouselPrevious label="Gambar sebelumnya" />
        <CarouselNext label="Gambar berikutnya" />
      </div>
      <CarouselDots label="Pilih gambar" dotLabel={(index) => `Tampilkan gambar ${index + 1}`} dotTestId="slideshow-dot" />
    </Carousel>
  )
}
