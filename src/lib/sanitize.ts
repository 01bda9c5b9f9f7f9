import DOMPurify from 'isomorphic-dompurify'

// The same rules in the browser and on the server (isomorphic-dompurify gives DOMPurify a jsdom
// window there), so the HTML the server sends is exactly what the page would render.
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed']

let pageOrigin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin

/** The server renders for its public origin; links there stay in the same tab. */
export function setSanitizeOrigin(origin: string) {
  pageOrigin = origin
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return
  let url: URL
  try {
    url = new URL(node.getAttribute('href') ?? '', pageOrigin)
  } catch {
    node.removeAttribute('href')
    return
  }
  if (url.origin !== pageOrigin) {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
  } else {
    node.removeAttribute('target')
  }
})

const ARTICLE_RULES = {
  USE_PROFILES: { html: true },
  FORBID_TAGS,
  FORBID_ATTR: ['style', 'srcset'],
  ALLOW_DATA_ATTR: false,
}

/** Article HTML made safe to render: no script, no event handlers, no javascript: URLs. */
export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return ''
  return DOMPurify.sanitize(html, ARTICLE_RULES)
}

/** The same, as nodes to take apart (a list's items), in the browser and on the server. */
export function sanitizeArticleFragment(html: string | null | undefined): DocumentFragment {
  return DOMPurify.sanitize(html ?? '', { ...ARTICLE_RULES, RETURN_DOM_FRAGMENT: true })
}
