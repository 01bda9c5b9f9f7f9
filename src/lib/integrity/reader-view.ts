// What a visitor is served from stored HTML, read as the guard reads it (issue 42 items 1 and 3):
// the renderer's output (src/lib/sanitize.ts), its text as a browser lays it out (inline elements
// join the words on either side, every other element stands apart) through readerText, and the
// hosts its links lead to as the WHATWG URL parser reads them. private.reader_view is the SQL side;
// tests/security/integrity-reading.test.ts requires that the two agree.
import { sanitizeArticleFragment } from '../sanitize.ts'
import { INLINE_ELEMENTS, READING_SPACE, readerText } from './reader-text.ts'

const inline = new Set(INLINE_ELEMENTS.map((name) => name.toUpperCase()))

export interface ReaderView {
  /** The visible text, normalised (readerText), white space collapsed to single spaces. */
  text: string
  /** The hosts of the links, in document order, lowered and without a leading `www.`. */
  hosts: string[]
}

/** The page's own links resolve against this; a host equal to it came from a relative address. */
const NO_HOST = 'reader.invalid'

/**
 * The host a link leads to, as a browser parses the address (tabs and newlines removed, missing
 * or backslashed slashes, case, percent-encoding, IDNA to punycode); null for an address without
 * a host of its own or one the parser refuses (the renderer drops those).
 */
export function linkHost(href: string): string | null {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    try {
      url = new URL(href, `http://${NO_HOST}`)
    } catch {
      return null
    }
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  return host === '' || host === NO_HOST ? null : host
}

/** The text of rendered nodes as a browser lays it out, before normalisation. */
export function laidOutText(root: Node): string {
  let text = ''
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      text += node.nodeValue ?? ''
      return
    }
    const apart = node.nodeType === 1 && !inline.has(node.nodeName)
    if (apart) text += ' '
    node.childNodes.forEach(walk)
    if (apart) text += ' '
  }
  root.childNodes.forEach(walk)
  return text
}

/** The one reading of stored HTML: what the renderer serves a visitor, as the guard judges it. */
export function readerView(html: string | null | undefined, origin: string): ReaderView {
  const fragment = sanitizeArticleFragment(html, origin)
  const hosts = Array.from(fragment.querySelectorAll('a[href]'), (a) => linkHost(a.getAttribute('href') ?? ''))
  return {
    text: readerText(laidOutText(fragment)).replace(READING_SPACE, ' ').trim(),
    hosts: hosts.filter((host): host is string => host !== null),
  }
}
