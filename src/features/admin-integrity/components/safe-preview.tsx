import type { ReactNode } from 'react'
import { linkTarget, markPieces, type Piece } from '../lib/evidence'

export type Marks = { pattern: RegExp | null; newHosts: string[]; site: string }

const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'LI', 'TR', 'FIGURE', 'FIGCAPTION', 'PRE', 'SECTION', 'ARTICLE'])
const LISTS = new Set(['UL', 'OL', 'TABLE', 'TBODY', 'THEAD'])
const NOT_SHOWN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'])

/** Text with the suspicious words marked. */
export function MarkedText({ text, pattern }: { text: string; pattern: RegExp | null }) {
  return (
    <>
      {markPieces(text, pattern).map((piece: Piece, i) =>
        piece.marked ? <mark key={i} data-evidence="word" className="rounded-sm bg-red-200 px-0.5 font-semibold text-red-950">{piece.text}</mark> : piece.text)}
    </>
  )
}

/** A link's real target as plain text, never clickable; a stranger to the site is marked. */
export function LinkTarget({ href, marks }: { href: string; marks: Marks }) {
  const target = linkTarget(href, marks.site)
  const fresh = marks.newHosts.includes(target.host.replace(/^www\./, ''))
  return (
    <span data-evidence={fresh ? 'new-link' : target.outbound ? 'outbound-link' : 'own-link'}
      className={`mx-0.5 rounded-sm px-1 font-mono text-xs break-all ${fresh ? 'bg-red-200 text-red-950' : target.outbound ? 'bg-amber-100 text-amber-950' : 'bg-muted text-muted-foreground'}`}>
      {fresh ? 'domain baru ' : target.outbound ? 'tautan keluar ' : ''}→ {target.url}
    </span>
  )
}

function render(node: Node, marks: Marks, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return <MarkedText key={key} text={node.textContent ?? ''} pattern={marks.pattern} />
  if (!(node instanceof Element)) return null
  if (NOT_SHOWN.has(node.tagName)) return <span key={key} className="text-xs text-muted-foreground">[{node.tagName.toLowerCase()} tidak ditampilkan]</span>
  const children = Array.from(node.childNodes, (child, i) => render(child, marks, i))
  switch (node.tagName) {
    case 'A':
      return <span key={key} className="underline decoration-dotted">{children}<LinkTarget href={node.getAttribute('href') ?? ''} marks={marks} /></span>
    case 'IMG':
    case 'IFRAME':
    case 'VIDEO':
    case 'SOURCE':
      return (
        <span key={key} className="text-xs text-muted-foreground">
          [{node.tagName === 'IMG' ? 'gambar' : 'sematan'}{node.getAttribute('alt') ? `: ${node.getAttribute('alt')}` : ''}
          <LinkTarget href={node.getAttribute('src') ?? ''} marks={marks} />]
        </span>
      )
    case 'BR':
      return <br key={key} />
    default:
      if (LISTS.has(node.tagName)) return <div key={key} className="space-y-1 pl-4">{children}</div>
      if (BLOCKS.has(node.tagName)) return <p key={key} className={/^H\d$/.test(node.tagName) ? 'font-semibold' : undefined}>{children}</p>
      return <span key={key}>{children}</span>
  }
}

/**
 * Stored HTML shown as a reader would read it, but inert: parsed into a detached document (no
 * scripts run, nothing loads) and rebuilt as React text, so links and pictures become their real
 * targets written out.
 */
export function SafePreview({ html, marks }: { html: string; marks: Marks }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  return <div className="space-y-2">{Array.from(body.childNodes, (node, i) => render(node, marks, i))}</div>
}
