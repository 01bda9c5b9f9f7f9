// The /login form posted without JavaScript (or before the app loaded): the site server hands the
// fields here, in its render bundle, so the same checks, requests and Indonesian texts apply as in
// the app's own sign-in (sign-in-form.tsx). The password goes to the auth service's usual token
// endpoint, so its rate limits and lockouts are the ones every sign-in meets.
import { describeError } from '@/lib/error-messages'
import { SIGN_IN_INCOMPLETE, STATUS_UNREADABLE, signInSchema } from './credentials'
import { refusalOf, type AccountState } from './account-state'

/** What the form came back with when nobody was signed in: the texts the app would toast, and the e-mail to fill in again. */
export type LoginRefusal = { status: 400 | 403 | 413 | 429 | 502; title: string; description: string; email: string }

export type FormSignIn =
  | { kind: 'refused'; refusal: LoginRefusal }
  /** Signed in; `secondStep` when the account's second step is still owed (the app asks for it). */
  | { kind: 'signed-in'; session: { access_token: string; refresh_token: string }; secondStep: boolean }

/** The auth service and REST API as the site server reaches them for this visitor. */
export type AuthApi = { url: string; anonKey: string; fetch: typeof fetch }

type TokenAnswer = { access_token: string; refresh_token: string; user: { id: string; factors?: { status: string }[] } }

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json().catch(() => ({}))) as Record<string, unknown>
}

/** Signs in with the posted e-mail and password as the app does. Never throws for what a visitor can send. */
export async function signInWithForm(form: Record<string, string> | null, auth: AuthApi): Promise<FormSignIn> {
  const email = (form?.email ?? '').slice(0, 320)
  const refused = (status: LoginRefusal['status'], title: string, description: string): FormSignIn =>
    ({ kind: 'refused', refusal: { status, title, description, email } })
  if (!form) return refused(413, 'Login Gagal', describeError({ code: 'request_too_large' }))
  const parsed = signInSchema.safeParse({ email: form.email ?? '', password: form.password ?? '' })
  if (!parsed.success) return refused(400, SIGN_IN_INCOMPLETE.title, SIGN_IN_INCOMPLETE.description)

  const headers = { apikey: auth.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' }
  let answer: Response
  try {
    answer = await auth.fetch(`${auth.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${auth.anonKey}` },
      body: JSON.stringify({ email: parsed.data.email, password: parsed.data.password }),
    })
  } catch (error) {
    return refused(502, 'Login Gagal', describeError(error))
  }
  const body = await json(answer)
  if (!answer.ok) {
    const status = answer.status === 429 ? 429 : answer.status >= 500 ? 502 : 400
    return refused(status, 'Login Gagal', describeError({ code: body.code, message: body.message, status: answer.status }))
  }
  const session = body as unknown as TokenAnswer
  const asUser = { ...headers, Authorization: `Bearer ${session.access_token}` }
  const signOut = () => auth.fetch(`${auth.url}/auth/v1/logout?scope=local`, { method: 'POST', headers: asUser }).catch(() => undefined)

  let state: AccountState | null = null
  try {
    const profile = await auth.fetch(`${auth.url}/rest/v1/profiles?select=status,status_reason&id=eq.${encodeURIComponent(session.user.id)}`, {
      headers: { ...asUser, Accept: 'application/vnd.pgrst.object+json' },
    })
    if (profile.ok) {
      const row = (await profile.json()) as { status: AccountState['status']; status_reason: string | null }
      state = { status: row.status, reason: row.status_reason }
    }
  } catch {
    state = null
  }
  if (!state) {
    await signOut()
    return refused(502, STATUS_UNREADABLE.title, STATUS_UNREADABLE.description)
  }
  const refusal = refusalOf(state)
  if (refusal) {
    await signOut()
    return refused(403, refusal.title, refusal.description)
  }
  return {
    kind: 'signed-in',
    session: { access_token: session.access_token, refresh_token: session.refresh_token },
    secondStep: session.user.factors?.some((factor) => factor.status === 'verified') ?? false,
  }
}
