/**
 * Parts of a request URL as sent, read from the string Hono already holds: building a URL object
 * for each API request showed up in profiles.
 */
export function pathAndQuery(url: string): string {
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
  if (start < 0) return '/';
  const hash = url.indexOf('#', start);
  return hash < 0 ? url.slice(start) : url.slice(start, hash);
}

/** The path, still percent-encoded (URL.pathname, without the normalisation of dot segments). */
export function rawPath(url: string): string {
  const rest = pathAndQuery(url);
  const q = rest.indexOf('?');
  return q < 0 ? rest : rest.slice(0, q);
}
