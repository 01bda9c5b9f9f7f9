import { LoginPage } from '@/features/auth/login-page'

export { meta } from '@/features/auth/login-page'

/**
 * Rendered by the server too: the sign-in form posts to the site server and works before (and
 * without) the app's JavaScript; the app takes the same form over when it runs.
 */
export function Component() {
  return <LoginPage />
}
