/**
 * Issue 22: everything a render needs about its request (origin, site address, storage origin,
 * API) travels in its own RenderContext. Two hosts rendered at the same time, their reads
 * interleaved, each get only their own origin in the HTML, the head and the state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, type RenderOptions } from './entry-server'
import { cn } from './lib/utils'

const ARTICLE = { a: '00000000-0000-4000-8000-00000000000a', b: '00000000-0000-4000-8000-00000000000b' }
const GALLERY = { a: '00000000-0000-4000-8000-0000000000aa', b: '00000000-0000-4000-8000-0000000000bb' }
type Host = keyof typeof ARTICLE

/**
 * A REST API for one host: its article links to its own site, its gallery has one photo. No answer
 * goes out until every render has asked for something, so the renders are in flight together.
 */
function apiFor(host: Host, barrier: Barrier): typeof fetch {
  return async (input) => {
    await barrier.arrive(host)
    const url = new URL(String(input))
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
    if (url.pathname.endsWith('/rpc/article_byline')) return json([])
    if (url.pathname.endsWith('/articles') && url.searchParams.get('id') === `eq.${ARTICLE[host]}`) {
      return json([{
        id: ARTICLE[host],
        title: `Latihan ${host.toUpperCase()}`,
        category: null,
        content: `<p>Lihat <a href="https://${host}.example/profil">profil satuan</a>.</p>`,
        cover_image_url: null,
        image_gallery_urls: null,
        image_captions: null,
        published_at: '2026-01-05T08:00:00Z',
        updated_at: '2026-01-05T08:00:00Z',
      }])
    }
    if (url.pathname.endsWith('/articles')) return json([])
    if (url.pathname.endsWith('/galleries')) {
      return json([{ id: GALLERY[host], name: `Galeri ${host.toUpperCase()}`, description: null, photos: [{ id: `p-${host}`, path: `${host}/foto.webp`, caption: null, alt: null }] }])
    }
    return new Response('{}', { status: 404 })
  }
}

type Barrier = { arrive(host: Host): Promise<void> }

function barrier(): Barrier {
  const arrived = new Set<Host>()
  let open: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return {
    arrive(host) {
      arrived.add(host)
      if (arrived.size === 2) open()
      return opened
    },
  }
}

const optionsFor = (host: Host, gate: Barrier): RenderOptions => ({
  api: { url: `https://api.${host}.example`, anonKey: `anon-${host}`, fetch: apiFor(host, gate) },
  env: { SUPABASE_URL: `https://api.${host}.example`, SUPABASE_ANON_KEY: `anon-${host}` },
  origin: `https://${host}.example`,
  siteUrl: `https://${host}.example`,
})

async function renderBoth(path: (host: Host) => string) {
  const gate = barrier()
  const [a, b] = await Promise.all((['a', 'b'] as const).map((host) =>
    render(new Request(`http://127.0.0.1${path(host)}`), optionsFor(host, gate))))
  return { a, b }
}

const other = (host: Host): Host => (host === 'a' ? 'b' : 'a')

describe('two hosts rendered at once', () => {
  it("article pages: each links to its own site in the same tab, shares and names its own address, and carries its own API", async () => {
    const pages = await renderBoth((host) => `/berita/${ARTICLE[host]}`)
    for (const host of ['a', 'b'] as const) {
      const { html, head, state, status } = pages[host]
      expect(status).toBe(200)
      const everything = `${html}${JSON.stringify(head)}${state}`
      expect(everything).not.toContain(`${other(host)}.example`)
      // the sanitizer saw this render's origin: its own site's link is not sent to a new tab
      expect(html).toContain(`<a href="https://${host}.example/profil">profil satuan</a>`)
      expect(html).toContain(encodeURIComponent(`https://${host}.example/berita/${ARTICLE[host]}`))
      expect(head.url).toBe(`https://${host}.example/berita/${ARTICLE[host]}`)
      expect(head.image).toBe(`https://${host}.example/images/articles/default-og.jpg`)
      expect(JSON.parse(state).env.SUPABASE_URL).toBe(`https://api.${host}.example`)
    }
  })

  it("gallery pages: photos and the share image come from each host's own storage origin", async () => {
    const pages = await renderBoth((host) => `/galeri/${GALLERY[host]}`)
    for (const host of ['a', 'b'] as const) {
      const { html, head, state } = pages[host]
      expect(`${html}${JSON.stringify(head)}${state}`).not.toContain(`${other(host)}.example`)
      expect(html).toContain(`src="https://api.${host}.example/storage/v1/render/image/public/gallery_photos/${host}/foto.webp?`)
      expect(head.image).toBe(`https://api.${host}.example/storage/v1/render/image/public/gallery_photos/${host}/foto.webp?width=1200&height=630&resize=cover`)
    }
  })
})

describe('an admin address rendered on the server', () => {
  it('leaves the class merging of later public renders as it was (the admin area sets its merger in the browser only)', async () => {
    const gate = barrier()
    void gate.arrive('b')
    const { status } = await render(new Request('http://127.0.0.1/admin/dashboard'), optionsFor('a', gate))
    expect(status).toBe(200)
    expect(cn('p-2', 'p-4')).toBe('p-2 p-4')
  })
})

describe('a gallery page, head and photos from one image-URL function', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('built with VITE_IMAGE_TRANSFORMS=off, shares the original file on the hosted storage origin, as the page shows it', async () => {
    vi.stubEnv('VITE_IMAGE_TRANSFORMS', 'off')
    const { render: renderOff } = await import('./entry-server')
    const gate = barrier()
    void gate.arrive('b')
    const { html, head } = await renderOff(new Request(`http://127.0.0.1/galeri/${GALLERY.a}`), optionsFor('a', gate))
    const original = 'https://api.a.example/storage/v1/object/public/gallery_photos/a/foto.webp'
    expect(head.image).toBe(original)
    expect(html).toContain(`src="${original}"`)
    expect(html).not.toContain('/render/image/')
  })
})
