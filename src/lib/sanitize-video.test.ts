import { describe, expect, it } from 'vitest'
import { sanitizeArticleHtml } from './sanitize'
import { parseVideoAddress, VIDEO_ADDRESS_INVALID, VIDEO_ADDRESS_PARAMS } from './video-embed'

const origin = 'https://skadron.example.id'
const stored = (src: string, wrapper = 'data-youtube-video', title = 'Latihan Terbang Malam') =>
  `<p>Awal</p><div ${wrapper}=""><iframe src="${src}" title="${title}" allowfullscreen=""></iframe></div><p>Akhir</p>`

describe('the sanitizer video rule', () => {
  it('turns a stored YouTube player into a facade link that loads nothing from YouTube', () => {
    const html = sanitizeArticleHtml(stored('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'), origin)
    expect(html).toBe('<p>Awal</p><div class="video-embed"><a class="video-facade" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"'
      + ' data-video-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" target="_blank" rel="nofollow ugc noopener noreferrer">'
      + '<span class="video-facade-play"></span><span class="video-facade-title">Latihan Terbang Malam</span>'
      + '<span class="video-facade-note">Putar video YouTube</span></a></div><p>Akhir</p>')
    expect(html).not.toContain('<iframe')
  })

  it('does the same for Vimeo and escapes the title', () => {
    const html = sanitizeArticleHtml(stored('https://player.vimeo.com/video/76979871', 'data-vimeo-video', '&lt;b&gt;Film&lt;/b&gt;'), origin)
    expect(html).toContain('href="https://vimeo.com/76979871" data-video-embed="https://player.vimeo.com/video/76979871"')
    expect(html).toContain('<span class="video-facade-title">&lt;b&gt;Film&lt;/b&gt;</span>')
  })

  it('drops a player from another host, with extra parameters, or pasted without the editor block', () => {
    for (const html of [
      stored('https://evil.example/embed/dQw4w9WgXcQ'),
      stored('https://www.youtube.com/embed/dQw4w9WgXcQ'),
      stored('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&origin=https://evil.example'),
      stored('javascript:alert(1)'),
      '<p>Awal</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe><p>Akhir</p>',
      '<p>Awal</p><div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://evil.example"></iframe></div><p>Akhir</p>',
    ]) {
      const clean = sanitizeArticleHtml(html, origin)
      expect(clean).not.toMatch(/iframe|evil|data-video-embed|javascript/)
      expect(clean).toMatch(/^<p>Awal<\/p>(<div><\/div>)?<p>Akhir<\/p>$/)
    }
  })

  it('never lets a data-video-embed through that the rule did not write', () => {
    expect(sanitizeArticleHtml('<a href="https://example.org" data-video-embed="javascript:alert(1)">x</a>', origin)).not.toContain('javascript')
  })
})

describe('video addresses', () => {
  it('takes the usual YouTube and Vimeo addresses', () => {
    for (const address of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://m.youtube.com/shorts/dQw4w9WgXcQ', ' https://www.youtube.com/embed/dQw4w9WgXcQ ']) {
      expect(parseVideoAddress(address)).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' })
    }
    expect(parseVideoAddress('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' })
  })

  it('refuses other hosts and extra parameters in Indonesian', () => {
    expect(parseVideoAddress('https://www.dailymotion.com/video/x7tgad0')).toEqual({ error: VIDEO_ADDRESS_INVALID })
    expect(parseVideoAddress('https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toEqual({ error: VIDEO_ADDRESS_INVALID })
    expect(parseVideoAddress('bukan alamat')).toEqual({ error: VIDEO_ADDRESS_INVALID })
    expect(parseVideoAddress('https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1')).toEqual({ error: VIDEO_ADDRESS_PARAMS })
    expect(parseVideoAddress('https://youtu.be/dQw4w9WgXcQ?t=30')).toEqual({ error: VIDEO_ADDRESS_PARAMS })
  })
})
