import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';

/** How the site server reads the public REST API: its own, in process, or a hosted project's. */
export interface SiteApi {
  /** Address and fetch the server renders with. */
  url: string;
  anonKey: string;
  fetch: typeof fetch;
  /** Rendering from this server's own database (its writes are seen), not a hosted project. */
  local: boolean;
  /** The address and key the browser is given for the same API. */
  browserEnv(c: Context): { SUPABASE_URL: string; SUPABASE_ANON_KEY: string };
  get<T>(resource: string, query: Record<string, string>): Promise<T[]>;
}

/** Public origin of this request (honours a reverse proxy's X-Forwarded-* headers). */
export function originOf(c: Context): string {
  const url = new URL(c.req.url);
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() || c.req.header('host') || url.host;
  return `${proto}://${host}`;
}

/**
 * With SUPABASE_URL and SUPABASE_ANON_KEY set, the site renders from that (hosted) project over
 * the network; otherwise from this server's own API through `localFetch`, skipping the network.
 */
export function createSiteApi(ctx: ServerContext, localFetch: typeof fetch): SiteApi {
  const hosted = ctx.config.supabaseUrl && ctx.config.supabaseAnonKey
    ? { url: ctx.config.supabaseUrl, anonKey: ctx.config.supabaseAnonKey }
    : undefined;
  const url = hosted?.url ?? 'http://127.0.0.1';
  const anonKey = hosted?.anonKey ?? ctx.keys.anonKey;
  const fetchImpl = hosted ? fetch : localFetch;
  return {
    url,
    anonKey,
    fetch: fetchImpl,
    local: !hosted,
    browserEnv: (c) => ({ SUPABASE_URL: hosted?.url ?? originOf(c), SUPABASE_ANON_KEY: anonKey }),
    async get<T>(resource: string, query: Record<string, string>): Promise<T[]> {
      const res = await fetchImpl(`${url}/rest/v1/${resource}?${new URLSearchParams(query)}`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      });
      if (!res.ok) throw new Error(`GET /rest/v1/${resource}: HTTP ${res.status}`);
      return (await res.json()) as T[];
    },
  };
}
