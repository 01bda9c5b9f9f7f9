import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydrate } from '@tanstack/react-query'
import { createBrowserRouter, matchRoutes } from 'react-router'
import './index.css'
import { supabaseConfig } from './lib/env'
import { configurePublicApi } from './lib/public-api'
import { readSsrState } from './lib/ssr-state'
import { App } from './app/app'
import { ConfigErrorScreen } from './app/config-error-screen'
import { createQueryClient } from './app/providers'
import { routes } from './app/routes'

const container = document.getElementById('root')!

if (supabaseConfig.ok) {
  configurePublicApi({ url: supabaseConfig.url, anonKey: supabaseConfig.anonKey })
  const queryClient = createQueryClient()
  const queries = readSsrState()?.queries
  if (queries) hydrate(queryClient, queries)

  // The server rendered the lazy pages of this URL; load their code before hydrating, or the
  // first client render would be the fallback instead of the same markup.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? []
  await Promise.all(
    lazyMatches.map(async (match) => {
      const lazy = match.route.lazy as () => Promise<object>
      Object.assign(match.route, await lazy(), { lazy: undefined })
    }),
  )
  const router = createBrowserRouter(routes)
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  )
  if (container.hasChildNodes()) hydrateRoot(container, app)
  else createRoot(container).render(app)
} else {
  createRoot(container).render(
    <StrictMode>
      <ConfigErrorScreen message={supabaseConfig.message} />
    </StrictMode>,
  )
}
