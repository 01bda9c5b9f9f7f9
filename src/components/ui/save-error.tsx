import { useEffect, useRef } from 'react'
import { focusAfterRender } from './focus-after'

/** One refusal of a save; a new object each time, so the same text twice still takes focus. */
export type Refusal = { title: string; description: string }

/**
 * A refused save told inside the dialog, beside its buttons, and given focus: the submit button
 * was disabled while saving, so focus would otherwise fall to the page, and a phone's toast can
 * sit away from the form. The toast still says it once for sighted users.
 */
export function SaveError({ refusal }: { refusal: Refusal | null }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (refusal) ref.current?.focus()
  }, [refusal])
  if (!refusal) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p className="font-semibold">{refusal.title}</p>
      <p>{refusal.description}</p>
    </div>
  )
}

/**
 * After a check found problems: focus the first field marked invalid, once it is rendered, in the
 * middle of the screen, where neither the fixed navbar nor the toast at the bottom covers it or
 * the message under it.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  focusAfterRender(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]'))
}
