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

function Slides({ images, title }: { images: string[]; title: string }) {
  const { selected, count } = useCarousel()
  return (
    <CarouselViewport className="aspect-[16/9] rounded-xl bg-navy">
      {images.map((src, index) => (
        <CarouselSlide key={`${src}-${index}`} index={index} className="aspect-[16/9]">
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
        </CarouselSlide>
      ))}
    </CarouselViewport>
  )
}

export function ArticleSlideshow({ images, title }: { images: string[]; title: string }) {
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
        <Slides images={images} title={title} />
        <Counter />
        <CarouselPrevious label="Gambar sebelumnya" />
        <CarouselNext label="Gambar berikutnya" />
      </div>
      <CarouselDots label="Pilih gambar" dotLabel={(index) => `Tampilkan gambar ${index + 1}`} dotTestId="slideshow-dot" />
    </Carousel>
  )
}
