import { createContext, useCallback, useContext, useEffect, useState, type ComponentProps, type KeyboardEvent } from 'react'
import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '@/lib/utils'

type CarouselState = {
  viewportRef: ReturnType<typeof useEmblaCarousel>[0]
  selected: number
  count: number
  scrollTo: (index: number) => void
  previous: () => void
  next: () => void
}

const CarouselContext = createContext<CarouselState | null>(null)

export function useCarousel(): CarouselState {
  const state = useContext(CarouselContext)
  if (!state) throw new Error('useCarousel() must be used inside <Carousel>')
  return state
}

/**
 * One slider for the site (Embla underneath): wrapping previous/next, dots, swipe, and the arrow
 * keys while focus is inside. Compose it from CarouselViewport, CarouselSlide, CarouselPrevious,
 * CarouselNext and CarouselDots; `count` is the number of slides.
 */
export function Carousel({
  label,
  count,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { label: string; count: number }) {
  const [viewportRef, api] = useEmblaCarousel({ loop: true, duration: 20 })
  const [selected, setSelected] = useState(0)

  useEffect(() => {
    if (!api) return
    const onSelect = () => setSelected(api.selectedScrollSnap())
    onSelect()
    api.on('select', onSelect).on('reInit', onSelect)
    return () => {
      api.off('select', onSelect).off('reInit', onSelect)
    }
  }, [api])

  // Embla loops only when the slides overflow the viewport; wrapping by hand keeps the buttons
  // and keys wrapping for two slides as well.
  const scrollTo = useCallback((index: number) => api?.scrollTo((index + count) % count), [api, count])
  const previous = useCallback(() => scrollTo(selected - 1), [scrollTo, selected])
  const next = useCallback(() => scrollTo(selected + 1), [scrollTo, selected])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return
    if (event.key === 'ArrowLeft') previous()
    else if (event.key === 'ArrowRight') next()
    else return
    event.preventDefault()
  }

  return (
    <CarouselContext.Provider value={{ viewportRef, selected: Math.min(selected, count - 1), count, scrollTo, previous, next }}>
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        onKeyDownCapture={onKeyDown}
        className={cn('relative', className)}
        {...props}
      >
        {children}
      </div>
    </CarouselContext.Provider>
  )
}

/** The clipped window and the track of slides inside it. */
export function CarouselViewport({ className, children, ...props }: ComponentProps<'div'>) {
  const { viewportRef } = useCarousel()
  return (
    <div ref={viewportRef} className={cn('overflow-hidden', className)} {...props}>
      <div className="flex touch-pan-y">{children}</div>
    </div>
  )
}

/** One slide; the ones not shown are hidden from assistive technology and the Tab order. */
export function CarouselSlide({ index, className, ...props }: ComponentProps<'div'> & { index: number }) {
  const { selected, count } = useCarousel()
  const active = index === selected
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} dari ${count}`}
      aria-hidden={!active}
      inert={!active}
      data-active={active}
      className={cn('relative min-w-0 flex-[0_0_100%]', className)}
      {...props}
    />
  )
}

const arrowClass =
  'absolute top-1/2 inline-flex -translate-y-1/2 items-center justify-center rounded-full bg-navy/75 text-white hover:bg-gold hover:text-gold-foreground'

function CarouselArrow({ direction, label, className }: { direction: 'previous' | 'next'; label: string; className?: string }) {
  const state = useCarousel()
  if (state.count < 2) return null
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight
  return (
    <button
      type="button"
      onClick={direction === 'previous' ? state.previous : state.next}
      aria-label={label}
      className={cn(arrowClass, 'size-11', direction === 'previous' ? 'left-3' : 'right-3', className)}
    >
      <Icon className="size-6" aria-hidden="true" />
    </button>
  )
}

export function CarouselPrevious(props: { label: string; className?: string }) {
  return <CarouselArrow direction="previous" {...props} />
}

export function CarouselNext(props: { label: string; className?: string }) {
  return <CarouselArrow direction="next" {...props} />
}

/** One button per slide; the current one carries aria-current. */
export function CarouselDots({
  label,
  dotLabel,
  activeClassName = 'w-6 bg-army',
  inactiveClassName = 'bg-army/30',
  dotTestId,
  className,
}: {
  label: string
  dotLabel: (index: number) => string
  activeClassName?: string
  inactiveClassName?: string
  dotTestId?: string
  className?: string
}) {
  const { selected, count, scrollTo } = useCarousel()
  if (count < 2) return null
  return (
    <div role="group" aria-label={label} className={cn('mt-2 flex justify-center gap-1', className)}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          onClick={() => scrollTo(index)}
          aria-label={dotLabel(index)}
          aria-current={index === selected}
          data-testid={dotTestId}
          className="flex size-8 items-center justify-center"
        >
          <span
            className={cn('block size-2.5 rounded-full transition-all', index === selected ? activeClassName : inactiveClassName)}
          />
        </button>
      ))}
    </div>
  )
}
