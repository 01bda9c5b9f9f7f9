import { cn } from '@/lib/utils'

/** The unit crest. Decorative next to the unit name, so it has empty alt text. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <img
      src="/images/brand/logo-96.png"
      width={96}
      height={96}
      alt=""
      decoding="async"
      className={cn('rounded-full object-contain', className)}
    />
  )
}
