import { describe, expect, it } from 'vitest'
import { excerpt, htmlToText } from './format'

describe('htmlToText', () => {
  it('decodes each entity once, so escaped markup stays text', () => {
    expect(htmlToText('<p>&amp;lt;script&amp;gt; &lt;b&gt; &quot;x&quot; &#39;y&#39; &#x41;</p>')).toBe(
      '&lt;script&gt; <b> "x" \'y\' A',
    )
  })

  it('drops tags, scripts, styles and comments and collapses spaces', () => {
    expect(htmlToText('<h1>Judul</h1>\n<script>alert(1)</script><style>p{}</style><!-- x --><p>Isi&nbsp;berita</p>')).toBe(
      'Judul Isi berita',
    )
  })

  it('keeps unknown entities and empty input as they are', () => {
    expect(htmlToText('&bogus; &#0;')).toBe('&bogus; &#0;')
    expect(htmlToText(null)).toBe('')
  })
})

describe('excerpt', () => {
  it('cuts at the length with an ellipsis only when the text is longer', () => {
    expect(excerpt('<p>pendek</p>', 10)).toBe('pendek')
    expect(excerpt(`<p>${'a'.repeat(120)}</p>`)).toBe(`${'a'.repeat(100)}...`)
  })
})
