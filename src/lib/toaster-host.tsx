import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { toast } from 'sonner'
import { Toaster } from '@/components/ui/sonner'

// Its own root beside the app's: the Toaster needs no provider, and mounting it never
// re-renders (or re-hydrates) the page.
function Ready({ onReady }: { onReady: () => void }) {
  // Runs after the Toaster's own effects (an earlier sibling), so its subscription exists.
  useEffect(onReady, [onReady])
  return null
}

export function mountToasterHost(): Promise<typeof toast> {
  return new Promise((resolve) => {
    const container = document.createElement('div')
    document.body.append(container)
    createRoot(container).render(
      <>
        <Toaster />
        <Ready onReady={() => resolve(toast)} />
      </>,
    )
  })
}
