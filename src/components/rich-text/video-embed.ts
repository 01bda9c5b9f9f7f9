import { Node } from '@tiptap/react'
import { videoFromEmbed } from '@/lib/video-embed'

/**
 * A YouTube or Vimeo video as a block, written as Tiptap's YouTube extension writes it (a
 * `div[data-youtube-video]` around the player's iframe, at the privacy-enhanced address), and
 * `div[data-vimeo-video]` for Vimeo. Our own node because that extension's release pins an older
 * @tiptap/core than the editor's (decision 0029). The title is kept for the public facade.
 */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, title: { default: null } }
  },
  parseHTML() {
    return [
      { tag: 'div[data-youtube-video] iframe', getAttrs: (el) => (videoFromEmbed(el.getAttribute('src')) ? null : false) },
      { tag: 'div[data-vimeo-video] iframe', getAttrs: (el) => (videoFromEmbed(el.getAttribute('src')) ? null : false) },
    ]
  },
  renderHTML({ HTMLAttributes }) {
    const src = HTMLAttributes.src as string | null
    const wrapper = videoFromEmbed(src)?.provider === 'vimeo' ? 'data-vimeo-video' : 'data-youtube-video'
    return ['div', { [wrapper]: '' }, ['iframe', { src, title: HTMLAttributes.title, width: '640', height: '360', allowfullscreen: 'true' }]]
  },
})
