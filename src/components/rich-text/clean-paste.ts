// Word processors and web pages paste far more than an article needs: Office conditional
// comments, <style> and <meta> blocks, namespaced tags (<o:p>), class and style attributes, and
// pictures hosted elsewhere. The editor's schema drops unknown tags on its own; this removes what
// it would otherwise keep as text (Word's list bullets inside conditional comments) or as images.

const DROP_WHOLE = 'script, style, meta, link, title, xml, template, noscript, iframe, object, embed, form, svg, math'

/**
 * Pasted HTML reduced to content: comments, scripts and styling go, and images stay only when
 * `keepImage(src)` says they are the article's own uploads.
 */
export function cleanPastedHtml(html: string, keepImage: (src: string) => boolean): string {
  const withoutOffice = html
    // Word's list bullets ("·", "1.") sit in supportLists blocks, revealed or hidden.
    .replace(/<!(?:--)?\[if !supportLists\](?:--)?>[\s\S]*?<!(?:--)?\[endif\](?:--)?>/gi, '')
    // Blocks only Office reads (<xml>, VML shapes), then any leftover conditional markers.
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!\[(?:end)?if[^\]]*\]>/gi, '')
  const doc = new DOMParser().parseFromString(withoutOffice, 'text/html')
  doc.querySelectorAll(DROP_WHOLE).forEach((el) => el.remove())
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  while (walker.nextNode()) comments.push(walker.currentNode)
  comments.forEach((c) => c.parentNode?.removeChild(c))
  doc.body.querySelectorAll('*').forEach((el) => {
    // Namespaced Office tags such as <o:p> carry nothing worth keeping but their text.
    if (el.tagName.includes(':')) {
      el.replaceWith(...Array.from(el.childNodes))
      return
    }
    if (el.tagName === 'IMG' && !keepImage(el.getAttribute('src') ?? '')) {
      el.remove()
      return
    }
    for (const attr of Array.from(el.attributes)) {
      if (!['href', 'src', 'alt', 'title', 'colspan', 'rowspan'].includes(attr.name)) el.removeAttribute(attr.name)
    }
  })
  return doc.body.innerHTML
}
