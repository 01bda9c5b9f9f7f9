import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { ChevronRight, Pause, Play } from 'lucide-react'
import { heroSlides, HERO_INTERVAL_MS, HOME_HERO_ARTICLES } from '@/content/home'
import { site } from '@/content/site'
import { formatLongDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import { cn } from '@/lib/utils'
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion'
import { Button } from '@/components/ui/button'
import type { ArticleCardData } from '@/lib/article'

export function Hero({ articles, isPending }: { articles: ArticleCardData[] | undefined; isPending: boolean }) {
  const [active, setActive] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  const paused = hovered || focused || stopped || reducedMotion

  useEffect(() => {
    if (paused) return
    const timer = setInterval(() => setActive((index) => (index + 1) % heroSlides.length), HERO_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [paused])

  const slide = heroSlides[active]
  const latest = articles?.slice(0, HOME_HERO_ARTICLES) ?? []

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Sorotan Skadron 31/Serbu"
      className="relative isolate flex min-h-[calc(100svh-5rem)] flex-col overflow-hidden bg-navy text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div className="absolute inset-0 -z-10" data-testid="hero-slides" data-active-slide={active}>
        {heroSlides.map((item, index) => (
          <div
            key={item.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} dari ${heroSlides.length}: ${item.title}`}
            aria-hidden={index !== active}
            data-testid="hero-slide"
            data-active={index === active}
            className={cn(
              'absolute inset-0 transition-opacity duration-1000 ease-in-out',
              index === active ? 'opacity-100' : 'opacity-0',
            )}
          >
            <img
              src={item.src}
              srcSet={item.srcSet}
              sizes="100vw"
              width={item.width}
              height={item.height}
              alt={item.alt}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding={index === 0 ? 'sync' : 'async'}
              className="size-full object-cover"
            />
          </div>
        ))}
        <div className="absolute inset-0 bg-gradient-to-b from-navy/70 via-navy/45 to-navy/95" />
        <div className="absolute inset-0 bg-gradient-to-r from-army-dark/80 via-transparent to-transparent" />
      </div>

      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col justify-center px-4 pt-10 pb-8 sm:px-6 lg:px-8">
        <p className="text-xs font-bold tracking-[0.25em] text-gold-light uppercase sm:text-sm">{site.parent}</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl lg:text-7xl">{site.name}</h1>
        <p className="mt-3 max-w-2xl text-lg font-medium text-white/90 italic sm:text-xl">&ldquo;{site.motto}&rdquo;</p>

        <div className="mt-8 border-l-4 border-gold pl-4" aria-live={paused ? 'polite' : 'off'}>
          <p data-testid="hero-title" className="text-2xl font-extrabold tracking-wide sm:text-3xl">
            {slide.title}
          </p>
          <p data-testid="hero-subtitle" className="text-base text-gold-light sm:text-lg">
            {slide.subtitle}
          </p>
        </div>

        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild variant="gold" size="lg">
            <Link to={paths.profile}>Profil Satuan</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="border-white/70 bg-transparent text-white hover:bg-white hover:text-navy">
            <Link to={paths.activities}>
              Lihat Kegiatan
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        </div>

        <div className="mt-8 flex items-center gap-3">
          <div className="flex gap-2" role="group" aria-label="Pilih slide">
            {heroSlides.map((item, index) => (
              <button
                key={item.src}
                type="button"
                aria-label={`Tampilkan slide ${index + 1}: ${item.title}`}
                aria-current={index === active}
                onClick={() => setActive(index)}
                className="flex h-11 items-center px-1"
              >
                <span
                  className={cn(
                    'block h-1.5 rounded-full transition-all',
                    index === active ? 'w-10 bg-gold' : 'w-6 bg-white/50 hover:bg-white/80',
                  )}
                />
              </button>
            ))}
          </div>
          {!reducedMotion && (
            <button
              type="button"
              onClick={() => setStopped((value) => !value)}
              aria-label={stopped ? 'Putar slide otomatis' : 'Hentikan slide otomatis'}
              className="inline-flex size-9 items-center justify-center rounded-full border border-white/40 text-white hover:bg-white/10"
            >
              {stopped ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
            </button>
          )}
        </div>
      </div>

      {/* Space is kept while loading so the centred hero text does not jump when the list arrives. */}
      {(isPending || latest.length > 0) && (
        <div className="border-t border-white/10 bg-navy/80 backdrop-blur-sm">
          <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
            <h2 className="sr-only">Berita terbaru</h2>
            <ul className="grid gap-3 md:grid-cols-3" data-testid="hero-articles" aria-busy={isPending}>
              {isPending &&
                Array.from({ length: HOME_HERO_ARTICLES }, (_, index) => (
                  <li key={index} aria-hidden="true" className="flex h-full flex-col gap-2 border-l-2 border-gold/40 px-3 py-1">
                    <span className="h-3 w-32 animate-pulse rounded bg-white/15" />
                    <span className="h-4 w-full animate-pulse rounded bg-white/15" />
                    <span className="h-4 w-2/3 animate-pulse rounded bg-white/15" />
                  </li>
                ))}
              {latest.map((article) => (
                <li key={article.id}>
                  <Link
                    to={paths.article(article.id)}
                    className="group flex h-full flex-col gap-1 rounded-md border-l-2 border-gold/70 px-3 py-1 hover:bg-white/5"
                  >
                    <span className="text-xs text-gold-light">
                      {article.category ? `${article.category.toUpperCase()} · ` : ''}
                      <time dateTime={article.published_at ?? undefined}>{formatLongDate(article.published_at)}</time>
                    </span>
                    <span className="line-clamp-2 text-sm font-semibold text-white group-hover:underline">{article.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  )
}
