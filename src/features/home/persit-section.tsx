import { useRef, useState, type PointerEvent } from 'react'
import { ChevronLeft, ChevronRight, HeartHandshake } from 'lucide-react'
import { persitPhotos } from '@/content/home'
import { showNotImplemented } from '@/lib/not-implemented'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'

export function PersitSection() {
  const [selected, setSelected] = useState(0)
  const swipeStart = useRef<number | null>(null)
  const count = persitPhotos.length
  const scrollTo = (index: number) => setSelected((index + count) % count)

  // A horizontal swipe of more than 50 px turns the page, like the toasts' swipe threshold.
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return
    const delta = event.clientX - swipeStart.current
    swipeStart.current = null
    if (Math.abs(delta) > 50) scrollTo(selected + (delta < 0 ? 1 : -1))
  }

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

        <div aria-roledescription="carousel" aria-label="Foto kegiatan Persit" className="relative" data-testid="persit-carousel">
          <div
            className="overflow-hidden rounded-xl shadow-2xl"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            <div
              className="flex touch-pan-y transition-transform duration-500 ease-out"
              style={{ transform: `translateX(-${selected * 100}%)` }}
            >
              {persitPhotos.map((photo, index) => (
                <div
                  key={photo.src}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} dari ${persitPhotos.length}`}
                  aria-hidden={index !== selected}
                  data-active={index === selected}
                  data-testid="persit-slide"
                  className="relative min-w-0 flex-[0_0_100%]"
                >
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
                </div>
              ))}
            </div>
          </div>
          <button
            type="button"
            onClick={() => scrollTo(selected - 1)}
            aria-label="Foto sebelumnya"
            className="absolute top-1/2 left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-navy/70 text-white hover:bg-gold hover:text-gold-foreground"
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => scrollTo(selected + 1)}
            aria-label="Foto berikutnya"
            className="absolute top-1/2 right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-navy/70 text-white hover:bg-gold hover:text-gold-foreground"
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
          <div className="mt-4 flex justify-center gap-1" role="group" aria-label="Pilih foto">
            {persitPhotos.map((photo, index) => (
              <button
                key={photo.src}
                type="button"
                onClick={() => scrollTo(index)}
                aria-label={`Tampilkan foto ${index + 1}`}
                aria-current={index === selected}
                data-testid="persit-dot"
                className="flex size-8 items-center justify-center"
              >
                <span className={cn('block size-2.5 rounded-full transition-all', index === selected ? 'w-6 bg-gold' : 'bg-white/50')} />
              </button>
            ))}
          </div>
        </div>
      </div>
    </section>
  )
}
