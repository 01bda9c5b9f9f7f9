import { LoginPage } from '@/features/auth/login-page'
import { ClientOnly } from './client-only'
import { PageFallback } from './page-fallback'

export { meta } from '@/features/auth/login-page'

/** Drawn by the browser only: what it shows depends on the visitor's stored session. */
export function Component() {
  return (
    <ClientOnly fallback={<PageFallback />}>
      <LoginPage />
    </ClientOnly>
  )
}
