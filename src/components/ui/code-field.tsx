import type { ReactNode } from 'react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { CODE_LENGTH } from '@/lib/second-step-code'
import { cn } from '@/lib/utils'

type Props = {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  description?: ReactNode
  autoFocus?: boolean
  className?: string
}

/** A 6-digit authenticator code: the phone's keypad, and the code offered by the OS ('one-time-code'). */
export function CodeField({ id, label, value, onChange, error, description, autoFocus, className }: Props) {
  return (
    <Field label={label} id={id} error={error} description={description}>
      {(control) => (
        <Input
          {...control}
          name="code"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH + 2}
          placeholder="123456"
          autoFocus={autoFocus}
          className={cn('font-mono tracking-[0.3em]', className)}
        />
      )}
    </Field>
  )
}
