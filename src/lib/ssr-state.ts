import type { DehydratedState } from '@tanstack/react-query'
import type { ContactRefusal } from '@/features/contact/api/contact-outcome'

// What the server hands the browser inside the HTML: the runtime config (no blocking /env.js) and
// the data it rendered with. A JSON data block, not a script, so the CSP needs no inline scripts.
export const SSR_STATE_ID = 'ssr-state'

export type SsrState = {
  env: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string }
  queries?: DehydratedState
  /** The refused no-JavaScript contact post this page answers (never in a cached page). */
  contactRefusal?: ContactRefusal
}

/** JSON safe inside <script type="application/json">: no "</script>" or "<!--" can close it. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

let cached: SsrState | null | undefined

export function readSsrState(): SsrState | null {
  if (cached !== undefined) return cached
  const block = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ID)
  try {
    cached = block?.textContent ? (JSON.parse(block.textContent) as SsrState) : null
  } catch {
    cached = null
  }
  return cached
}
