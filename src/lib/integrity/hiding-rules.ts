// What hides content from readers but not from search engines, removed from the HTML a page
// renders. The database refuses such markup on save (migration 20261127120000); this catches
// what it cannot see, such as rows restored from an old backup, and keeps the two in step.

/** Tags whose content a reader does not see, or that only style text: unwrapped, content kept. */
export const HIDING_TAGS = ['font', 'details', 'marquee', 'dialog', 'template', 'noscript']

const HIDING_CLASS =
  /(^|:)(sr-only|hidden|invisible|collapse|d-none|hide|visually-?hidden|screen-reader-text|opacity-0|text-transparent|text-white|scale-0|absolute|fixed|overflow-hidden|(h|w|size|max-h|max-w)-0|-(left|top|right|bottom|inset|indent|translate)-.*|text-\[0.*)$/i

const INVISIBLE_TEXT = /^[\s\u00a0\u200b-\u200d\ufeff]*$/

/** Strips the hiding attributes and classes of one sanitized element. */
export function removeHiding(node: Element): void {
  node.removeAttribute('hidden')
  node.removeAttribute('aria-hidden')
  const classes = node.getAttribute('class')
  if (classes !== null) {
    const kept = classes.split(/\s+/).filter((token) => token && !HIDING_CLASS.test(token))
    if (kept.length > 0) node.setAttribute('class', kept.join(' '))
    else node.removeAttribute('class')
  }
}

/** A link a reader cannot see or click (no text, no picture): it exists only for crawlers. */
export function isInvisibleLink(node: Element): boolean {
  return node.tagName === 'A' && INVISIBLE_TEXT.test(node.textContent ?? '') && !node.querySelector('img')
}

/**
 * Drops a picture drawn inside the stored HTML itself (`data:`, e.g. an SVG reading "SLOT GACOR
 * MAXWIN", issue 42): no file, so no scan of the site's storage sees it. The address is read as a
 * browser reads it (case, white space, tabs inside the scheme).
 */
export function removeInlineImage(node: Element, origin: string): void {
  for (const name of ['src', 'poster']) {
    const value = node.getAttribute(name)
    if (value === null) continue
    let protocol: string
    try {
      protocol = new URL(value, origin).protocol
    } catch {
      protocol = 'unparsable:'
    }
    if (protocol === 'data:' || protocol === 'unparsable:') node.removeAttribute(name)
  }
}
