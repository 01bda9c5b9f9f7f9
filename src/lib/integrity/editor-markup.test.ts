// @vitest-environment jsdom
import { Editor } from '@tiptap/core'
import { describe, expect, it } from 'vitest'
import { articleExtensions } from '@/components/rich-text/extensions'
import { sanitizeArticleHtml } from '../sanitize'

const ORIGIN = 'https://skadron31.mil.id'
const clean = (html: string) => sanitizeArticleHtml(html, ORIGIN)

describe('stored HTML keeps only what the editor writes (issue 42)', () => {
  it.each([
    ['a faint class', '<p>Berita <span class="opacity-[0.07]">slot gacor</span> hari ini</p>', /class|span/],
    ['a one-pixel truncated box', '<p><span class="w-px truncate inline-block">togel4d</span></p>', /class|span/],
    ['text in the background colour', '<p class="text-primary-foreground">slot gacor</p>', /class/],
    ['an arbitrary class on a heading', '<h2 class="text-[1px] leading-none">judi</h2>', /class/],
    ['an inline style', '<p style="color:transparent">slot</p>', /style/],
    ['an id and a data attribute', '<p id="x" data-x="1" lang="en" dir="rtl">slot</p>', /id=|data-x|lang|dir=/],
    ['audio', '<p>a</p><audio src="/a.mp3" controls>slot</audio>', /audio|a\.mp3/],
    ['video', '<video src="/v.mp4" poster="/p.jpg">slot</video><p>a</p>', /video|v\.mp4|p\.jpg/],
    ['canvas', '<canvas width="1" height="1">slot</canvas><p>a</p>', /canvas/],
    ['datalist', '<p><input list="d"><datalist id="d"><option value="slot gacor"></option></datalist></p>', /datalist|option|input/],
    ['ruby fallback', '<p><ruby>Skadron<rp>(</rp><rt>31</rt><rp>)</rp></ruby></p>', /<rp|<rt|<ruby/],
    ['the popover attribute', '<div popover><p>slot gacor</p></div>', /popover|div/],
    ['meter', '<p><meter value="0.3">slot</meter></p>', /meter/],
    ['a data: picture', '<p><img src="data:image/svg+xml;utf8,<svg></svg>" alt="x"></p>', /src=/],
    ['a heading level the editor does not offer', '<h1>Judul</h1><h5>kecil</h5>', /<h1|<h5/],
  ])('drops %s', (_name, html, leftover) => {
    expect(clean(html)).not.toMatch(leftover)
  })

  it('keeps the text of elements it unwraps, in place', () => {
    expect(clean('<p>Berita <span class="opacity-[0.07]">slot</span> <b>hari</b> ini</p>')).toBe('<p>Berita slot hari ini</p>')
    expect(clean('<div class="hidden"><p>satu</p><div><p>dua</p></div></div><p>tiga</p>')).toBe('<p>satu</p><p>dua</p><p>tiga</p>')
  })

  it('renders everything the editor writes unchanged', () => {
    const editor = new Editor({
      extensions: articleExtensions,
      content:
        '<h2>Latihan</h2><h3>Hari pertama</h3><p>Teks <strong>tebal</strong>, <em>miring</em>, <a href="/berita">tautan</a><br>baris baru.</p>' +
        '<blockquote><p>Kutipan</p></blockquote><ul><li><p>satu</p></li></ul><ol start="3"><li><p>tiga</p></li></ol>' +
        '<img src="/storage/v1/object/public/article_images/a.jpg" alt="Foto" title="Judul">' +
        '<table><tbody><tr><th colspan="2" rowspan="1"><p>Kepala</p></th></tr><tr><td colspan="1" rowspan="1"><p>a</p></td><td colspan="1" rowspan="1"><p>b</p></td></tr></tbody></table>',
    })
    const stored = editor.getHTML()
    editor.destroy()
    expect(clean(stored)).toBe(stored)
  })

  it('keeps the video facade it builds, with its classes, and no class from the stored wrapper', () => {
    const out = clean('<div data-youtube-video class="opacity-0"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Terbang"></iframe></div>')
    expect(out).toContain('<div class="video-embed">')
    expect(out).toContain('class="video-facade"')
    expect(out).toContain('data-video-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(out).toContain('<span class="video-facade-title">Terbang</span>')
    expect(out).not.toContain('opacity-0')
  })

  it('keeps no facade attribute on a link stored with it', () => {
    const out = clean('<p><a class="video-facade" data-video-embed="https://evil.example/" href="/x">x</a></p>')
    expect(out).toBe('<p><a href="/x">x</a></p>')
  })
})
