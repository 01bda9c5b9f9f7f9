// @vitest-environment jsdom
import { Editor } from '@tiptap/core'
import { describe, expect, it } from 'vitest'
import { sanitizeArticleHtml } from '@/lib/sanitize'
import { articleExtensions } from './extensions'

const reSaved = (html: string) => {
  const editor = new Editor({ extensions: articleExtensions, content: html })
  const out = editor.getHTML()
  editor.destroy()
  return out
}

const YOUTUBE = '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Latihan" width="640" height="360" allowfullscreen="true"></iframe></div>'

describe('videos in the article editor', () => {
  it('keeps a stored YouTube or Vimeo video as it was written, and the page shows its facade', () => {
    expect(reSaved(`<p>a</p>${YOUTUBE}`)).toBe(`<p>a</p>${YOUTUBE}`)
    const vimeo = YOUTUBE.replace('data-youtube-video', 'data-vimeo-video').replace('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://player.vimeo.com/video/76979871')
    expect(reSaved(vimeo)).toBe(vimeo)
    expect(sanitizeArticleHtml(reSaved(YOUTUBE), 'https://skadron.example.id')).toContain('class="video-facade" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"')
  })

  it('drops a pasted iframe from another host or any other address form', () => {
    expect(reSaved('<p>a</p><div data-youtube-video=""><iframe src="https://evil.example/embed/x"></iframe></div>')).toBe('<p>a</p>')
    expect(reSaved('<p>a</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>')).toBe('<p>a</p>')
  })
})
