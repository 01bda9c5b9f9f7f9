/**
 * What a mailed link (GoTrue's /verify) brought the browser back with, read from the URL fragment
 * once, when this module is first evaluated: before the lazily loaded supabase client takes the
 * tokens out of the fragment, which would leave no trace of the link's type.
 */
export type LinkOutcome =
  | { kind: 'confirmed'; approved?: boolean }
  | { kind: 'recovery' }
  | { kind: 'invalid'; code: string }
  | { kind: 'none' }

export function parseLinkFragment(hash: string): LinkOutcome {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const errorCode = params.get('error_code') ?? (params.get('error') ? 'unspecified' : null)
  if (errorCode) return { kind: 'invalid', code: errorCode }
  if (!params.get('access_token')) return { kind: 'none' }
  const type = params.get('type')
  if (type === 'recovery') return { kind: 'recovery' }
  if (type === 'signup' || type === 'email') return { kind: 'confirmed' }
  return { kind: 'none' }
}

export const initialLinkOutcome: LinkOutcome =
  typeof window === 'undefined' ? { kind: 'none' } : parseLinkFragment(window.location.hash)

/** Removes an error fragment, which supabase-js leaves in place, so a reload does not repeat it. */
export function clearErrorFragment() {
  if (initialLinkOutcome.kind === 'invalid' && window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  }
}
