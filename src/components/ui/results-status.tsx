import { useCallback, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

/**
 * Where focus goes after a search, a filter or a page change: the line that says what the list
 * now shows. Moving there keeps focus from falling to the page body (a paging button that became
 * disabled, a list that re-rendered) and a screen reader reads the new count on arrival.
 */
export function useResultsFocus() {
  const ref = useRef<HTMLParagraphElement>(null)
  // after the click's own re-render, so the button that was pressed may disable itself first
  const focus = useCallback(() => requestAnimationFrame(() => ref.current?.focus()), [])
  /** For a search field that filters as one types: Enter goes to the results. */
  const onSearchKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
      event.preventDefault()
      focus()
    },
    [focus],
  )
  return { ref, focus, onSearchKeyDown }
}

/**
 * The count of what the list shows, announced politely as it changes while typing and focusable
 * (not in the tab order) so the page can move focus to it.
 */
export function ResultsStatus({
  ref,
  children,
  className,
}: {
  ref: React.Ref<HTMLParagraphElement>
  children: ReactNode
  className?: string
}) {
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={cn('rounded-sm text-sm text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
    >
      {children}
    </p>
  )
}
