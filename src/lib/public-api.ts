// Public reads go straight to the REST API with the anon key, the same requests in the browser
// and on the server (which renders pages through it, so row-level security decides what the
// HTML shows). Lists are always read as a visitor; a single article may be read with a stored
// session's token (staff preview drafts), and only then is supabase-js loaded.
import type { UnstableGetResult } from '@supabase/postgrest-js'
import type { Database } from './database.types'
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

type Schema = Database['public']
type Relation = keyof Schema['Tables'] | keyof Schema['Views']
type RelationOf<R extends Relation> = R extends keyof Schema['Tables'] ? Schema['Tables'][R] : R extends keyof Schema['Views'] ? Schema['Views'][R] : never
type FunctionName = keyof Schema['Functions']
type Returned<F extends FunctionName> = Schema['Functions'][F]['Returns'] extends (infer Row)[] ? Row : Schema['Functions'][F]['Returns']
type ClientOptions = { PostgrestVersion: '12' }

/** A row of `relation` as `columns` (PostgREST select syntax, embeds included) shapes it: supabase-js's own inference. */
export type Selected<R extends Relation, Columns extends string> = UnstableGetResult<
  Schema, RelationOf<R>['Row'], R, RelationOf<R>['Relationships'], Columns, ClientOptions
>

/** A row a set-returning function gives, as `columns` shapes it. */
type SelectedFrom<F extends FunctionName, Columns extends string> =
  Returned<F> extends Record<string, unknown> ? UnstableGetResult<Schema, Returned<F>, F, null, Columns, ClientOptions> : never

type ReadOptions = {
  /** PostgREST filters, order, limit and offset, in query-string form. */
  query?: Record<string, string>
  /** Ask for the exact total (Content-Range). */
  count?: boolean
  /** Read with the stored session's token when there is one. */
  withSession?: boolean
}

/** A function's arguments as a GET sends them. */
const queryArgs = (args: object) => Object.fromEntries(Object.entries(args).map(([name, value]) => [name, String(value)]))

/** Shaped like supabase-js's PostgrestError, so describeError() tells it by its code. */
function restError(status: number, body: unknown): Error {
  const { message, code, details, hint } = (body ?? {}) as { message?: string; code?: string; details?: string; hint?: string }
  return Object.assign(new Error(message || `HTTP ${status}`), { name: 'PostgrestError', code, details, hint, status })
}

/**
 * One render's (or one page load's) typed way to read the public REST API: the same requests
 * supabase-js sends, typed by the generated `Database`, without loading supabase-js.
 */
export function createPublicApi({ url, anonKey, fetch: fetchImpl = fetch }: PublicApiConfig) {
  async function get<Row>(resource: string, params: Record<string, string>, { count = false, withSession = false }: ReadOptions): Promise<PublicRows<Row>> {
    const headers: Record<string, string> = {
      apikey: anonKey,
      Authorization: withSession ? await authorization(anonKey) : `Bearer ${anonKey}`,
    }
    if (count) headers.Prefer = 'count=exact'
    const res = await fetchImpl(`${url}/rest/v1/${resource}?${new URLSearchParams(params)}`, { headers })
    const body: unknown = await res.json().catch(() => null)
    const range = res.headers.get('content-range')
    const total = range && /\/(\d+)$/.exec(range)
    // Past the last row, PostgREST answers 416 with the total ("*/5"): an empty page, not a failure.
    if (count && res.status === 416 && total) return { rows: [], total: Number(total[1]) }
    if (!res.ok) throw restError(res.status, body)
    // The one place a response becomes typed: the schema's type for what this request selected.
    return { rows: body as Row[], total: total ? Number(total[1]) : null }
  }

  return {
    /** The public key, for links to files a visitor may read in a private bucket. */
    anonKey,

    /** GET /rest/v1/{relation}?select={columns}&{query}. */
    select<R extends Relation, Columns extends string>(relation: R, columns: Columns, options: ReadOptions = {}) {
      return get<Selected<R, Columns>>(relation, { select: columns, ...options.query }, options)
    },

    /** GET /rest/v1/rpc/{fn}?{args}: a function visitors may call, its rows as it returns them. */
    rpc<F extends FunctionName>(fn: F, args: Schema['Functions'][F]['Args'], options: ReadOptions = {}) {
      return get<Returned<F>>(`rpc/${fn}`, { ...queryArgs(args), ...options.query }, options)
    },

    /** GET /rest/v1/rpc/{fn}?select={columns}&{args}: a set-returning function's rows, shaped by `columns`. */
    rpcSelect<F extends FunctionName, Columns extends string>(fn: F, columns: Columns, args: Schema['Functions'][F]['Args'], options: ReadOptions = {}) {
      return get<SelectedFrom<F, Columns>>(`rpc/${fn}`, { select: columns, ...queryArgs(args), ...options.query }, options)
    },

    /**
     * POST /rest/v1/{table} as a visitor (no row returned: visitors may write some tables but not
     * read them back). Throws an error shaped like supabase-js's PostgrestError on refusal.
     */
    async insert<T extends keyof Schema['Tables']>(table: T, row: Schema['Tables'][T]['Insert']): Promise<void> {
      const res = await fetchImpl(`${url}/rest/v1/${table}`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify(row),
      })
      if (!res.ok) throw restError(res.status, await res.json().catch(() => null))
    },

    /**
     * POST /rest/v1/rpc/record_page_view, kept alive if the reader leaves at once. Nothing is
     * awaited or shown: a view that is not counted concerns no reader.
     */
    countView(path: string, referrer: string): void {
      fetchImpl(`${url}/rest/v1/rpc/record_page_view`, {
        method: 'POST',
        keepalive: true,
        headers: { apikey: anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ path, referrer }),
      }).catch(() => undefined)
    },
  }
}

export type PublicApi = ReturnType<typeof createPublicApi>
