import { useEffect, useRef } from 'react'

/** The look of a region that takes focus by script (tabIndex -1): a ring only for keyboard users. */
export const FOCUS_REGION = 'scroll-mt-20 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring'

const FRAMES = 10

/**
 * Focus what an action left on screen, once React has rendered it. The button that was pressed is
 * often disabled while it works, or gone afterwards (a row removed, a panel swapped), and focus
 * would otherwise fall to the page body: keyboard and screen reader users lose their place. The
 * target is focused without the browser's jump, then brought into view where neither the fixed
 * navbar nor the toast at the bottom covers it.
 */
export function focusAfterRender(
  target: () => HTMLElement | null | undefined,
  { block = 'center', reveal }: { block?: ScrollLogicalPosition; reveal?: () => HTMLElement | null } = {},
) {
  // React may render the action's outcome a frame or two after the call (a state set after an
  // await): look again for a few frames until the target is there.
  const attempt = (left: number) =>
    requestAnimationFrame(() => {
      const element = target()
      if (!element?.isConnected || element.matches(':disabled')) {
        if (left > 0) attempt(left - 1)
        return
      }
      element.focus({ preventScroll: true })
      // `reveal` names a larger whole to show from its top (a panel the field belongs to)
      const shown = reveal?.() ?? element
      shown.scrollIntoView({ block: reveal ? 'start' : block })
    })
  attempt(FRAMES)
}

/**
 * A region that takes focus whenever `key` changes after the first render (a new search, a new
 * page of a list): give the returned ref to an element with tabIndex={-1}.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null)
  const first = useRef(key)
  useEffect(() => {
    if (first.current === key) return
    first.current = key
    focusAfterRender(() => ref.current, { block: 'start' })
  }, [key])
  return ref
}

/**
 * After an action settled: if focus fell to the page body meanwhile (its button was disabled while
 * it worked, a confirmation dialog returned focus to that disabled button, or the button is gone),
 * focus `target`; focus a user already moved elsewhere stays where it is.
 */
export function refocusIfLost(target: () => HTMLElement | null | undefined) {
  focusAfterRender(() => {
    const active = document.activeElement
    return active === null || active === document.body ? target() : null
  })
}

/**
 * For a button disabled while its action runs: once `busy` ends (the button is enabled again in
 * that render), focus lost meanwhile goes back to it, or to `target` when given.
 */
export function useRefocusWhenDone<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null)
  const was = useRef(busy)
  useEffect(() => {
    if (was.current && !busy) refocusIfLost(() => ref.current)
    was.current = busy
  }, [busy])
  return ref
}
