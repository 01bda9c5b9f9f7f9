// Videos in articles (issue 36 item 2, decision 0029): only YouTube and Vimeo, by address. The
// editor stores the privacy-enhanced player address (as Tiptap's YouTube extension writes it,
// with `nocookie`); the sanitizer lets through only those addresses; public pages show a
// click-to-play facade that loads nothing from the platform before the reader asks.
// Relative imports only: the server's sanitizer reads it.

export type Video = { provider: 'youtube' | 'vimeo'; id: string }

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^[0-9]{1,12}$/
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com'])

export const VIDEO_ADDRESS_INVALID = 'Alamat video tidak dikenali. Tempel alamat video YouTube atau Vimeo, misalnya https://www.youtube.com/watch?v=...'
export const VIDEO_ADDRESS_PARAMS = 'Alamat video tidak boleh berisi parameter tambahan. Hapus bagian setelah kode videonya.'

/** The video an address a person pasted names, or the reason it is refused (in Indonesian). */
export function parseVideoAddress(address: string): Video | { error: string } {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return { error: VIDEO_ADDRESS_INVALID }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: VIDEO_ADDRESS_INVALID }
  const host = url.hostname.toLowerCase()
  const parts = url.pathname.split('/').filter(Boolean)
  const params = [...url.searchParams.keys()]
  let video: Video | undefined
  let allowed: string[] = []
  if (YOUTUBE_HOSTS.has(host) && parts.length === 1 && parts[0] === 'watch') {
    video = { provider: 'youtube', id: url.searchParams.get('v') ?? '' }
    allowed = ['v']
  } else if (YOUTUBE_HOSTS.has(host) && parts.length === 2 && (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live')) {
    video = { provider: 'youtube', id: parts[1] }
  } else if (host === 'youtu.be' && parts.length === 1) {
    video = { provider: 'youtube', id: parts[0] }
  } else if ((host === 'www.youtube-nocookie.com' || host === 'youtube-nocookie.com') && parts.length === 2 && parts[0] === 'embed') {
    video = { provider: 'youtube', id: parts[1] }
  } else if ((host === 'vimeo.com' || host === 'www.vimeo.com') && parts.length === 1) {
    video = { provider: 'vimeo', id: parts[0] }
  } else if (host === 'player.vimeo.com' && parts.length === 2 && parts[0] === 'video') {
    video = { provider: 'vimeo', id: parts[1] }
  }
  if (!video || !(video.provider === 'youtube' ? YOUTUBE_ID : VIMEO_ID).test(video.id)) return { error: VIDEO_ADDRESS_INVALID }
  if (url.hash || params.some((name) => !allowed.includes(name)) || params.length > allowed.length) return { error: VIDEO_ADDRESS_PARAMS }
  return video
}

/** The player address stored in the article: YouTube's privacy-enhanced mode, Vimeo's player. */
export function embedUrl({ provider, id }: Video): string {
  return provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${id}` : `https://player.vimeo.com/video/${id}`
}

/** Where the video is watched on the platform: the link a page without JavaScript offers. */
export function watchUrl({ provider, id }: Video): string {
  return provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`
}

/** The player started by a click: autoplay (the click was the reader's), Vimeo told not to track. */
export function playUrl(video: Video): string {
  return `${embedUrl(video)}?autoplay=1${video.provider === 'vimeo' ? '&dnt=1' : ''}`
}

/** A stored player address, only in exactly the form the editor writes; anything else is no video. */
export function videoFromEmbed(src: string | null | undefined): Video | null {
  const youtube = /^https:\/\/www\.youtube-nocookie\.com\/embed\/([A-Za-z0-9_-]{11})$/.exec(src ?? '')
  if (youtube) return { provider: 'youtube', id: youtube[1] }
  const vimeo = /^https:\/\/player\.vimeo\.com\/video\/([0-9]{1,12})$/.exec(src ?? '')
  return vimeo ? { provider: 'vimeo', id: vimeo[1] } : null
}

/** The frame hosts the pages' Content-Security-Policy allows, once a reader presses play. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com']
