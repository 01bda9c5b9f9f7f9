import { useId, type ComponentProps, type ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** What a form control needs so assistive technology links it to its label, hint and error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FieldProps extends Omit<ComponentProps<'div'>, 'children'> {
  label: ReactNode
  /** The message to show under the control; a non-empty one marks the control invalid. */
  error?: string
  description?: ReactNode
  /** Overrides the generated id, for controls that tests or links address by id. */
  id?: string
  children: (control: FieldControlProps) => ReactNode
}

/**
 * One labelled form field. The control is rendered by the caller, which spreads the given props on it,
 * so `aria-invalid` and `aria-describedby` always match the error actually on screen.
 */
function Field({ label, error, description, id, children, className, ...props }: FieldProps) {
  const generated = useId()
  const controlId = id ?? generated
  const descriptionId = description ? `${controlId}-description` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <div data-slot="field" data-invalid={error ? true : undefined} className={cn('space-y-2', className)} {...props}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {description && (
        <p id={descriptionId} data-slot="field-description" className="text-muted-foreground text-sm">
          {description}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}

/** The error line under a control; renders nothing without a message. */
function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null
  return (
    <p role="alert" data-slot="field-error" className={cn('text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  )
}

export { Field, FieldError }
