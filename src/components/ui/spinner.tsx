import type { ComponentProps } from 'react'
import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/utils'

function Spinner({ className, label = 'Memuat...', ...props }: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircle
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn('size-6 animate-spin text-primary motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
      {...props}
    />
  )
}

export { Spinner }
