import { Suspense } from 'react'
import type { QueryClient } from '@tanstack/react-query'
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

/** The whole app inside a router: BrowserRouter in the browser, StaticRouter on the server. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>
  )
}
