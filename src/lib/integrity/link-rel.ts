// Outbound links pass no ranking value (nofollow), are marked as user content (ugc) and open
// without a handle on this page or a referrer, unless their host is on the allowlist: this site
// and, by default, government and military domains. LINK_ALLOWLIST at build time replaces the
// default list, the same setting the server hands to the database's guard.
const DEFAULT_ALLOWLIST = ['*.go.id', '*.mil.id']

export const OUTBOUND_REL = 'nofollow ugc noopener noreferrer'
export const ALLOWED_REL = 'noopener noreferrer'

function configuredAllowlist(): string[] {
  const configured: unknown = import.meta.env?.VITE_LINK_ALLOWLIST
  const list = typeof configured === 'string' ? configured.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : []
  return list.length > 0 ? list : DEFAULT_ALLOWLIST
}

const allowlist = configuredAllowlist()

/** Whether `host` matches a pattern: a host, or '*.' and a suffix (which also covers the suffix itself). */
export function hostAllowed(host: string, patterns: readonly string[] = allowlist): boolean {
  const name = host.toLowerCase().replace(/^www\./, '')
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? name === pattern.slice(2) || name.endsWith(pattern.slice(1)) : name === pattern,
  )
}

/** The rel an outbound link to `url` gets on a page served from `origin`. */
export function outboundRel(url: URL, origin: string): string {
  const own = new URL(origin).hostname
  return url.hostname === own || hostAllowed(url.hostname) ? ALLOWED_REL : OUTBOUND_REL
}
