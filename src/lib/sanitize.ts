import createDOMPurify from 'dompurify'

// A private instance so the hook below never leaks into other DOMPurify users.
const purify = createDOMPurify(window)

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return
  let url: URL
  try {
    url = new URL(node.getAttribute('href') ?? '', window.location.href)
  } catch {
    node.removeAttribute('href')
    return
  }
  if (url.origin !== window.location.origin) {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
  } else {
    node.removeAttribute('target')
  }
})

/** Article HTML made safe to render: no script, no event handlers, no javascript: URLs. */
export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return ''
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'srcset'],
    ALLOW_DATA_ATTR: false,
  })
}
