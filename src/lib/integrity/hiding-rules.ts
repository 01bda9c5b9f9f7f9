// What hides content from readers but not from search engines, removed from the HTML a page
// renders. The database refuses such markup on save (migration 20261127120000); this catches
// what it cannot see, such as rows restored from an old backup, and keeps the two in step.

/** Tags whose content a reader does not see, or that only style text: unwrapped, content kept. */
export const HIDING_TAGS = ['font', 'details', 'marquee', 'dialog', 'template', 'noscript']

const INVISIBLE_TEXT = /^[\s\u00a0\u200b-\u200d\ufeff]*$/

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
