import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydrate } from '@tanstack/react-query'
import './index.css'
import { supabaseConfig } from './lib/env'
import { createRenderContext } from './lib/render-context'
import { readSsrState } from './lib/ssr-state'
import { App } from './app/app'
import { BrowserRouter } from './app/router/browser-router'
import { ConfigErrorScreen } from './app/config-error-screen'
import { createQueryClient } from './app/providers'
import { preloadRoutes } from './app/routes'

const container = document.getElementById('root')!

if (supabaseConfig.ok) {
  const origin = window.location.origin
  const context = createRenderContext({ origin, apiUrl: supabaseConfig.url, api: { url: supabaseConfig.url, anonKey: supabaseConfig.anonKey } })
  const queryClient = createQueryClient()
  const queries = readSsrState()?.queries
  if (queries) {
    // The server drops a cached page the moment its data changes, so the data in the HTML is
    // current when it arrives, however long ago it was rendered. Stamped as read now, it is not
    // read again on mount, and hydration is not followed by a second render of the whole page.
    const receivedAt = Date.now()
    for (const query of queries.queries) if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = receivedAt
    hydrate(queryClient, queries)
  }

  // The server rendered this URL's pages; their code loads before hydrating so the first client
  // render is the same markup rather than a loading state. A chunk that fails to load is left to
  // the route's error boundary.
  await preloadRoutes(window.location.pathname).catch(() => undefined)
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} context={context} />
      </BrowserRouter>
    </StrictMode>
  )
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // it for the whole page; a tap that arrives meanwhile makes React finish it at once.
  if (container.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(container, app)
    })
  } else {
    createRoot(container).render(app)
  }
} else {
  createRoot(container).render(
    <StrictMode>
      <ConfigErrorScreen message={supabaseConfig.message} />
    </StrictMode>,
  )
}
