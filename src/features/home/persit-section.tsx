import { HeartHandshake } from 'lucide-react'
import { persitPhotos } from '@/content/home'
import { showNotImplemented } from '@/lib/not-implemented'
import { Button } from '@/components/ui/button'
import { Carousel, CarouselDots, CarouselNext, CarouselPrevious, CarouselSlide, CarouselViewport } from '@/components/ui/carousel'

export function PersitSection() {
  return (
    <section aria-labelledby="persit-heading" className="bg-army-dark py-16 text-white sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-sm font-bold tracking-widest text-gold-light uppercase">
            <HeartHandshake className="size-5" aria-hidden="true" />
            Persit Kartika Chandra Kirana
          </p>
          <h2 id="persit-heading" className="mt-3 text-3xl font-extrabold sm:text-4xl">
            Portal Persit Skadron 31/Serbu
          </h2>
          <p className="mt-4 leading-relaxed text-white/85">
            Persatuan Istri Prajurit (Persit) adalah mitra satuan dalam membina keluarga prajurit yang tangguh. Portal
            Persit menghimpun informasi kegiatan, pengumuman dan dokumentasi untuk para anggota.
          </p>
          <Button type="button" variant="gold" size="lg" className="mt-8" onClick={() => showNotImplemented()}>
            Masuk Portal Persit
          </Button>
        </div>

        <Carousel label="Foto kegiatan Persit" count={persitPhotos.length} data-testid="persit-carousel">
          <CarouselViewport className="rounded-xl shadow-2xl">
            {persitPhotos.map((photo, index) => (
              <CarouselSlide key={photo.src} index={index} data-testid="persit-slide">
                <img
                  src={photo.src}
                  width={photo.width}
                  height={photo.height}
                  alt={photo.alt}
                  draggable={false}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover"
                />
                <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-navy/90 to-transparent px-4 pt-10 pb-4 text-sm font-semibold">
                  {photo.caption}
                </p>
              </CarouselSlide>
            ))}
          </CarouselViewport>
          <CarouselPrevious label="Foto sebelumnya" background="bg-navy/70" />
          <CarouselNext label="Foto berikutnya" background="bg-navy/70" />
          <CarouselDots
            label="Pilih foto"
            dotLabel={(index) => `Tampilkan foto ${index + 1}`}
            dotTestId="persit-dot"
            activeClassName="w-6 bg-gold"
            inactiveClassName="bg-white/50"
            className="mt-4 gap-1"
          />
        </Carousel>
      </div>
    </section>
  )
}
