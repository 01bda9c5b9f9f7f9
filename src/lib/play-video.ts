import type { MouseEvent } from 'react'
import { playUrl, videoFromEmbed } from './video-embed'

/**
 * A click on a video facade (src/lib/sanitize-video.ts) puts the player in its place: only now
 * does the browser contact the platform, at its privacy-enhanced address. A modified click (new
 * tab) follows the link as it is.
 */
export function playVideo(event: MouseEvent<HTMLElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = (event.target as Element).closest?.('a[data-video-embed]')
  const video = link && videoFromEmbed(link.getAttribute('data-video-embed'))
  if (!link || !video) return
  event.preventDefault()
  const frame = document.createElement('iframe')
  frame.src = playUrl(video)
  frame.title = link.querySelector('.video-facade-title')?.textContent ?? 'Video'
  frame.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media'
  frame.allowFullscreen = true
  frame.referrerPolicy = 'strict-origin-when-cross-origin'
  frame.className = 'video-player'
  link.replaceWith(frame)
  frame.focus()
}
