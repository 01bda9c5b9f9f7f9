import DOMPurify from 'isomorphic-dompurify'
import { videoFacades } from './sanitize-video'
import { HIDING_TAGS, isInvisibleLink, removeInlineImage } from './integrity/hiding-rules'
import { ALLOWED_ATTR, ALLOWED_TAGS, keepOnlyEditorAttributes, unwrapStoredContainers } from './integrity/editor-markup'
import { outboundRel } from './integrity/link-rel'

// The same rules in the browser and on the server (isomorphic-dompurify gives DOMPurify a jsdom
// window there), so the HTML the server sends is exactly what the page would render.
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', ...HIDING_TAGS]

const browserOrigin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin)

/**
 * Nothing stays hidden (issue 32): only the editor's own elements and attributes stay (issue 42). Links to the page's own origin stay in the same tab; others
 * open a new one without a referrer, and pass no ranking value unless allowlisted.
 */
const linkTargets = (origin: string) => (node: Element) => {
  keepOnlyEditorAttributes(node)
  removeInlineImage(node, origin)
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return
  if (isInvisibleLink(node)) {
    node.removeAttribute('href')
    return
  }
  let url: URL
  try {
    url = new URL(node.getAttribute('href') ?? '', origin)
  } catch {
    node.removeAttribute('href')
    return
  }
  if (url.origin !== origin) {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', outboundRel(url, origin))
  } else {
    node.removeAttribute('target')
  }
}

/**
 * Article HTML made safe to render: no script, no event handlers, no javascript: URLs. `origin`
 * is the page's own (the render's context); the hook that needs it lives only for this one
 * synchronous call, so concurrent renders for other hosts never share it.
 */
export function sanitizeArticleHtml(html: string | null | undefined, origin = browserOrigin()): string {
  if (!html) return ''
  return withLinkTargets(origin, () => DOMPurify.sanitize(html, ARTICLE_RULES))
}

/** The same, as nodes to take apart (a list's items), in the browser and on the server. */
export function sanitizeArticleFragment(html: string | null | undefined, origin = browserOrigin()): DocumentFragment {
  return withLinkTargets(origin, () => DOMPurify.sanitize(html ?? '', { ...ARTICLE_RULES, RETURN_DOM_FRAGMENT: true }))
}

const ARTICLE_RULES = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_TAGS,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
}

function withLinkTargets<T>(origin: string, sanitize: () => T): T {
  const hook = linkTargets(origin)
  DOMPurify.addHook('afterSanitizeAttributes', hook)
  DOMPurify.addHook('uponSanitizeElement', videoFacades)
  DOMPurify.addHook('uponSanitizeElement', unwrapStoredContainers)
  try {
    return sanitize()
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', hook)
    DOMPurify.removeHook('uponSanitizeElement', unwrapStoredContainers)
    DOMPurify.removeHook('uponSanitizeElement', videoFacades)
  }
}
