import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider, type createBrowserRouter } from 'react-router'
import { AppProviders } from './providers'

type BrowserRouter = ReturnType<typeof createBrowserRouter>

export function App({ router, queryClient }: { router: BrowserRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
