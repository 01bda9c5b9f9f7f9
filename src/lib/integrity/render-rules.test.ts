import { describe, expect, it } from 'vitest'
import { sanitizeArticleHtml } from '../sanitize'
import { hostAllowed, outboundRel } from './link-rel'

const ORIGIN = 'https://skadron31.mil.id'
const clean = (html: string) => sanitizeArticleHtml(html, ORIGIN)

describe('rendered article HTML hides nothing (rows stored before the database refused it)', () => {
  it.each([
    ['hidden', '<p hidden>rahasia <a href="https://slot.example/">slot</a></p>'],
    ['aria-hidden', '<p aria-hidden="true">rahasia</p>'],
    ['hiding classes', '<p class="sr-only lead md:hidden">rahasia</p>'],
  ])('drops the %s attribute and keeps the text visible', (_name, html) => {
    const out = clean(html)
    expect(out).toContain('rahasia')
    expect(out).not.toMatch(/hidden|sr-only/)
    expect(out).not.toMatch(/class="[^"]*(sr-only|hidden)/)
  })

  it('drops a frame or picture whose address runs script (the database refuses them on save now)', () => {
    const out = clean('<p>a</p><iframe src="javascript:window.top.__pwned=1"></iframe><img src="javascript:alert(1)" alt="x">')
    expect(out).not.toMatch(/javascript:|<iframe/i)
    expect(out).toContain('<p>a</p>')
  })

  it('keeps no class from stored content, not even an ordinary one (issue 42)', () => {
    expect(clean('<p class="lead sr-only">x</p>')).toBe('<p>x</p>')
  })

  it('unwraps <font>, <details> and <marquee>, keeping their text', () => {
    expect(clean('<p><font color="white">teks putih</font></p>')).toBe('<p>teks putih</p>')
    expect(clean('<details><summary>A</summary><p>B</p></details>')).toBe('A<p>B</p>')
  })

  it('drops inline styles, whatever they hide', () => {
    expect(clean('<p style="display:none">x</p>')).toBe('<p>x</p>')
  })

  it('turns a link no reader can see into no link', () => {
    expect(clean('<p>a<a href="https://slot.example/"> </a>b</p>')).not.toContain('href')
    expect(clean('<p><a href="https://tniad.mil.id/"><img src="/x.png" alt="TNI AD"></a></p>')).toContain('href="https://tniad.mil.id/"')
  })
})

describe('pictures drawn inside the HTML (issue 42)', () => {
  it.each([
    ['an SVG', '<p><img src="data:image/svg+xml;base64,PHN2Zz48dGV4dD5TTE9UIEdBQ09SPC90ZXh0Pjwvc3ZnPg==" alt="x"></p>'],
    ['upper case and white space', '<p><img src=" DATA:image/png;base64,iVBORw0KGgo=" alt="x"></p>'],
    ['a tab inside the scheme', '<p><img src="da\tta:image/png;base64,iVBORw0KGgo=" alt="x"></p>'],
  ])('drops %s', (_name, html) => {
    expect(clean(html)).not.toMatch(/src=/)
  })

  it('keeps pictures from the site and its storage', () => {
    expect(clean('<p><img src="/storage/v1/object/public/article_images/a.jpg" alt="x"></p>')).toContain('src="/storage/v1/object/public/article_images/a.jpg"')
  })
})

describe('outbound links', () => {
  it('get nofollow ugc unless the host is on the allowlist', () => {
    expect(clean('<a href="https://slot.example/">x</a>')).toContain('rel="nofollow ugc noopener noreferrer"')
    expect(clean('<a href="https://www.kemhan.go.id/">x</a>')).toContain('rel="noopener noreferrer"')
    expect(clean('<a href="https://tniad.mil.id/">x</a>')).toContain('rel="noopener noreferrer"')
    expect(clean('<a href="/berita">x</a>')).not.toContain('rel=')
  })

  it('matches hosts, not look-alikes', () => {
    expect(hostAllowed('go.id')).toBe(true)
    expect(hostAllowed('kemhan.go.id')).toBe(true)
    expect(hostAllowed('WWW.Kemhan.Go.Id')).toBe(true)
    expect(hostAllowed('slotgo.id')).toBe(false)
    expect(hostAllowed('go.id.slot.example')).toBe(false)
    expect(outboundRel(new URL('https://evilmil.id/'), ORIGIN)).toBe('nofollow ugc noopener noreferrer')
  })
})
