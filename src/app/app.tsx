import { Suspense } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { RenderContextProvider, type RenderContext } from '@/lib/render-context'
import { useLocation, useRoutes } from 'react-router'
import { AppProviders } from './providers'
import { PageFallback } from './page-fallback'
import { RouteErrorBoundary } from './route-error'
import { routes } from './routes'

function AppRoutes() {
  const { pathname } = useLocation()
  const page = useRoutes(routes)
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageFallback />}>{page}</Suspense>
    </RouteErrorBoundary>
  )
}

/** The whole app inside a router (BrowserRouter in the browser, StaticRouter on the server) and its render's context. */
export function App({ queryClient, context }: { queryClient: QueryClient; context: RenderContext }) {
  return (
    <RenderContextProvider value={context}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </RenderContextProvider>
  )
}
