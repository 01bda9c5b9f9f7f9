import { useRef } from 'react'

/**
 * What a closing dialog gives focus back to. Radix returns it to whatever had focus when the dialog
 * opened; when that was an item of a menu that closed to open the dialog, the item is gone by then
 * and focus would fall to the page body, so the menu's trigger takes its place.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null
  const triggerId = active.closest('[role="menu"]')?.getAttribute('aria-labelledby')
  const trigger = triggerId ? document.getElementById(triggerId) : null
  return trigger ?? active
}

/** Handlers for a Radix dialog's content: remember the opener on open, focus it again on close. */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = openerOf(document.activeElement)
      handlers.onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event)
      if (event.defaultPrevented) return
      const target = opener.current
      opener.current = null
      if (target?.isConnected) {
        event.preventDefault()
        target.focus()
      }
    },
  }
}
