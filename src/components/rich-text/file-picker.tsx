import type { ChangeEvent } from 'react'
import { ImagePlus } from 'lucide-react'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'

type Props = {
  id: string
  /** Accessible name of the input, e.g. "Pilih gambar sampul". */
  label: string
  buttonText: string
  hint: string
  multiple?: boolean
  disabled?: boolean
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

/**
 * The native picker's own button text follows the browser's language ("Choose File"); this one
 * speaks Indonesian. The input stays in the tab order, so Enter or Space opens the chooser.
 */
export function FilePicker({ id, label, buttonText, hint, multiple, disabled, onChange }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        onChange={onChange}
        aria-label={label}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60 peer-disabled:pointer-events-none peer-disabled:opacity-50',
        )}
      >
        <ImagePlus aria-hidden="true" />
        {buttonText}
      </label>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </div>
  )
}
