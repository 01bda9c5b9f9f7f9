import { playUrl, videoFromEmbed } from './video-embed'

/** The facade `link` becomes the platform's player; a facade naming no known video is followed as a link. */
export function replaceWithPlayer(link: HTMLAnchorElement) {
  const video = videoFromEmbed(link.getAttribute('data-video-embed'))
  if (!video) {
    window.location.assign(link.href)
    return
  }
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
