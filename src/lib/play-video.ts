import type { MouseEvent } from 'react'

/**
 * A click on a video facade (src/lib/sanitize-video.ts) puts the player in its place: only now
 * does the browser contact the platform, at its privacy-enhanced address. A modified click (new
 * tab) follows the link as it is. The player's code loads with the first such click, so a reader
 * who plays no video never downloads it (the public JavaScript budget, decision 0044).
 */
export function playVideo(event: MouseEvent<HTMLElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = (event.target as Element).closest?.('a[data-video-embed]')
  if (!(link instanceof HTMLAnchorElement)) return
  event.preventDefault()
  import('./video-player').then(
    ({ replaceWithPlayer }) => replaceWithPlayer(link),
    () => window.location.assign(link.href),
  )
}
