import { useEffect } from 'react'

/** The picture of a `data:` URI (base64 or plain text after the comma) as a Blob. */
export function blobOfDataUri(uri: string): Blob {
  const comma = uri.indexOf(',')
  const header = uri.slice(5, comma)
  const body = uri.slice(comma + 1)
  const type = header.split(';')[0] || 'text/plain'
  if (/;base64$/i.test(header)) return new Blob([Uint8Array.from(atob(body), (c) => c.charCodeAt(0))], { type })
  let text = body
  try {
    text = decodeURIComponent(body)
  } catch {
    // auth-js writes the SVG unencoded: a lone '%' in it is the character itself
  }
  return new Blob([text], { type })
}

/**
 * A `blob:` address for a picture received as a `data:` URI (the TOTP QR code): the pages' CSP
 * allows no `data:` pictures (issue 42), so nothing in an article can draw one either. Whoever
 * shows it releases it with `useReleaseOnLeave`.
 */
export const blobImageOf = (dataUri: string): string => URL.createObjectURL(blobOfDataUri(dataUri))

/** Releases a `blob:` address when it changes or its component leaves. */
export function useReleaseOnLeave(url: string | undefined): void {
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url)
  }, [url])
}
