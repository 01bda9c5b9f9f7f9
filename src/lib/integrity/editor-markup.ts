// What the article editor writes (src/components/rich-text/extensions.ts), element by element with
// the attributes each may keep: the only markup stored HTML keeps when it is rendered (issue 42).
// Classes and styles never come from stored content, so no class can hide or recolour text.

const EDITOR_ATTRIBUTES: Record<string, readonly string[]> = {
  P: [],
  H2: [],
  H3: [],
  STRONG: [],
  EM: [],
  BR: [],
  BLOCKQUOTE: [],
  UL: [],
  OL: ['start', 'type'],
  LI: [],
  A: ['href'],
  IMG: ['src', 'alt', 'title', 'width', 'height'],
  TABLE: [],
  TBODY: [],
  TR: [],
  TH: ['colspan', 'rowspan'],
  TD: ['colspan', 'rowspan'],
}

/**
 * Elements the renderer itself builds (the video facade, src/lib/sanitize-video.ts): the only
 * ones that keep a class, and the only `div`/`span`/`data-video-embed` in rendered HTML.
 */
export const rendererMade = new WeakSet<Node>()

const RENDERER_ATTRIBUTES: Record<string, readonly string[]> = {
  DIV: ['class'],
  SPAN: ['class'],
  A: ['class', 'href', 'data-video-embed'],
}

/** DOMPurify's tag and attribute lists: the union; `keepOnlyEditorAttributes` narrows per element. */
export const ALLOWED_TAGS = [...Object.keys(EDITOR_ATTRIBUTES), ...Object.keys(RENDERER_ATTRIBUTES)].map((tag) => tag.toLowerCase())
export const ALLOWED_ATTR = [...new Set([...Object.values(EDITOR_ATTRIBUTES), ...Object.values(RENDERER_ATTRIBUTES)].flat())]

/**
 * DOMPurify `uponSanitizeElement`: a `div` or `span` of stored content is unwrapped, its content
 * kept in place. The content goes after the element before it leaves, so the sanitizer's walk
 * (which then stands on the previous node) still visits it.
 */
export function unwrapStoredContainers(node: Node): void {
  if ((node.nodeName !== 'DIV' && node.nodeName !== 'SPAN') || rendererMade.has(node)) return
  const parent = node.parentNode
  if (!parent) return
  const after = node.nextSibling
  for (const child of Array.from(node.childNodes)) parent.insertBefore(child, after)
  parent.removeChild(node)
}

/** DOMPurify `afterSanitizeAttributes`: each element keeps only the attributes its maker writes. */
export function keepOnlyEditorAttributes(node: Element): void {
  const allowed = (rendererMade.has(node) ? RENDERER_ATTRIBUTES : EDITOR_ATTRIBUTES)[node.tagName] ?? []
  for (const name of node.getAttributeNames()) {
    if (!allowed.includes(name)) node.removeAttribute(name)
  }
}
