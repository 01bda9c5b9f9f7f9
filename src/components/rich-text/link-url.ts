/**
 * What an editor may link to: web pages, e-mail addresses and the site's own paths. Anything
 * else (javascript:, data:, vbscript:, protocol-relative //host) is refused, so a link in an
 * article can never run code, whatever the sanitizer on the reading side does.
 */
export function normalizeLinkUrl(input: string): string | null {
  const value = input.trim()
  if (!value) return null
  if (value.startsWith('/')) return value.startsWith('//') ? null : value
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return null
  }
  if (url.protocol === 'mailto:') return url.pathname.includes('@') ? url.href : null
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null
  return url.href
}

export const LINK_URL_INVALID = 'Alamat tautan tidak valid. Gunakan alamat web (https://...), email (mailto:...), atau halaman situs (/...).'
