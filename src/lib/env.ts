import { readSsrState } from './ssr-state'

// The backend address comes from the build (hosted Supabase) or, by default, from the server
// that serves this page: it inlines it into the HTML (or, for the Vite dev server, GET /env.js
// writes window.__ENV__ before the app loads).
declare global {
  interface Window {
    __ENV__?: { SUPABASE_URL?: string; SUPABASE_ANON_KEY?: string }
  }
}

export type SupabaseConfig =
  | { ok: true; url: string; anonKey: string }
  | { ok: false; message: string }

function readSupabaseConfig(): SupabaseConfig {
  const runtime = typeof window === 'undefined' ? undefined : (window.__ENV__ ?? readSsrState()?.env)
  const url = import.meta.env.VITE_SUPABASE_URL || runtime?.SUPABASE_URL
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || runtime?.SUPABASE_ANON_KEY
  const missing = [!url && 'SUPABASE_URL', !anonKey && 'SUPABASE_ANON_KEY'].filter(Boolean)
  if (missing.length > 0) {
    return {
      ok: false,
      message:
        `Konfigurasi backend tidak ditemukan (${missing.join(', ')}). ` +
        'Set VITE_SUPABASE_URL dan VITE_SUPABASE_ANON_KEY saat build, ' +
        'atau jalankan situs melalui server yang menyediakan /env.js.',
    }
  }
  try {
    new URL(url as string)
  } catch {
    return { ok: false, message: `Alamat backend tidak valid: ${String(url)}` }
  }
  return { ok: true, url: url as string, anonKey: anonKey as string }
}

export const supabaseConfig = readSupabaseConfig()

/**
 * Base of URLs to stored files in the browser's admin area: '' when the backend is the page's own
 * origin, else its address. Public pages take theirs from the render's context (RenderContext).
 */
export function backendBase(): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const base = (supabaseConfig.ok ? supabaseConfig.url : '').replace(/\/+$/, '')
  return base === origin ? '' : base
}
