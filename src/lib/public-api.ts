// Public reads go straight to the REST API with the anon key, the same requests in the browser
// and on the server (which renders pages through it, so row-level security decides what the
// HTML shows). Lists are always read as a visitor; a single article may be read with a stored
// session's token (staff preview drafts), and only then is supabase-js loaded.
import { loadSupabase } from './supabase-lazy'

export type PublicApiConfig = {
  url: string
  anonKey: string
  /** The server passes its in-process handler here, so rendering skips the network. */
  fetch?: typeof fetch
}

export function hasStoredSession(): boolean {
  if (typeof window === 'undefined') return false
  try {
    return Object.keys(window.localStorage).some((key) => /^sb-.+-auth-token$/.test(key))
  } catch {
    return false
  }
}

async function authorization(anonKey: string): Promise<string> {
  if (hasStoredSession()) {
    const supabase = await loadSupabase()
    const { data } = await supabase.auth.getSession()
    if (data.session) return `Bearer ${data.session.access_token}`
  }
  return `Bearer ${anonKey}`
}

export type PublicRows<T> = { rows: T[]; total: number | null }

type GetOptions = {
  /** Ask for the exact total (Content-Range). */
  count?: boolean
  /** Read with the stored session's token when there is one. */
  withSession?: boolean
}

/** Shaped like supabase-js's PostgrestError, so describeError() tells it by its code. */
function restError(status: number, body: unknown): Error {
  const { message, code, details, hint } = (body ?? {}) as { message?: string; code?: string; details?: string; hint?: string }
  return Object.assign(new Error(message || `HTTP ${status}`), { name: 'PostgrestError', code, details, hint, status })
}

/** One render's (or one page load's) way to the public REST API. */
export function createPublicApi({ url, anonKey, fetch: fetchImpl = fetch }: PublicApiConfig) {
  return {
    /** GET /rest/v1/{resource}?{query}. */
    async get<T>(resource: string, query: URLSearchParams, { count = false, withSession = false }: GetOptions = {}): Promise<PublicRows<T>> {
      const headers: Record<string, string> = {
        apikey: anonKey,
        Authorization: withSession ? await authorization(anonKey) : `Bearer ${anonKey}`,
      }
      if (count) headers.Prefer = 'count=exact'
      const res = await fetchImpl(`${url}/rest/v1/${resource}?${query}`, { headers })
      const body: unknown = await res.json().catch(() => null)
      const range = res.headers.get('content-range')
      const total = range && /\/(\d+)$/.exec(range)
      // Past the last row, PostgREST answers 416 with the total ("*/5"): an empty page, not a failure.
      if (count && res.status === 416 && total) return { rows: [], total: Number(total[1]) }
      if (!res.ok) throw restError(res.status, body)
      return { rows: body as T[], total: total ? Number(total[1]) : null }
    },

    /**
     * POST /rest/v1/{table} as a visitor (no row returned: visitors may write some tables but not
     * read them back). Throws an error shaped like supabase-js's PostgrestError on refusal.
     */
    async insert(table: string, row: Record<string, unknown>): Promise<void> {
      const res = await fetchImpl(`${url}/rest/v1/${table}`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify(row),
      })
      if (!res.ok) throw restError(res.status, await res.json().catch(() => null))
    },
  }
}

export type PublicApi = ReturnType<typeof createPublicApi>
