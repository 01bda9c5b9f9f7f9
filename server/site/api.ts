import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { clientIp } from '../http/client-ip.ts';
import type { ServerContext } from '../context.ts';
import { publicOrigin } from './serve-page.ts';

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

/** The API as one render uses it, and whether any of its reads failed (such a page is not kept). */
export interface RenderApi {
  api: SiteApi;
  failed(): boolean;
}

/** The app's own fetch; `env` is the node request environment the in-process request sees. */
export type LocalFetch = (input: RequestInfo | URL, init?: RequestInit, env?: SiteRequestEnv) => Promise<Response>;

/** What an in-process API request knows of the visitor it is made for. */
export interface SiteRequestEnv {
  incoming?: IncomingMessage;
  /** The visitor's address as the gateway resolved it: the API counts the render's reads as theirs. */
  visitor?: string;
}

/** An answer the page cannot be built from: the API failed, was busy, or could not be reached. */
const failedStatus = (status: number) => status >= 500 || status === 429;

/**
 * With SUPABASE_URL and SUPABASE_ANON_KEY set, the site renders from that (hosted) project over
 * the network; otherwise from this server's own API through `localFetch`, skipping the network.
 */
export function createSiteApi(ctx: ServerContext, localFetch: LocalFetch): SiteApi & { forRender(c: Context): RenderApi; asVisitor(c: Context): SiteApi } {
  const hosted = ctx.config.supabaseUrl && ctx.config.supabaseAnonKey
    ? { url: ctx.config.supabaseUrl, anonKey: ctx.config.supabaseAnonKey }
    : undefined;
  const url = hosted?.url ?? 'http://127.0.0.1';
  const anonKey = hosted?.anonKey ?? ctx.keys.anonKey;
  const make = (fetchImpl: typeof fetch): SiteApi => ({
    url,
    anonKey,
    fetch: fetchImpl,
    local: !hosted,
    browserEnv: (c) => ({ SUPABASE_URL: hosted?.url ?? publicOrigin(c, ctx.config.trustProxy), SUPABASE_ANON_KEY: anonKey }),
    async get<T>(resource: string, query: Record<string, string>): Promise<T[]> {
      const res = await fetchImpl(`${url}/rest/v1/${resource}?${new URLSearchParams(query)}`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      });
      if (!res.ok) throw new Error(`GET /rest/v1/${resource}: HTTP ${res.status}`);
      return (await res.json()) as T[];
    },
  });
  const base = make(hosted ? fetch : (input, init) => localFetch(input, init));
  return {
    ...base,
    forRender(c) {
      const env: SiteRequestEnv = { visitor: clientIp(c, ctx.config.trustProxy) };
      let failed = false;
      const tracked: typeof fetch = async (input, init) => {
        try {
          const res = await (hosted ? fetch(input, init) : localFetch(input, init, env));
          if (failedStatus(res.status)) failed = true;
          return res;
        } catch (error) {
          failed = true;
          throw error;
        }
      };
      return { api: make(tracked), failed: () => failed };
    },
    // The visitor's own browser calling the API: the same connection (so the same client address
    // for every limit), User-Agent and forwarded-for header, and the cookies it sets (the auth
    // service's device cookie) go back to the browser with the answer.
    asVisitor(c) {
      if (hosted) return make(fetch);
      const incoming = (c.env as SiteRequestEnv | undefined)?.incoming;
      return make(async (input, init) => {
        const headers = new Headers(init?.headers);
        for (const name of ['User-Agent', 'X-Forwarded-For']) {
          const value = c.req.header(name);
          if (value) headers.set(name, value);
        }
        const res = await localFetch(input, { ...init, headers }, { incoming });
        for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
        return res;
      });
    },
  };
}
