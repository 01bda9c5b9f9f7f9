import { createContext, useCallback, useContext, useRef, useState, type ComponentProps, type KeyboardEvent, type PointerEvent } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '@/lib/utils'

type CarouselState = {
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

/** How far a finger must travel sideways before the slide changes (px). */
const SWIPE_DISTANCE = 40

/**
 * One slider for the site: wrapping previous/next, dots, swipe, and the arrow keys while focus is
 * inside. A CSS transform moves the track (no slider library: it would cost every page that shows
 * one about 8 kB gzip). Compose it from CarouselViewport, CarouselSlide, CarouselPrevious,
 * CarouselNext and CarouselDots; `count` is the number of slides.
 */
export function Carousel({
  label,
  count,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { label: string; count: number }) {
  const [selected, setSelected] = useState(0)

  const scrollTo = useCallback((index: number) => setSelected((index + count) % count), [count])
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
    <CarouselContext.Provider value={{ selected: Math.min(selected, count - 1), count, scrollTo, previous, next }}>
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

/** The clipped window and the track of slides inside it; a sideways swipe turns the slide. */
export function CarouselViewport({ className, children, ...props }: ComponentProps<'div'>) {
  const { selected, count, previous, next } = useCarousel()
  const start = useRef<number | null>(null)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.isPrimary && event.button === 0) start.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return
    const distance = event.clientX - start.current
    start.current = null
    if (count < 2 || Math.abs(distance) < SWIPE_DISTANCE) return
    if (distance < 0) next()
    else previous()
  }

  return (
    <div
      className={cn('overflow-hidden', className)}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
      {...props}
    >
      <div
        className="flex touch-pan-y transition-transform duration-300 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(${-100 * selected}%)` }}
      >
        {children}
      </div>
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

type ArrowProps = {
  label: string
  /** A smaller button closer to the edge, for small sliders. */
  compact?: boolean
  /** The button's background (default a dark navy veil). */
  background?: string
}

function CarouselArrow({ direction, label, compact = false, background = 'bg-navy/75' }: ArrowProps & { direction: 'previous' | 'next' }) {
  const state = useCarousel()
  if (state.count < 2) return null
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight
  const side = direction === 'previous' ? (compact ? 'left-2' : 'left-3') : compact ? 'right-2' : 'right-3'
  return (
    <button
      type="button"
      onClick={direction === 'previous' ? state.previous : state.next}
      aria-label={label}
      className={cn(
        'absolute top-1/2 inline-flex -translate-y-1/2 items-center justify-center rounded-full text-white hover:bg-gold hover:text-gold-foreground',
        background,
        compact ? 'size-10' : 'size-11',
        side,
      )}
    >
      <Icon className="size-6" aria-hidden="true" />
    </button>
  )
}

export function CarouselPrevious(props: ArrowProps) {
  return <CarouselArrow direction="previous" {...props} />
}

export function CarouselNext(props: ArrowProps) {
  return <CarouselArrow direction="next" {...props} />
}

/** One button per slide; the current one carries aria-current. `className` sets the row's top margin and gap (default `mt-2 gap-1`). */
export function CarouselDots({
  label,
  dotLabel,
  activeClassName = 'w-6 bg-army',
  inactiveClassName = 'bg-army/30',
  dotTestId,
  className = 'mt-2 gap-1',
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
    <div role="group" aria-label={label} className={cn('flex justify-center', className)}>
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
