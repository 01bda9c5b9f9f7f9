import type { ComponentProps, ComponentType, ReactNode } from 'react'
import { Button } from './button'

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type' | 'children'> & {
  /** While the form's mutation runs the button is disabled and says so, so a second click sends nothing twice. */
  pending: boolean
  pendingLabel: string
  icon?: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>
  children: ReactNode
}

export function SubmitButton({ pending, pendingLabel, icon: Icon, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {Icon && <Icon aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </Button>
  )
}
