import type { DehydratedState } from '@tanstack/react-query'

// What the server hands the browser inside the HTML: the runtime config (no blocking /env.js) and
// the data it rendered with. A JSON data block, not a script, so the CSP needs no inline scripts.
export const SSR_STATE_ID = 'ssr-state'

// A page adds what only it needs (the contact page: the refused no-JavaScript post it answers)
// as `Extra`, so this module knows no feature.
export type SsrState<Extra extends object = object> = {
  env: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string }
  queries?: DehydratedState
} & Partial<Extra>

/** JSON safe inside <script type="application/json">: no "</script>" or "<!--" can close it. */
export function serializeSsrState<Extra extends object>(state: SsrState<Extra>): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

let cached: SsrState | null | undefined

export function readSsrState<Extra extends object = object>(): SsrState<Extra> | null {
  if (cached !== undefined) return cached as SsrState<Extra> | null
  const block = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ID)
  try {
    cached = block?.textContent ? (JSON.parse(block.textContent) as SsrState) : null
  } catch {
    cached = null
  }
  return cached as SsrState<Extra> | null
}
