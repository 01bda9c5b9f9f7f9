import type { UponSanitizeElementHook } from 'dompurify'
import { embedUrl, videoFromEmbed, watchUrl } from './video-embed'
import { rendererMade } from './integrity/editor-markup'

const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const

/**
 * The sanitizer's video rule (DOMPurify `uponSanitizeElement`): a block the editor wrote for a
 * video (`<div data-youtube-video>` or `<div data-vimeo-video>` around one player iframe) whose
 * player is exactly a YouTube privacy-enhanced or Vimeo player address becomes a facade: a plain
 * link to the video with its title, which loads nothing from the platform. Any other iframe, an
 * iframe pasted as HTML included, is dropped with the other forbidden tags.
 */
export const videoFacades: UponSanitizeElementHook = (current) => {
  // the parsed document has no window, so its element class cannot be checked with instanceof
  if (current.nodeName !== 'DIV') return
  const node = current as Element
  if (!node.hasAttribute('data-youtube-video') && !node.hasAttribute('data-vimeo-video')) return
  const frames = node.querySelectorAll('iframe')
  const video = frames.length === 1 && node.children.length === 1 ? videoFromEmbed(frames[0].getAttribute('src')) : null
  const title = frames[0]?.getAttribute('title')?.trim() || 'Video'
  node.replaceChildren()
  if (!video) return
  const doc = node.ownerDocument!
  const span = (className: string, text?: string) => {
    const element = doc.createElement('span')
    rendererMade.add(element)
    element.className = className
    // the play mark stays empty: nothing to hide from a screen reader, and hiding attributes are
    // stripped from article HTML anyway (src/lib/integrity/hiding-rules.ts)
    if (text) element.textContent = text
    return element
  }
  const link = doc.createElement('a')
  rendererMade.add(link)
  link.className = 'video-facade'
  link.setAttribute('href', watchUrl(video))
  link.setAttribute('data-video-embed', embedUrl(video))
  link.append(span('video-facade-play'), span('video-facade-title', title), span('video-facade-note', `Putar video ${PROVIDER_NAMES[video.provider]}`))
  rendererMade.add(node)
  node.className = 'video-embed'
  node.append(link)
}
