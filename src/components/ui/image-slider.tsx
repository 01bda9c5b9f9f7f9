import { Carousel, CarouselDots, CarouselNext, CarouselPrevious, CarouselSlide, CarouselViewport } from '@/components/ui/carousel'

export type SliderImage = { src: string; alt: string; width: number; height: number }

/** A small slider with wrapping previous/next buttons and dots; images load lazily. */
export function ImageSlider({ images, label, className }: { images: SliderImage[]; label: string; className?: string }) {
  if (images.length === 0) return null
  return (
    <Carousel label={label} count={images.length} data-slot="image-slider" className={className}>
      <div className="relative">
        <CarouselViewport className="rounded-lg bg-navy">
          {images.map((image, index) => (
            <CarouselSlide key={image.src} index={index}>
              <img
                src={image.src}
                width={image.width}
                height={image.height}
                alt={image.alt}
                loading="lazy"
                decoding="async"
                className="aspect-[8/5] w-full object-cover"
              />
            </CarouselSlide>
          ))}
        </CarouselViewport>
        <CarouselPrevious label={`Gambar sebelumnya (${label})`} compact />
        <CarouselNext label={`Gambar berikutnya (${label})`} compact />
      </div>
      <CarouselDots
        label={`Pilih gambar (${label})`}
        dotLabel={(index) => `Tampilkan gambar ${index + 1} (${label})`}
        className="mt-1 gap-0"
      />
    </Carousel>
  )
}
